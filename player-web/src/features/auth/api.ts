import type { DetailResponse, LoginBody } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const checkEmail = (email: string) => api<DetailResponse>('POST', '/api/check-phone/', { email });
export const login = (body: LoginBody) => api<DetailResponse>('POST', '/api/login/', body);
export const logout = () => api<DetailResponse>('GET', '/api/logout/');
export const isAdmin = () => api<DetailResponse<boolean>>('GET', '/api/is_admin/');
export const myName = () => api<DetailResponse>('GET', '/api/my_name/');
