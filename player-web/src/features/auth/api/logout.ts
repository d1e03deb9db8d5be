import type { DetailResponse } from '@kort/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/logout/: the session ends. */
export const logout = () => api<DetailResponse>('GET', '/api/logout/');

export const useLogout = () => useMutation({ mutationFn: logout });
