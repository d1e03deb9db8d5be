import type { DetailResponse, ProfileDetail } from '@kort/contracts';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/profile/: the player's read-only profile (the account screen; the current site). */
export const profile = () => api<DetailResponse<ProfileDetail>>('GET', '/api/profile/');

export const profileQuery = { queryKey: queryKeys.account.profile, queryFn: profile };
