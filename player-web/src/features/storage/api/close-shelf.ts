import type { CurrentShelf, DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/close_shelf/?shelf_id: closes my shelf, or returns equipment by closing its compartment. */
export const closeShelf = (id: number) => api<DetailResponse>('GET', `/api/close_shelf/?shelf_id=${id}`);

/**
 * Done, the equipment's state is refreshed and my shelf reads closed; refused, all the storage
 * screens are, as a refusal means they were out of date.
 */
export function useCloseShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShelf,
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.storage.equipment });
      // My shelf's lock as the command left it (the agent's next report says the same).
      queryClient.setQueryData<DetailResponse<CurrentShelf | null>>(queryKeys.storage.currentShelf, (current) =>
        current?.detail?.id === id ? { detail: { ...current.detail, is_open: false } } : current,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
