import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/my_name/: the player's name for the menu. */
export const myName = () => api<DetailResponse>('GET', '/api/my_name/');

export const useMyName = () =>
  useQuery({ queryKey: queryKeys.auth.myName, queryFn: myName, select: (answer) => answer.detail });
