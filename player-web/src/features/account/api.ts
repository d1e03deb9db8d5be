import type { DetailResponse, ProfileDetail } from '@kort/contracts';
import { api } from '../../lib/api-client';

export const profile = () => api<DetailResponse<ProfileDetail>>('GET', '/api/profile/');
export const changePassword = (password1: string, password2: string) =>
  api<DetailResponse>('POST', '/api/change_password/', { password1, password2 });
export const deleteAccount = () => api<DetailResponse>('GET', '/api/del_account/');
export const newCalendarLink = () => api<DetailResponse>('POST', '/api/calendar_token/');
export const calendarLinkOff = () => api<DetailResponse>('DELETE', '/api/calendar_token/');
