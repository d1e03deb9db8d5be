import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/reserve_shelf/?id: rents a free shelf (one per player). */
export const rentShelf = (id: number) => api<DetailResponse>('GET', `/api/reserve_shelf/?id=${id}`);

/** Done or refused, the storage screens are refreshed: a refusal means they were out of date. */
export function useRentShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rentShelf,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
