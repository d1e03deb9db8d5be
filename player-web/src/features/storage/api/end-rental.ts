import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/cancel_reservation/?reservation_id: ends the rental of my shelf (by the rental id). */
export const endRental = (id: number) => api<DetailResponse>('GET', `/api/cancel_reservation/?reservation_id=${id}`);

/** Done or refused, the storage screens are refreshed: a refusal means they were out of date. */
export function useEndRental() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endRental,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
