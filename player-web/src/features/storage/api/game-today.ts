import type { DetailResponse } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/currentday/: whether the player has a game today (equipment is for the day of a game). */
export const hasGameToday = () => api<DetailResponse<boolean>>('GET', '/api/currentday/');

/** Asked for only while storage is on (`on`: the answer of is_shelf). */
export const useGameToday = (on: boolean) =>
  useQuery({
    queryKey: queryKeys.storage.gameToday,
    queryFn: on ? hasGameToday : skipToken,
    select: (answer) => answer.detail,
  });
