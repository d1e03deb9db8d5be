import { type BookingLimits, type DetailResponse } from '@kort/contracts';
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
