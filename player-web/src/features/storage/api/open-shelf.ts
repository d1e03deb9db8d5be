import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/open_shelf/?shelf_id: opens my shelf, or takes equipment by opening its compartment. */
export const openShelf = (id: number) => api<DetailResponse>('GET', `/api/open_shelf/?shelf_id=${id}`);

/**
 * Done, the equipment's state is refreshed (a shelf's own state does not show); refused, all the
 * storage screens are, as a refusal means they were out of date.
 */
export function useOpenShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openShelf,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.equipment }),
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
