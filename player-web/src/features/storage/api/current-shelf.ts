import type { CurrentShelf, DetailResponse } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/current_shelf/: the player's rented shelf, or null. */
export const currentShelf = () => api<DetailResponse<CurrentShelf | null>>('GET', '/api/current_shelf/');

/** `on` false: not asked for (the storage screen asks only while storage is on). */
export const useCurrentShelf = (on = true) =>
  useQuery({
    queryKey: queryKeys.storage.currentShelf,
    queryFn: on ? currentShelf : skipToken,
    select: (answer) => answer.detail,
  });
