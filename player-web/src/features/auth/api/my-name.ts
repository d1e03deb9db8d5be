import type { DetailResponse } from '@kort/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_ANSWER_MS, queryKeys } from '../../../lib/query-keys';

/** GET /api/my_name/: the player's name for the menu. */
export const myName = () => api<DetailResponse>('GET', '/api/my_name/');

/** Asked with the admin check when a visit opens on a signed-in screen (app.tsx). */
export const myNameQuery = queryOptions({
  queryKey: queryKeys.auth.myName,
  queryFn: myName,
  staleTime: FIRST_ANSWER_MS,
});

export const useMyName = () => useQuery({ ...myNameQuery, select: (answer) => answer.detail });
