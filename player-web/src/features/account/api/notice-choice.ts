import type { DetailResponse, NoticeChoiceBody, NotificationSettings } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Settings = DetailResponse<NotificationSettings>;

/** PUT /api/notifications/: one box of the matrix; answers the whole settings. */
export const noticeChoice = (body: NoticeChoiceBody) => api<Settings>('PUT', '/api/notifications/', body);

const mutationKey = ['account', 'notice-choice'];

/** The settings with one box set. */
const withChoice = (settings: Settings, { kind, channel, enabled }: NoticeChoiceBody): Settings => ({
  detail: {
    ...settings.detail,
    choices: { ...settings.detail.choices, [kind]: { ...settings.detail.choices[kind], [channel]: enabled } },
  },
});

/**
 * A box of the matrix, ticked at once (optimistic). A refusal puts that box back, and only that one:
 * the player may have ticked others meanwhile. The server's answer is taken when no other box is on
 * its way (an earlier answer would undo a later tick on screen).
 */
export function useNoticeChoice() {
  const queryClient = useQueryClient();
  const key = queryKeys.account.notifications;
  const lastOnItsWay = () => queryClient.isMutating({ mutationKey }) === 1;
  return useMutation({
    mutationKey,
    mutationFn: noticeChoice,
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Settings>(key, (current) => current && withChoice(current, choice));
    },
    onError: (_failure, choice) =>
      queryClient.setQueryData<Settings>(
        key,
        (current) => current && withChoice(current, { ...choice, enabled: !choice.enabled }),
      ),
    onSuccess: (answer) => {
      if (lastOnItsWay()) queryClient.setQueryData<Settings>(key, answer);
    },
  });
}
