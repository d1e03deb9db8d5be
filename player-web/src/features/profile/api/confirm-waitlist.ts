import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys, refreshBookings } from '../../../lib/query-keys';

/** POST /api/waitlist/{id}/confirm/: takes the court an offer holds: the player's game from now on. */
export const confirmWaitlist = (id: number) =>
  api<DetailResponse & { id: number }>('POST', `/api/waitlist/${id}/confirm/`);

/**
 * A confirmed offer is a game (my games, the hours, the limits); confirmed or refused (the hold ran
 * out), the places are read again.
 */
export function useConfirmWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmWaitlist,
    // Not waited for: the screen says the answer at once (the place it was said on may go with the refresh).
    onSettled: () =>
      void Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }), refreshBookings(queryClient)]),
  });
}
