import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../providers/http-client';
import type { BookingRecord } from '../../lib/records';

/** GET /api/admin/courts/:id/future-games: the games taking the court out of booking would cancel. */
export const fetchFutureGames = (courtId: number) =>
  callApi<BookingRecord[]>(`/api/admin/courts/${courtId}/future-games`);

/** Those games, read afresh each time `asking` turns true (the confirmation opens). */
export function useFutureGames(courtId: number, asking: boolean) {
  return useQuery({
    queryKey: ['courts', courtId, 'future-games'],
    queryFn: () => fetchFutureGames(courtId),
    enabled: asking,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
