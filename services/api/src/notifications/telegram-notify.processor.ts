import { Processor } from '@nestjs/bullmq';
import { Clock } from '../common/clock';
import { MetricsService } from '../metrics/metrics.service';
import { NOTIFY_CONCURRENCY, QUEUES } from '../queues/queues';
import type { Notice } from './notices';
import { NoticeTexts } from './notice-texts';
import { Deliveries, NotifyWorker, RateLimited, type Outcome, type Player } from './notify-worker';
import { PlayerChannels } from './player-channels';
import { TelegramBot, TelegramSendError } from './telegram-bot';

/** Notices to the player's linked Telegram chat; a bot the player blocked switches the channel off. */
@Processor(QUEUES.notifyTelegram, { concurrency: NOTIFY_CONCURRENCY.telegram })
export class TelegramNotifyProcessor extends NotifyWorker {
  protected readonly channel = 'telegram';

  constructor(
    deliveries: Deliveries,
    clock: Clock,
    metrics: MetricsService,
    private readonly texts: NoticeTexts,
    private readonly telegram: TelegramBot,
    private readonly channels: PlayerChannels,
  ) {
    super(deliveries, clock, metrics);
  }

  protected async deliver(player: Player, notice: Notice): Promise<Outcome> {
    if (!this.telegram.enabled || player.chat === null) return { sent: false, detail: 'telegram not linked' };
    try {
      await this.telegram.send(player.chat, await this.texts.telegram(notice, player.name));
      return { sent: true };
    } catch (error) {
      if (!(error instanceof TelegramSendError)) throw error;
      const failure = error.failure;
      if (failure.kind === 'rate-limited') throw new RateLimited(failure.retryAfterMs);
      if (failure.kind === 'blocked') {
        await this.channels.switchOff(player.id, 'telegram', 'blocked');
        return { sent: false, detail: `bot blocked by the player: ${error.message}` };
      }
      throw failure.error;
    }
  }
}
