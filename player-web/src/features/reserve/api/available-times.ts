import type { AvailableTimes } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/get-available-times/?date: not wrapped in `detail` (reserved, reserved_hours_by_current_user). */
export const availableTimes = (date: string) => api<AvailableTimes>('GET', `/api/get-available-times/?date=${date}`);

/** The hours of a day, while the time step shows it (`date` null: not asked for). */
export const useAvailableTimes = (date: string | null) =>
  useQuery({
    queryKey: queryKeys.booking.availableTimes(date ?? ''),
    queryFn: date === null ? skipToken : () => availableTimes(date),
  });
