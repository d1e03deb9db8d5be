import type { DetailResponse, MyOrder } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const myOrders = () => api<DetailResponse<MyOrder[]>>('GET', '/api/my-orders/');
export const isSportSchool = () => api<DetailResponse<boolean>>('GET', '/api/sport_school/');
export const clubContacts = () => api<DetailResponse>('GET', '/api/give_contacts/');
