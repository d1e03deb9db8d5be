import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../common/clock';
import { MetricsService, type WebhookRefusal } from '../metrics/metrics.service';

/** A burst of refusals is logged as its first one, then one line per this much with how many more. */
export const WEBHOOK_REFUSALS_REPORT_MS = 60_000;

/**
 * Calls to the Telegram webhook without its secret. Each is counted (kort_telegram_webhook_refused_total);
 * the log has a burst's first refusal, then, while the burst goes on, one line a minute with how many
 * more there were: a flood is a few lines, not one per call (docs/decisions/0077-webhook-refusals-counted.md).
 * The minutes are the injected clock's, judged at each refusal; a timer writes the last minute's count
 * when no refusal follows it. Per replica, as the metric is.
 */
@Injectable()
export class WebhookRefusals implements OnModuleDestroy {
  private readonly logger = new Logger('Telegram');
  /** When the current minute of a burst began (clock ms); null: no burst. */
  private minuteFrom: number | null = null;
  /** Refusals in the current minute after the one that was logged or began it. */
  private more = 0;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly metrics: MetricsService,
    private readonly clock: Clock,
  ) {}

  /** A call refused; `address` is the caller's (behind the trusted proxy). The secret it sent is never logged. */
  refused(reason: WebhookRefusal, address: string | undefined): void {
    this.metrics.webhookRefused(reason);
    const now = this.clock.now().getTime();
    this.endMinute(now);
    if (this.minuteFrom !== null) {
      this.more += 1;
      return;
    }
    this.minuteFrom = now;
    this.logger.warn({ reason, address }, 'telegram webhook refused: wrong or missing secret');
    this.schedule(now);
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.report();
  }

  /**
   * Once the burst's minute is over: its count, if there were more; the burst goes on from now, or has
   * ended when its minute had nothing more or a whole minute has passed since.
   */
  private endMinute(now: number): void {
    if (this.minuteFrom === null || now - this.minuteFrom < WEBHOOK_REFUSALS_REPORT_MS) return;
    const quiet = this.more === 0 || now - this.minuteFrom >= 2 * WEBHOOK_REFUSALS_REPORT_MS;
    this.report();
    this.minuteFrom = quiet ? null : now;
  }

  private report(): void {
    if (this.more === 0) return;
    this.logger.warn(
      { more: this.more, seconds: WEBHOOK_REFUSALS_REPORT_MS / 1000 },
      `telegram webhook refused: ${this.more} more in the last minute`,
    );
    this.more = 0;
  }

  private schedule(now: number): void {
    clearTimeout(this.timer);
    const due = Math.max(1_000, (this.minuteFrom ?? now) + WEBHOOK_REFUSALS_REPORT_MS - now);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const at = this.clock.now().getTime();
      this.endMinute(at);
      if (this.minuteFrom !== null) this.schedule(at);
    }, due).unref();
  }
}
