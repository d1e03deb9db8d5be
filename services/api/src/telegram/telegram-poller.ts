import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { TelegramBot } from '../notifications/telegram-bot';
import { REDIS } from '../redis/redis.module';

const LEASE_KEY = 'telegram:poller';
/** The poller's lease: renewed every RENEW_MS, so a replica that died frees polling within LEASE_MS. */
const LEASE_MS = 15_000;
const RENEW_MS = 5_000;
/** getUpdates' long poll, in seconds (Telegram's recommended range is up to 50). */
const POLL_TIMEOUT_S = 25;
const WEBHOOK_RETRY_MS = 60_000;
const ALLOWED_UPDATES = ['message', 'callback_query'] as const;

/** Takes or keeps the lease: ours already, or free. Atomic, so two replicas never both hold it. */
const TAKE_LEASE = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] or not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0`;
const DROP_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * How updates reach the bot. With TELEGRAM_WEBHOOK_SECRET, Telegram posts them to
 * `PUBLIC_URL/api/telegram/webhook` (set here at start, with the secret), any replica takes them.
 * Without it (`npm start`, a club behind NAT), one replica polls with getUpdates: the holder of a
 * Redis lease, so that two replicas never poll at once (Telegram answers the second 409 Conflict);
 * another takes over within LEASE_MS of the holder's death.
 */
@Injectable()
export class TelegramPoller implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Telegram');
  private readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly telegram: TelegramBot,
    private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.telegram.enabled || !this.config.telegram) return;
    if (this.config.telegram.webhookSecret) {
      void this.setWebhook(this.config.telegram.webhookSecret);
      return;
    }
    this.timer = setInterval(() => void this.tick(), RENEW_MS);
    this.timer.unref();
    void this.tick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    if (this.polling) {
      await this.telegram.bot?.stop().catch(() => undefined);
      await this.polling;
    }
    await this.redis.eval(DROP_LEASE, 1, LEASE_KEY, this.id).catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.stopping) return;
    let held: boolean;
    try {
      held = (await this.redis.eval(TAKE_LEASE, 1, LEASE_KEY, this.id, LEASE_MS)) === 1;
    } catch (error) {
      // Redis away: stop polling rather than risk a second poller when it comes back.
      this.logger.warn({ error: String(error) }, 'telegram poller lease not renewed');
      held = false;
    }
    if (held && !this.polling) this.startPolling();
    if (!held && this.polling) {
      this.logger.warn('telegram poller lease lost: stopping');
      await this.telegram.bot?.stop().catch(() => undefined);
    }
  }

  private startPolling(): void {
    const bot = this.telegram.bot!;
    this.polling = this.telegram
      .init()
      .then(() =>
        bot.start({
          timeout: POLL_TIMEOUT_S,
          allowed_updates: [...ALLOWED_UPDATES],
          onStart: (me) => this.logger.log({ bot: me.username }, 'telegram: polling for updates (this replica)'),
        }),
      )
      .catch((error: unknown) =>
        // Telegram unreachable (the club's internet down): the next renewal, RENEW_MS on, tries again.
        this.logger.warn({ error: String(error) }, 'telegram polling stopped; trying again in 5 s'),
      )
      .finally(() => {
        this.polling = null;
      });
  }

  private async setWebhook(secret: string): Promise<void> {
    const url = new URL('/api/telegram/webhook', this.config.publicUrl).toString();
    if (!url.startsWith('https://')) {
      this.logger.warn({ url }, 'telegram webhook: Telegram delivers only to https:// (set PUBLIC_URL)');
    }
    while (!this.stopping) {
      try {
        await this.telegram.bot!.api.setWebhook(url, { secret_token: secret, allowed_updates: [...ALLOWED_UPDATES] });
        this.logger.log({ url }, 'telegram: webhook set');
        return;
      } catch (error) {
        this.logger.warn({ error: String(error) }, 'telegram: webhook not set, trying again in a minute');
        await new Promise((resolve) => setTimeout(resolve, WEBHOOK_RETRY_MS).unref());
      }
    }
  }
}
