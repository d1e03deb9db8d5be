import { Injectable, OnModuleInit } from '@nestjs/common';
import { NotifyError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { safeEqual } from '../common/safe-equal';
import { ServerCredentials } from '../common/server-credentials';
import { AppConfig } from '../config/app-config';
import { WebhookRefusals } from './webhook-refusals';

/**
 * The webhook's credential: TELEGRAM_WEBHOOK_SECRET in Telegram's X-Telegram-Bot-Api-Secret-Token
 * header (compared in constant time). Without it the call is refused with 401 before anything of
 * it is read, and counted (WebhookRefusals); with no secret set, every call is refused.
 */
@Injectable()
export class TelegramWebhookSecret implements OnModuleInit {
  constructor(
    private readonly credentials: ServerCredentials,
    private readonly config: AppConfig,
    private readonly refusals: WebhookRefusals,
  ) {}

  onModuleInit(): void {
    this.credentials.register('telegram-secret', (request) => {
      const sent = request.headers['x-telegram-bot-api-secret-token'];
      const secret = typeof sent === 'string' ? sent : undefined;
      const expected = this.config.telegram?.webhookSecret;
      if (expected && secret && safeEqual(secret, expected)) return;
      this.refusals.refused(secret ? 'wrong' : 'missing', request.ip);
      throw new KortError(NotifyError.WebhookRefused);
    });
  }
}
