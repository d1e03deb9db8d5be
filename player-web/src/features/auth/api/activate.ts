import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/activate/: the code from the letter confirms the account and signs the player in. */
export const activate = (email: string, code: string) => api<DetailResponse>('POST', '/api/activate/', { email, code });

/** A new session keeps no answer of an earlier one. */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => activate(email, code),
    onSuccess: () => queryClient.removeQueries({ type: 'inactive' }),
  });
}
