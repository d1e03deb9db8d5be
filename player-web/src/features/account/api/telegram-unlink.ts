import type { DetailResponse } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/telegram/unlink/: the bot no longer writes to the player. */
export const telegramUnlink = () => api<DetailResponse>('POST', '/api/telegram/unlink/');

/** The settings are asked again: the Telegram column goes off with the link. */
export function useTelegramUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: telegramUnlink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.notifications }),
  });
}
