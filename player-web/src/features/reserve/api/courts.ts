import type { Court, DetailResponse } from '@kort/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/get_courts/: the courts that can be booked (without them nothing can be). */
export const courts = () => api<DetailResponse<Court[]>>('GET', '/api/get_courts/');

/** The club's courts change when the club builds one: an answer of the visit's first seconds is kept. */
export const courtsQuery = queryOptions({ queryKey: queryKeys.booking.courts, queryFn: courts, staleTime: 5 * 60_000 });

export const useCourts = () => useQuery({ ...courtsQuery, select: (answer) => answer.detail });
