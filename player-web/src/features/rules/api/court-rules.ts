import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/give_rules/ (public): the club's rules as plain text. */
export const courtRules = () => api<DetailResponse>('GET', '/api/give_rules/');

export const useCourtRules = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: queryKeys.courtRules, queryFn: courtRules, select: (answer) => answer.detail, enabled });
