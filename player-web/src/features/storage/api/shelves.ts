import type { DetailResponse, ShelfView } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/shelves/: shelves 1-9 with their state. */
export const shelves = () => api<DetailResponse<ShelfView[]>>('GET', '/api/shelves/');

/** Asked for only while storage is on (`on`: the answer of is_shelf). */
export const useShelves = (on: boolean) =>
  useQuery({
    queryKey: queryKeys.storage.shelves,
    queryFn: on ? shelves : skipToken,
    select: (answer) => answer.detail,
  });
