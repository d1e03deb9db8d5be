import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/user_read/: the player accepts the club's rules. */
export const acceptRules = () => api<DetailResponse>('GET', '/api/user_read/');

/** The admin check no longer answers "rules not accepted": its answer is refreshed when next needed. */
export function useAcceptRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.isAdmin, refetchType: 'none' }),
  });
}
