import type { DetailResponse, ProfileDetail } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/calendar_token/: a new link to the player's games as a calendar feed. */
export const newCalendarLink = () => api<DetailResponse>('POST', '/api/calendar_token/');

/** The answer is the link: the profile shows it without asking again. */
export function useNewCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: newCalendarLink,
    onSuccess: (answer) =>
      queryClient.setQueryData<DetailResponse<ProfileDetail>>(
        queryKeys.account.profile,
        (current) => current && { detail: { ...current.detail, calendar_url: answer.detail } },
      ),
  });
}
