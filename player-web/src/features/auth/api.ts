import type { DetailResponse, LoginBody, SocialProvidersResponse } from '@kort/contracts';
import { api } from '../../lib/api-client';

/** Public; the bare flags `{vk, yandex}`, not a `{detail}` answer. */
export const socialProviders = () => api<SocialProvidersResponse>('GET', '/api/auth/providers/');
export const checkEmail = (email: string) => api<DetailResponse>('POST', '/api/check-phone/', { email });
export const login = (body: LoginBody) => api<DetailResponse>('POST', '/api/login/', body);
export const logout = () => api<DetailResponse>('GET', '/api/logout/');
export const isAdmin = () => api<DetailResponse<boolean>>('GET', '/api/is_admin/');
export const myName = () => api<DetailResponse>('GET', '/api/my_name/');
export const regPhone = (email: string, phone_number?: string) =>
  api<DetailResponse>('POST', '/api/reg-phone/', { email, phone_number });
export const register = (body: {
  email: string;
  phone_number?: string;
  name_user: string;
  password1: string;
  password2: string;
}) => api<DetailResponse>('POST', '/api/register/', body);
export const activate = (email: string, code: string) => api<DetailResponse>('POST', '/api/activate/', { email, code });
export const courtRules = () => api<DetailResponse>('GET', '/api/give_rules/');
export const acceptRules = () => api<DetailResponse>('GET', '/api/user_read/');
export const requestResetCode = (email: string) =>
  api<DetailResponse>('POST', '/api/reset_password_request_code/', { email });
export const verifyResetCode = (email: string, code: string) =>
  api<DetailResponse>('POST', '/api/verify_code/', { email, code });
export const resetPassword = (email: string, password1: string, password2: string) =>
  api<DetailResponse>('POST', '/api/reset_password/', { email, password1, password2 });
