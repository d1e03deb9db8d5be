/**
 * Where a player hears from the club: e-mail, Telegram and web push, chosen per kind of
 * message on /account («Уведомления»). Registration and recovery codes are e-mail only and are not
 * a kind here. Plain values, without zod (the player app imports them, and zod must stay out of its first script): the
 * request schemas are in notification-schemas.ts.
 */

export const NOTICE_KINDS = ['reminders', 'waitlist', 'club', 'no_shows'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_CHANNELS = ['email', 'telegram', 'push'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** The rows of the /account matrix, in the order shown. */
export const noticeKindNames: Record<NoticeKind, string> = {
  reminders: 'Напоминания об играх',
  waitlist: 'Очередь: освободился корт',
  club: 'Отмены и закрытия клубом',
  no_shows: 'Неявки',
};

/** The columns of the /account matrix. */
export const noticeChannelNames: Record<NoticeChannel, string> = {
  email: 'E-mail',
  telegram: 'Telegram',
  push: 'Уведомления на устройстве',
};

/** Why a channel was switched off by the club's side, shown on /account until the player links it again. */
export const CHANNEL_OFF_REASONS = ['blocked', 'gone'] as const;
export type ChannelOffReason = (typeof CHANNEL_OFF_REASONS)[number];

export const channelOffTexts: Record<NoticeChannel, string> = {
  email: 'Письма не доходят до вашего адреса',
  telegram: 'Бот не может написать вам: похоже, он заблокирован. Подключите Telegram снова',
  push: 'Браузер отозвал подписку на уведомления. Включите их на устройстве снова',
};

/**
 * GET /api/notifications/ → {detail: NotificationSettings}. `choices` is what is in force: a
 * channel that is not linked (or not offered by this club) is false whatever the player chose.
 */
export interface NotificationSettings {
  channels: {
    email: { available: true };
    /** `available`: the club has a bot (TELEGRAM_BOT_TOKEN). `off`: the club switched it off (bot blocked). */
    telegram: { available: boolean; linked: boolean; off: ChannelOffReason | null };
    /** `public_key`: the VAPID key to subscribe with, null when the club has no web push. */
    push: { available: boolean; public_key: string | null; devices: number; off: ChannelOffReason | null };
  };
  choices: Record<NoticeKind, Record<NoticeChannel, boolean>>;
}

/**
 * POST /api/telegram/link/ → {detail: "https://t.me/<bot>?start=<token>", qr_svg, expires_at}: the
 * one-time link (10 minutes, single use) and its QR for a desktop screen.
 */
export interface TelegramLinkResponse {
  detail: string;
  qr_svg: string;
  expires_at: string;
}

export const TELEGRAM_LINK_MINUTES = 10;

/**
 * What the service worker receives in a push (JSON) and shows: `url` is where a tap leads (My games
 * on the offer for a waitlist offer), `tag` replaces an earlier notice of the same thing.
 */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** Player texts of the notification screens and answers. */
export const notificationTexts = {
  section: 'Уведомления',
  thisDevice: 'Уведомления на этом устройстве',
  connectTelegram: 'Подключить Telegram',
  disconnect: 'Отключить',
  telegramLinked: 'Telegram подключён',
  telegramUnlinked: 'Telegram отключён',
  telegramLinkHint: 'Откройте ссылку в Telegram и нажмите «Запустить»: бот подтвердит подключение',
  pushOn: 'Уведомления на этом устройстве включены',
  pushOff: 'Уведомления на этом устройстве отключены',
  pushDenied: 'Браузер запретил уведомления для этого сайта. Разрешите их в настройках браузера',
  pushUnsupported: 'Этот браузер не умеет получать уведомления. На iPhone добавьте приложение на экран «Домой»',
  saved: 'Настройки уведомлений сохранены',
} as const;
