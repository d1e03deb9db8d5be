import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/give_contacts/: the club's contacts, for a player whose booking is blocked. Features do
 * not import each other, so this is the reserve's own fetcher; it shares My games' cache key, and
 * one answer serves both screens.
 */
export const clubContacts = () => api<DetailResponse>('GET', '/api/give_contacts/');

export const useClubContacts = () =>
  useQuery({
    queryKey: queryKeys.games.contacts,
    queryFn: clubContacts,
    select: (answer) => answer.detail,
  });
