import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import QRCode from 'qrcode';
import { TELEGRAM_LINK_MINUTES, type TelegramLinkResponse } from '@kort/contracts';
import { Clock } from '../common/clock';
import { PlayerChannels, ChatTakenError } from '../notifications/player-channels';
import { TelegramBot } from '../notifications/telegram-bot';
import { REDIS } from '../redis/redis.module';

const LINK_TTL_S = TELEGRAM_LINK_MINUTES * 60;
/** Keys of the one-time tokens: only their hash is stored, so a Redis dump links nobody. */
const tokenKey = (hash: string) => `telegram:link:${hash}`;
const usedKey = (hash: string) => `telegram:link-used:${hash}`;
const latestKey = (userId: number) => `telegram:link-latest:${userId}`;

export type LinkResult =
  | { linked: true; userId: number }
  | { linked: false; why: 'not-private' | 'unknown' | 'used-here' | 'used-elsewhere' | 'chat-taken' | 'account-gone' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Linking a chat to an account: /account asks for a one-time `t.me/<bot>?start=<token>`
 * link (10 minutes, single use; a new link voids the player's previous one); the bot's /start with
 * that token links the chat it came from. The token is taken with GETDEL, so two chats racing with
 * one token link one; a token used, expired, or sent from another chat links nothing.
 */
@Injectable()
export class TelegramLinks {
  private readonly logger = new Logger('Telegram');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly telegram: TelegramBot,
    private readonly channels: PlayerChannels,
    private readonly clock: Clock,
  ) {}

  async create(userId: number): Promise<TelegramLinkResponse> {
    const username = await this.telegram.username();
    // 32 bytes of base64url: 43 characters, within /start's 64 of [A-Za-z0-9_-].
    const token = randomBytes(32).toString('base64url');
    const hash = hashOf(token);
    const previous = await this.redis.getset(latestKey(userId), hash);
    await this.redis.expire(latestKey(userId), LINK_TTL_S);
    if (previous) await this.redis.del(tokenKey(previous));
    await this.redis.set(tokenKey(hash), String(userId), 'EX', LINK_TTL_S);
    const url = `https://t.me/${username}?start=${token}`;
    const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    this.logger.log({ user: userId }, 'telegram link issued');
    return {
      detail: url,
      qr_svg: qr,
      expires_at: new Date(this.clock.now().getTime() + LINK_TTL_S * 1000).toISOString(),
    };
  }

  /** The bot's /start <token> from `chat`. */
  async redeem(chat: { id: number; type: string }, token: string): Promise<LinkResult> {
    if (chat.type !== 'private') return { linked: false, why: 'not-private' };
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return { linked: false, why: 'unknown' };
    const hash = hashOf(token);
    const owner = await this.redis.getdel(tokenKey(hash));
    if (!owner) {
      const usedBy = await this.redis.get(usedKey(hash));
      if (usedBy === null) return { linked: false, why: 'unknown' };
      return { linked: false, why: usedBy === String(chat.id) ? 'used-here' : 'used-elsewhere' };
    }
    await this.redis.set(usedKey(hash), String(chat.id), 'EX', LINK_TTL_S);
    const userId = Number(owner);
    try {
      await this.channels.linkTelegram(userId, chat.id);
    } catch (error) {
      if (error instanceof ChatTakenError) return { linked: false, why: 'chat-taken' };
      // A foreign-key miss: the account was purged while the link was out.
      this.logger.warn({ user: userId, error: String(error) }, 'telegram link failed');
      return { linked: false, why: 'account-gone' };
    }
    this.logger.log({ user: userId }, 'telegram linked');
    return { linked: true, userId };
  }
}
