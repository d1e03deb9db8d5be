import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys, refreshBookings } from '../../../lib/query-keys';

/** DELETE /api/waitlist/{id}/: leaves the line; a court held for the player is let go to the next. */
export const leaveWaitlist = (id: number) => api<DetailResponse>('DELETE', `/api/waitlist/${id}/`);

/** Leaving refreshes the places, and the hours (a court let go is someone else's now). */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    // Not waited for: the screen says the answer at once (the place it was said on may go with the refresh).
    onSettled: () =>
      void Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }), refreshBookings(queryClient)]),
  });
}
