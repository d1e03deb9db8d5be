import type { DetailResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { rememberContacts } from '../../../lib/remembered-contacts';

/** GET /api/give_contacts/: the club's contacts, free text an admin wrote (kept for offline screens). */
export const clubContacts = async () => {
  const answer = await api<DetailResponse>('GET', '/api/give_contacts/');
  rememberContacts(answer.detail);
  return answer;
};

export const useClubContacts = () =>
  useQuery({ queryKey: queryKeys.games.contacts, queryFn: clubContacts, select: (answer) => answer.detail });
