import { Injectable } from '@nestjs/common';
import { Bot, GrammyError } from 'grammy';
import { AppConfig } from '../config/app-config';
import type { TelegramText } from './notice-texts';

/** How a sent message failed: for good (the chat is gone for us), for a while (429), or maybe (retry). */
export type TelegramFailure =
  { kind: 'blocked' } | { kind: 'rate-limited'; retryAfterMs: number } | { kind: 'transient'; error: Error };

/** Bot API answers that mean the chat will never take a message from this bot again. */
const GONE_CHAT = /blocked by the user|user is deactivated|chat not found|bot was kicked|PEER_ID_INVALID/i;

/**
 * The club's bot (grammY) when TELEGRAM_BOT_TOKEN is set, else absent: every caller asks
 * `enabled` first. One Bot per replica, shared by the sender (notify processor) and the updates
 * (telegram/ folder). Calls go to `<TELEGRAM_API_ROOT>/bot<token>/<method>`.
 */
@Injectable()
export class TelegramBot {
  readonly bot: Bot | null;
  private ready: Promise<void> | null = null;

  constructor(config: AppConfig) {
    this.bot = config.telegram
      ? new Bot(config.telegram.token, { client: { apiRoot: config.telegram.apiRoot, timeoutSeconds: 15 } })
      : null;
  }

  get enabled(): boolean {
    return this.bot !== null;
  }

  /** getMe once (the bot's username for the t.me links, and grammY's handleUpdate needs it). */
  async init(): Promise<Bot> {
    const bot = this.required();
    this.ready ??= bot.init().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    await this.ready;
    return bot;
  }

  async username(): Promise<string> {
    return (await this.init()).botInfo.username;
  }

  /** Sends plain text (and an offer's buttons). Throws a TelegramSendError saying how it failed. */
  async send(chatId: number, message: TelegramText): Promise<void> {
    const bot = this.required();
    try {
      await bot.api.sendMessage(chatId, message.text, {
        reply_markup: message.buttons ? { inline_keyboard: message.buttons } : undefined,
        link_preview_options: { is_disabled: true },
      });
    } catch (error) {
      throw new TelegramSendError(failureOf(error), error);
    }
  }

  private required(): Bot {
    if (!this.bot) throw new Error('Telegram is not configured (TELEGRAM_BOT_TOKEN)');
    return this.bot;
  }
}

export function failureOf(error: unknown): TelegramFailure {
  if (error instanceof GrammyError) {
    if (error.error_code === 429) {
      return { kind: 'rate-limited', retryAfterMs: Math.max(1, error.parameters.retry_after ?? 1) * 1000 };
    }
    if (error.error_code === 403 || (error.error_code === 400 && GONE_CHAT.test(error.description))) {
      return { kind: 'blocked' };
    }
  }
  return { kind: 'transient', error: error instanceof Error ? error : new Error(String(error)) };
}

export class TelegramSendError extends Error {
  constructor(
    readonly failure: TelegramFailure,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'TelegramSendError';
  }
}
