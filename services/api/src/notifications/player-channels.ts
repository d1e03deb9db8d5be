import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  NotifyError,
  type ChannelOffReason,
  type NoticeChannel,
  type NoticeKind,
  type NotificationSettings,
  type PushSubscriptionBody,
} from '@kort/contracts';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import type { Writer } from '../common/writer';
import { AppConfig } from '../config/app-config';
import { maskEndpoint, PushEndpoints } from './push-endpoints';

export interface PushTarget {
  id: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface ChannelRow {
  devices: number;
  telegram: boolean;
  choices: { kind: NoticeKind; channel: NoticeChannel; enabled: boolean }[] | null;
  faults: { channel: NoticeChannel; reason: ChannelOffReason }[] | null;
}

/** Refusal of a chat already linked to another player's account. */
export class ChatTakenError extends Error {
  constructor() {
    super('this Telegram chat is linked to another account');
  }
}

/**
 * A player's channels (a linked Telegram chat, devices subscribed to web push) and their choices
 * per kind of message. What is in force: a channel the club offers, that the player linked, and
 * did not turn off for that kind. E-mail is on unless turned off; Telegram and push are on once
 * linked. A channel that failed for good is switched off here and noted (a fault) until
 * the player links it again.
 */
@Injectable()
export class PlayerChannels {
  private readonly logger = new Logger('Notifications');

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly endpoints: PushEndpoints,
  ) {}

  async settings(userId: number): Promise<NotificationSettings> {
    const row = await this.read(userId);
    const fault = (channel: NoticeChannel) => row.faults?.find((f) => f.channel === channel)?.reason ?? null;
    const choices = Object.fromEntries(
      NOTICE_KINDS.map((kind) => [
        kind,
        Object.fromEntries(NOTICE_CHANNELS.map((channel) => [channel, this.inForce(row, kind, channel)])),
      ]),
    ) as NotificationSettings['choices'];
    return {
      channels: {
        email: { available: true },
        telegram: { available: Boolean(this.config.telegram), linked: row.telegram, off: fault('telegram') },
        push: {
          available: Boolean(this.config.vapid),
          public_key: this.config.vapid?.publicKey ?? null,
          devices: row.devices,
          off: fault('push'),
        },
      },
      choices,
    };
  }

  /** The channels a notice of this kind goes to now. */
  async channelsFor(userId: number, kind: NoticeKind): Promise<NoticeChannel[]> {
    const row = await this.read(userId);
    return NOTICE_CHANNELS.filter((channel) => this.inForce(row, kind, channel));
  }

  async choose(userId: number, kind: NoticeKind, channel: NoticeChannel, enabled: boolean): Promise<void> {
    await this.db.query(
      `INSERT INTO notification_choices (user_id, kind, channel, enabled) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind, channel) DO UPDATE SET enabled = EXCLUDED.enabled`,
      [userId, kind, channel, enabled],
    );
  }

  /** Links the chat to the player (a player's new chat replaces the old); a chat of another account refuses. */
  async linkTelegram(userId: number, chatId: number): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO telegram_chats (user_id, chat_id, linked_at) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET chat_id = EXCLUDED.chat_id, linked_at = EXCLUDED.linked_at`,
          [userId, chatId, this.clock.now()],
        );
        await tx.query(`DELETE FROM notification_channel_faults WHERE user_id = $1 AND channel = 'telegram'`, [userId]);
      });
    } catch (error) {
      if (postgresError(error).code === UNIQUE_VIOLATION) throw new ChatTakenError();
      throw error;
    }
  }

  async unlinkTelegram(userId: number): Promise<boolean> {
    const [, removed] = await this.db.query<[unknown[], number]>(`DELETE FROM telegram_chats WHERE user_id = $1`, [
      userId,
    ]);
    await this.db.query(`DELETE FROM notification_channel_faults WHERE user_id = $1 AND channel = 'telegram'`, [
      userId,
    ]);
    return removed > 0;
  }

  async telegramChat(userId: number): Promise<number | null> {
    const [row] = await this.db.query<{ chat_id: string }[]>(`SELECT chat_id FROM telegram_chats WHERE user_id = $1`, [
      userId,
    ]);
    return row ? Number(row.chat_id) : null;
  }

  /** The player a chat is linked to (an account that still works), or null. */
  async playerOfChat(chatId: number): Promise<number | null> {
    const [row] = await this.db.query<{ user_id: number }[]>(
      `SELECT t.user_id FROM telegram_chats t JOIN users u ON u.id = t.user_id
        WHERE t.chat_id = $1 AND u.deleted_at IS NULL`,
      [chatId],
    );
    return row?.user_id ?? null;
  }

  /**
   * A device subscribed (again): the endpoint is the browser's, so it follows whoever subscribed it
   * last. One the address rule refuses (push-endpoints.ts) is never stored.
   */
  async subscribe(userId: number, subscription: PushSubscriptionBody): Promise<void> {
    if (!this.config.vapid) throw new KortError(NotifyError.PushOff);
    const refusal = await this.endpoints.refusalOf(subscription.endpoint);
    if (refusal) {
      this.logger.warn(
        { user: userId, endpoint: maskEndpoint(subscription.endpoint), reason: refusal },
        'push subscription refused by the address rule',
      );
      throw new KortError(NotifyError.PushEndpointRefused);
    }
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, created_at = EXCLUDED.created_at`,
        [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, this.clock.now()],
      );
      await tx.query(`DELETE FROM notification_channel_faults WHERE user_id = $1 AND channel = 'push'`, [userId]);
    });
  }

  async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    const [, removed] = await this.db.query<[unknown[], number]>(
      `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2`,
      [userId, endpoint],
    );
    return removed > 0;
  }

  async pushTargets(userId: number): Promise<PushTarget[]> {
    const rows = await this.db.query<{ id: number; endpoint: string; p256dh: string; auth: string }[]>(
      `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }));
  }

  /**
   * A channel failed for good (the bot blocked, a push subscription gone): its link is removed
   * (`pushId`: only that device) and the player sees why on /account.
   */
  async switchOff(
    userId: number,
    channel: 'telegram' | 'push',
    reason: ChannelOffReason,
    pushId?: number,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (channel === 'telegram') await tx.query(`DELETE FROM telegram_chats WHERE user_id = $1`, [userId]);
      else await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2`, [userId, pushId]);
      await tx.query(
        `INSERT INTO notification_channel_faults (user_id, channel, reason, at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, channel) DO UPDATE SET reason = EXCLUDED.reason, at = EXCLUDED.at`,
        [userId, channel, reason, this.clock.now()],
      );
    });
    this.logger.warn({ user: userId, channel, reason }, 'channel switched off for the player');
  }

  /** With the rest of a purged account's personal data (the chat id, the devices, the choices). */
  async eraseFor(userId: number, tx: Writer): Promise<void> {
    await tx.query(`DELETE FROM telegram_chats WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM notification_choices WHERE user_id = $1`, [userId]);
    await tx.query(`DELETE FROM notification_channel_faults WHERE user_id = $1`, [userId]);
  }

  private inForce(row: ChannelRow, kind: NoticeKind, channel: NoticeChannel): boolean {
    const linked =
      channel === 'email' ||
      (channel === 'telegram' && Boolean(this.config.telegram) && row.telegram) ||
      (channel === 'push' && Boolean(this.config.vapid) && row.devices > 0);
    const chosen = row.choices?.find((c) => c.kind === kind && c.channel === channel)?.enabled ?? true;
    return linked && chosen;
  }

  private async read(userId: number): Promise<ChannelRow> {
    const [row] = await this.db.query<ChannelRow[]>(
      `SELECT (SELECT count(*) FROM push_subscriptions WHERE user_id = $1)::int AS devices,
              EXISTS (SELECT 1 FROM telegram_chats WHERE user_id = $1) AS telegram,
              (SELECT json_agg(json_build_object('kind', kind, 'channel', channel, 'enabled', enabled))
                 FROM notification_choices WHERE user_id = $1) AS choices,
              (SELECT json_agg(json_build_object('channel', channel, 'reason', reason))
                 FROM notification_channel_faults WHERE user_id = $1) AS faults`,
      [userId],
    );
    return row!;
  }
}
