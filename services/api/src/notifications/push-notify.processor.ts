import { Processor } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { Clock } from '../common/clock';
import { MetricsService } from '../metrics/metrics.service';
import { NOTIFY_CONCURRENCY, QUEUES } from '../queues/queues';
import type { Notice } from './notices';
import { NoticeTexts } from './notice-texts';
import type { NotifyJob } from './notifier';
import { Deliveries, NotifyWorker, type Outcome, type Player } from './notify-worker';
import { PlayerChannels } from './player-channels';
import { maskEndpoint } from './push-endpoints';
import { WebPushClient } from './web-push-client';

/** Web push notices to each of the player's subscribed devices. */
@Processor(QUEUES.notifyPush, { concurrency: NOTIFY_CONCURRENCY.push })
export class PushNotifyProcessor extends NotifyWorker {
  protected readonly channel = 'push';

  constructor(
    deliveries: Deliveries,
    clock: Clock,
    metrics: MetricsService,
    private readonly texts: NoticeTexts,
    private readonly push: WebPushClient,
    private readonly channels: PlayerChannels,
  ) {
    super(deliveries, clock, metrics);
  }

  /**
   * To each of the player's devices not reached by an earlier try: a gone subscription (404/410)
   * is removed, and so is one whose endpoint fails the address rule by its text (an older install
   * saved it; logged once, as it goes); any device that may yet take it makes the job retry for
   * that device only.
   */
  protected async deliver(player: Player, notice: Notice, job: Job<NotifyJob>): Promise<Outcome> {
    const text = await this.texts.push(notice, this.clock.now());
    if (text.ttlSeconds <= 0) return { sent: false, detail: 'too late: its moment has passed' };
    const done = new Set(job.data.done ?? []);
    const targets = (await this.channels.pushTargets(player.id)).filter((target) => !done.has(target.id));
    if (!this.push.enabled || (targets.length === 0 && done.size === 0)) return { sent: false, detail: 'no device' };
    const tally = { sent: 0, gone: 0, refused: 0, retry: 0, forbidden: 0 };
    for (const target of targets) {
      const { outcome, status, reason } = await this.push.send(target, text);
      tally[outcome] += 1;
      const device = { user: player.id, device: target.id, endpoint: maskEndpoint(target.endpoint) };
      if (outcome === 'gone' || outcome === 'forbidden') {
        await this.channels.switchOff(player.id, 'push', 'gone', target.id);
      }
      if (outcome === 'forbidden') {
        this.logger.warn({ ...device, reason }, 'push endpoint fails the address rule: not sent, subscription removed');
      }
      if (outcome === 'refused') this.logger.warn({ ...device, status, reason }, 'push refused');
      if (outcome !== 'retry') done.add(target.id);
    }
    await job.updateData({ ...job.data, done: [...done] });
    if (tally.retry > 0) throw new Error(`push service unavailable for ${tally.retry} device(s)`);
    const detail = `devices: ${tally.sent} sent, ${tally.gone} gone, ${tally.refused} refused, ${tally.forbidden} forbidden`;
    return tally.sent > 0 || done.size > targets.length ? { sent: true, detail } : { sent: false, detail };
  }
}
