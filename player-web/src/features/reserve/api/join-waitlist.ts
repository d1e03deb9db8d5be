import type { DetailResponse, JoinWaitlistBody } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/waitlist/: a place in line for the hour starting at `timeStart`, taken on every court. */
export const joinWaitlist = (timeStart: string) =>
  api<DetailResponse & { id: number; position: number }>('POST', '/api/waitlist/', {
    time_start: timeStart,
  } satisfies JoinWaitlistBody);

/** A new place refreshes the player's places (the dial's "in line" mark, my games' list). */
export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist }),
  });
}
