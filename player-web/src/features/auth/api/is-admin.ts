import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/is_admin/: the first call of every signed-in screen (spec section 2). */
export const isAdmin = () => api<DetailResponse<boolean>>('GET', '/api/is_admin/');

export const useIsAdmin = () =>
  useQuery({ queryKey: queryKeys.auth.isAdmin, queryFn: isAdmin, select: (answer) => answer.detail });
