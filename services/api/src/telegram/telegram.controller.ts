import { Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpRequest } from '../common/http';
import type { Update } from 'grammy/types';
import { messages, NotifyError, RequestError, type DetailResponse, type TelegramLinkResponse } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { KortError } from '../common/kort-error';
import { Public, ServerCall } from '../common/route-policy';
import { PlayerChannels } from '../notifications/player-channels';
import { TelegramBot } from '../notifications/telegram-bot';
import type { User } from '../users/user.entity';
import { TelegramLinks } from './telegram-links';
import { TelegramUpdates } from './telegram-updates';

/** Telegram: the player's link and unlink, and the bot's webhook (docs/decisions/0063-telegram.md). */
@ApiTags('notifications')
@Controller('telegram')
export class TelegramController {
  private readonly logger = new Logger('Telegram');

  constructor(
    private readonly telegram: TelegramBot,
    private readonly links: TelegramLinks,
    private readonly updates: TelegramUpdates,
    private readonly channels: PlayerChannels,
  ) {}

  /** A one-time t.me link (10 minutes, single use) and its QR: the bot's /start with it links the chat. */
  @Post('link')
  @HttpCode(200)
  async link(@CurrentUser() user: User): Promise<TelegramLinkResponse> {
    if (!this.telegram.enabled) throw new KortError(NotifyError.TelegramOff);
    try {
      return await this.links.create(user.id);
    } catch (error) {
      if (error instanceof KortError) throw error;
      this.logger.warn({ error: String(error) }, 'telegram link: the Bot API did not answer getMe');
      throw new KortError(NotifyError.TelegramUnavailable);
    }
  }

  @Post('unlink')
  @HttpCode(200)
  async unlink(@CurrentUser() user: User): Promise<DetailResponse> {
    await this.channels.unlinkTelegram(user.id);
    return { detail: messages.telegramUnlinked };
  }

  /**
   * Telegram's updates when TELEGRAM_WEBHOOK_SECRET is set: the request gate has checked the secret
   * in Telegram's header (webhook-secret.ts: 401 otherwise, and nothing is read). Answered 200 once
   * handled; a handler's failure is logged, not answered 500 (Telegram would repeat the update for hours).
   */
  @Post('webhook')
  @HttpCode(200)
  @Public()
  @ServerCall('telegram-secret')
  @ApiOperation({
    summary: "Telegram's updates (an Update object), with the secret in X-Telegram-Bot-Api-Secret-Token",
  })
  async webhook(@Req() request: HttpRequest): Promise<{ ok: true }> {
    const update = request.body as Update | null;
    if (typeof update !== 'object' || update === null || typeof update.update_id !== 'number') {
      throw new KortError(RequestError.Invalid, { detail: 'Это не обновление Telegram' });
    }
    try {
      await this.updates.handle(update);
    } catch (error) {
      this.logger.error({ update: update.update_id, error: String(error) }, 'telegram update failed');
    }
    return { ok: true };
  }
}
