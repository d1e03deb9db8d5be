/** The notification calls' request bodies: the API validates with these. */
import { z } from 'zod';
import { NOTICE_CHANNELS, NOTICE_KINDS } from './notification-rules';

/** PUT /api/notifications/: one box of the matrix. Answers the whole settings. */
export const noticeChoiceBody = z.object({
  kind: z.enum(NOTICE_KINDS, { error: 'Неизвестный вид уведомлений' }),
  channel: z.enum(NOTICE_CHANNELS, { error: 'Неизвестный канал' }),
  enabled: z.boolean({ error: 'Укажите, включить или выключить' }),
});
export type NoticeChoiceBody = z.input<typeof noticeChoiceBody>;

/**
 * POST /api/push/subscribe/: the browser's PushSubscription.toJSON(). A device subscribed again
 * (same endpoint) replaces its keys. POST /api/push/unsubscribe/ takes {endpoint}.
 */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'Нет адреса подписки' })
    .url({ error: 'Нет адреса подписки' })
    .max(2048)
    .refine((value) => value.startsWith('https://') || value.startsWith('http://'), 'Нет адреса подписки'),
  keys: z.object(
    {
      p256dh: z.string({ error: 'Нет ключа подписки' }).min(80).max(120),
      auth: z.string({ error: 'Нет ключа подписки' }).min(16).max(32),
    },
    { error: 'Нет ключей подписки' },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({ endpoint: z.string({ error: 'Нет адреса подписки' }).min(1).max(2048) });
