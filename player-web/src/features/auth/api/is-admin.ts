import type { DetailResponse } from '@kort/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { FIRST_ANSWER_MS, queryKeys } from '../../../lib/query-keys';

/** GET /api/is_admin/: the first call of every signed-in screen. */
export const isAdmin = () => api<DetailResponse<boolean>>('GET', '/api/is_admin/');

/** Asked with the shell's code when a visit opens on a signed-in screen (app.tsx), kept for the shell. */
export const isAdminQuery = queryOptions({
  queryKey: queryKeys.auth.isAdmin,
  queryFn: isAdmin,
  staleTime: FIRST_ANSWER_MS,
});

export const useIsAdmin = () => useQuery({ ...isAdminQuery, select: (answer) => answer.detail });
