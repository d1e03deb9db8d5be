import { monthsGenitive, type BookingLimits, type DetailResponse } from '@kort/contracts';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { FIRST_ANSWER_MS, queryKeys } from './query-keys';

/**
 * GET /api/booking_limits/?year&month: the month's days the player's own quotas refuse (a game
 * that day, two that week) and whether five games ahead refuse any booking. Shared by the calendar
 * (reserve) and the add-game button (my games), hence here and not in one feature.
 */
export const bookingLimits = (year: number, month: number) =>
  api<DetailResponse<BookingLimits>>('GET', `/api/booking_limits/?year=${year}&month=${month}`);

/** One month's limits, fresh for FIRST_ANSWER_MS (see bookedDaysQuery). */
export const bookingLimitsQuery = ({ year, month }: { year: number; month: number }) =>
  queryOptions({
    queryKey: queryKeys.booking.bookingLimits(year, month),
    queryFn: () => bookingLimits(year, month),
    staleTime: FIRST_ANSWER_MS,
  });

/** One month's limits (`shown` null: not asked for). A booking or a cancellation refreshes them. */
export const useBookingLimits = (shown: { year: number; month: number } | null) =>
  useQuery({
    ...bookingLimitsQuery(shown ?? { year: 0, month: 0 }),
    ...(shown === null && { queryFn: skipToken }),
    select: (answer) => answer.detail,
  });

/**
 * `paused_until` as the player reads it, '30 ноября 2026, 18:00' (the words of the API's refusal).
 * The instant carries the club's offset, so its date and time are the club's, whatever the phone's zone.
 */
export function pausedUntilText(instant: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(instant);
  if (!match) return instant;
  const [, year, month, day, hour, minute] = match;
  return `${Number(day)} ${monthsGenitive[Number(month) - 1] ?? ''} ${year}, ${hour}:${minute}`;
}
