import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/sport_school/: a sport school may have more upcoming games than a player. */
export const isSportSchool = () => api<DetailResponse<boolean>>('GET', '/api/sport_school/');

export const useSportSchool = () =>
  useQuery({ queryKey: queryKeys.games.sportSchool, queryFn: isSportSchool, select: (answer) => answer.detail });
