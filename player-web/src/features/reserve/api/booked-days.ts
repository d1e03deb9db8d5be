import type { DetailResponse } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/booked_times/?month&year: the month's days with no free hour (month 1-12). */
export const fullyBookedDays = (year: number, month: number) =>
  api<DetailResponse<number[]>>('GET', `/api/booked_times/?month=${month}&year=${year}`);

/** The calendar's month, once the club's month is known (null until then). */
export const useBookedDays = (shown: { year: number; month: number } | null) =>
  useQuery({
    queryKey: queryKeys.booking.bookedDays(shown?.year ?? 0, shown?.month ?? 0),
    queryFn: shown ? () => fullyBookedDays(shown.year, shown.month) : skipToken,
    select: (answer) => answer.detail,
  });
