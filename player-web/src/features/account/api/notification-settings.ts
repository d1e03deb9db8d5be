import type { DetailResponse, NotificationSettings } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notifications/: the channels (offered, linked, switched off) and the choices in force. */
export const notificationSettings = () => api<DetailResponse<NotificationSettings>>('GET', '/api/notifications/');

const settingsQuery = {
  queryKey: queryKeys.account.notifications,
  queryFn: notificationSettings,
  select: (answer: DetailResponse<NotificationSettings>) => answer.detail,
};

export const useNotificationSettings = () => useQuery(settingsQuery);

/**
 * The settings asked again every `everyMs` while it is set (a Telegram link is shown: the screen
 * turns to «Telegram подключён» once the player pressed «Запустить» in the bot), nothing otherwise:
 * the screen's own useNotificationSettings has asked already.
 */
export const useNotificationSettingsPoll = (everyMs: number | false) =>
  useQuery({ ...settingsQuery, enabled: everyMs !== false, refetchInterval: everyMs, refetchOnMount: false });
