import type { DetailResponse } from '@kort/contracts';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_ANSWER_MS, queryKeys } from '../../../lib/query-keys';

/** GET /api/booked_times/?month&year: the month's days with no free hour (month 1-12). */
export const fullyBookedDays = (year: number, month: number) =>
  api<DetailResponse<number[]>>('GET', `/api/booked_times/?month=${month}&year=${year}`);

/**
 * One month's full days. An answer fetched for the screen a visit opens on (first-answers.ts) is not
 * asked again when the screen mounts a moment later: answers stay fresh for FIRST_ANSWER_MS. A booking
 * or a cancellation refreshes them at once; the server refuses a day taken meanwhile.
 */
export const bookedDaysQuery = ({ year, month }: { year: number; month: number }) =>
  queryOptions({
    queryKey: queryKeys.booking.bookedDays(year, month),
    queryFn: () => fullyBookedDays(year, month),
    staleTime: FIRST_ANSWER_MS,
  });

/** The calendar's month, once the club's month is known (null until then). */
export const useBookedDays = (shown: { year: number; month: number } | null) =>
  useQuery({
    ...bookedDaysQuery(shown ?? { year: 0, month: 0 }),
    ...(shown === null && { queryFn: skipToken }),
    select: (answer) => answer.detail,
  });
