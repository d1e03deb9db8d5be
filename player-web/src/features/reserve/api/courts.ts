import type { Court, DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/get_courts/: the courts that can be booked (without them nothing can be). */
export const courts = () => api<DetailResponse<Court[]>>('GET', '/api/get_courts/');

export const useCourts = () =>
  useQuery({ queryKey: queryKeys.booking.courts, queryFn: courts, select: (answer) => answer.detail });
