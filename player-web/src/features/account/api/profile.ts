import type { DetailResponse, ProfileDetail } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/profile/: the player's read-only profile. */
export const profile = () => api<DetailResponse<ProfileDetail>>('GET', '/api/profile/');

export const useProfile = () =>
  useQuery({ queryKey: queryKeys.account.profile, queryFn: profile, select: (answer) => answer.detail });
