import type { CurrentShelf, DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/open_shelf/?shelf_id: opens my shelf, or takes equipment by opening its compartment. */
export const openShelf = (id: number) => api<DetailResponse>('GET', `/api/open_shelf/?shelf_id=${id}`);

/**
 * Done, the equipment's state is refreshed and my shelf reads open; refused, all the storage
 * screens are, as a refusal means they were out of date.
 */
export function useOpenShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openShelf,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.storage.equipment });
      // My shelf's lock as the command left it (the agent's next report says the same).
      queryClient.setQueryData<DetailResponse<CurrentShelf | null>>(queryKeys.storage.currentShelf, (current) =>
        current?.detail?.id === id ? { detail: { ...current.detail, is_open: true } } : current,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
