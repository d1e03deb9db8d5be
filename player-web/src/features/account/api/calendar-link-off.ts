import type { DetailResponse, ProfileDetail } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/calendar_token/: the calendar link stops working. */
export const calendarLinkOff = () => api<DetailResponse>('DELETE', '/api/calendar_token/');

/** The profile shows no link from now on, without asking again. */
export function useCalendarLinkOff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: calendarLinkOff,
    onSuccess: () =>
      queryClient.setQueryData<DetailResponse<ProfileDetail>>(
        queryKeys.account.profile,
        (current) => current && { detail: { ...current.detail, calendar_url: null } },
      ),
  });
}
