import type { CourtsStatus } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/get_courts_status/?date&hour: which courts cannot be booked at that hour (`busy_courts`:
 * a game or a closure), and which a closure keeps closed, with its reason (`closed_courts`).
 */
export const courtsStatus = (date: string, hour: number) =>
  api<CourtsStatus>('GET', `/api/get_courts_status/?date=${date}&hour=${hour}`);

/** The courts' status at an hour, while the court step shows it (`at` null: not asked for). */
export const useCourtsStatus = (at: { date: string; hour: number } | null) =>
  useQuery({
    queryKey: queryKeys.booking.courtsStatus(at?.date ?? '', at?.hour ?? -1),
    queryFn: at === null ? skipToken : () => courtsStatus(at.date, at.hour),
  });
