import type { DetailResponse, LoginBody } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/login/: login step 2, the session starts. */
export const login = (body: LoginBody) => api<DetailResponse>('POST', '/api/login/', body);

/** A new session keeps no answer of an earlier one (the screens of the login step stay). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: () => queryClient.removeQueries({ type: 'inactive' }) });
}
