import type { CurrentShelf, DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What a tap does to a lock: open it, or close it. */
export type ShelfLockAction = 'open' | 'close';

/**
 * GET /api/open_shelf/?shelf_id and GET /api/close_shelf/?shelf_id: opens or closes my shelf, or
 * takes equipment (by opening its compartment) or returns it (by closing it).
 */
export const shelfLock = (action: ShelfLockAction, id: number) =>
  api<DetailResponse>('GET', `/api/${action}_shelf/?shelf_id=${id}`);

/**
 * Done, the equipment's state is refreshed and my shelf reads open or closed; refused, all the
 * storage screens are, as a refusal means they were out of date.
 */
export function useShelfLock(action: ShelfLockAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => shelfLock(action, id),
    onSuccess: (_answer, id) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.storage.equipment });
      // My shelf's lock as the command left it (the agent's next report says the same).
      queryClient.setQueryData<DetailResponse<CurrentShelf | null>>(queryKeys.storage.currentShelf, (current) =>
        current?.detail?.id === id ? { detail: { ...current.detail, is_open: action === 'open' } } : current,
      );
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.storage.all }),
  });
}
