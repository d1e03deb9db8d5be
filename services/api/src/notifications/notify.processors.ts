import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { NoticeChannel } from '@kort/contracts';
import { Clock } from '../common/clock';
import { MailSender } from '../mail/mail-sender';
import { MetricsService } from '../metrics/metrics.service';
import { NOTIFY_CONCURRENCY, QUEUES } from '../queues/queues';
import { KIND_OF, validUntil, type Notice } from './notices';
import { NoticeTexts } from './notice-texts';
import type { NotifyJob } from './notifier';
import { PlayerChannels } from './player-channels';
import { maskEndpoint } from './push-endpoints';
import { TelegramBot, TelegramSendError } from './telegram-bot';
import { WebPushClient } from './web-push-client';

interface Player {
  id: number;
  email: string;
  name: string;
  /** The linked Telegram chat, if any (read with the claim: one query, not three, per message). */
  chat: number | null;
}

/** A message that will never go on this channel: recorded as dropped, never retried. */
type Outcome = { sent: true; detail?: string } | { sent: false; detail: string };

/** Telegram asked us to wait (429): the whole channel pauses, the message goes back in line. */
class RateLimited extends Error {
  constructor(readonly afterMs: number) {
    super(`rate limited for ${afterMs} ms`);
  }
}

/**
 * The delivery rows (notification_deliveries): claimed before a send, so that a message goes at
 * most once per (event, player, channel) across replicas, retries and stalled jobs; then marked
 * with the outcome an operator reads.
 */
@Injectable()
export class Deliveries {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes the row for this try, with the player it is for: 'taken' when another try has it (sent,
   * sending, dropped), null player when the account is gone.
   */
  async claim(job: NotifyJob, channel: NoticeChannel): Promise<'taken' | { player: Player | null }> {
    const rows = await this.db.query<{ id: number | null; email: string; name: string; chat: string | null }[]>(
      `WITH claimed AS (
         UPDATE notification_deliveries SET state = 'sending', attempts = attempts + 1
          WHERE event = $1 AND user_id = $2 AND channel = $3 AND state IN ('queued', 'failed')
          RETURNING user_id)
       SELECT u.id, u.email, u.name, t.chat_id AS chat
         FROM claimed LEFT JOIN users u ON u.id = claimed.user_id AND u.deleted_at IS NULL
         LEFT JOIN telegram_chats t ON t.user_id = u.id`,
      [job.event, job.userId, channel],
    );
    const [row] = rows;
    if (!row) return 'taken';
    if (row.id === null) return { player: null };
    return {
      player: { id: row.id, email: row.email, name: row.name, chat: row.chat === null ? null : Number(row.chat) },
    };
  }

  async finish(
    job: NotifyJob,
    channel: NoticeChannel,
    state: 'sent' | 'dropped' | 'failed' | 'queued',
    outcome: string,
  ) {
    await this.db.query(
      `UPDATE notification_deliveries
          SET state = $4, outcome = $5, sent_at = CASE WHEN $4 = 'sent' THEN $6::timestamptz ELSE sent_at END,
              attempts = CASE WHEN $4 = 'queued' THEN attempts - 1 ELSE attempts END
        WHERE event = $1 AND user_id = $2 AND channel = $3`,
      [job.event, job.userId, channel, state, outcome.slice(0, 500), this.clock.now()],
    );
  }
}

/**
 * One channel's worker: claim the row, check the player and the notice still stand, send, record.
 * A failure that may pass is thrown (BullMQ retries with backoff); one that will not is recorded
 * as dropped and returned.
 */
abstract class NotifyWorker extends WorkerHost {
  protected abstract readonly channel: NoticeChannel;
  protected readonly logger = new Logger('Notifications');

  constructor(
    protected readonly deliveries: Deliveries,
    protected readonly clock: Clock,
    protected readonly metrics: MetricsService,
  ) {
    super();
  }

  protected abstract deliver(player: Player, notice: Notice, job: Job<NotifyJob>): Promise<Outcome>;

  async process(job: Job<NotifyJob>): Promise<string> {
    const { event, userId, notice } = job.data;
    const claim = await this.deliveries.claim(job.data, this.channel);
    if (claim === 'taken') return 'already sent';
    const { player } = claim;
    const until = validUntil(notice);
    let outcome: Outcome;
    if (!player) outcome = { sent: false, detail: 'account gone' };
    else if (until && until <= this.clock.now()) outcome = { sent: false, detail: 'too late: its moment has passed' };
    else {
      try {
        outcome = await this.deliver(player, notice, job);
      } catch (error) {
        if (error instanceof RateLimited) {
          await this.deliveries.finish(job.data, this.channel, 'queued', 'rate limited');
          await this.worker.rateLimit(error.afterMs);
          this.logger.warn({ channel: this.channel, ms: error.afterMs }, 'channel rate limited: paused');
          throw Worker.RateLimitError();
        }
        const message = error instanceof Error ? error.message : String(error);
        await this.deliveries.finish(job.data, this.channel, 'failed', message);
        this.metrics.noticeFinished(this.channel, KIND_OF[notice.type], 'failed');
        throw error;
      }
    }
    await this.deliveries.finish(job.data, this.channel, outcome.sent ? 'sent' : 'dropped', outcome.detail ?? 'sent');
    this.metrics.noticeFinished(this.channel, KIND_OF[notice.type], outcome.sent ? 'sent' : 'dropped');
    this.logger.log(
      { event, user: userId, channel: this.channel, attempt: job.attemptsMade + 1, outcome: outcome.detail ?? 'sent' },
      outcome.sent ? 'notice sent' : 'notice dropped',
    );
    return outcome.detail ?? 'sent';
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<NotifyJob> | undefined, error: Error): void {
    if (error.name === 'RateLimitError') return;
    this.logger.warn(
      {
        event: job?.data.event,
        user: job?.data.userId,
        channel: this.channel,
        attempt: job?.attemptsMade,
        error: error.message,
      },
      'notice not sent, will retry while attempts remain',
    );
  }
}

@Processor(QUEUES.notifyEmail, { concurrency: NOTIFY_CONCURRENCY.email })
export class EmailNotifyProcessor extends NotifyWorker {
  protected readonly channel = 'email';

  constructor(
    deliveries: Deliveries,
    clock: Clock,
    metrics: MetricsService,
    private readonly texts: NoticeTexts,
    private readonly mail: MailSender,
  ) {
    super(deliveries, clock, metrics);
  }

  protected async deliver(player: Player, notice: Notice): Promise<Outcome> {
    await this.mail.send(await this.texts.letter(notice, player.email, player.name));
    return { sent: true };
  }
}

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
