import type { CurrentShelf, DetailResponse, EquipmentView, ShelfView } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const storageOpen = () => api<DetailResponse<boolean>>('GET', '/api/is_shelf/');
export const shelves = () => api<DetailResponse<ShelfView[]>>('GET', '/api/shelves/');
export const currentShelf = () => api<DetailResponse<CurrentShelf | null>>('GET', '/api/current_shelf/');
export const rentShelf = (id: number) => api<DetailResponse>('GET', `/api/reserve_shelf/?id=${id}`);
export const openShelf = (id: number) => api<DetailResponse>('GET', `/api/open_shelf/?shelf_id=${id}`);
export const closeShelf = (id: number) => api<DetailResponse>('GET', `/api/close_shelf/?shelf_id=${id}`);
export const endRental = (reservationId: number) =>
  api<DetailResponse>('GET', `/api/cancel_reservation/?reservation_id=${reservationId}`);
export const equipment = () => api<DetailResponse<EquipmentView[]>>('GET', '/api/give_inventory/');
export const hasGameToday = () => api<DetailResponse<boolean>>('GET', '/api/currentday/');
