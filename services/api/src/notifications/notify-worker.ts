import { OnWorkerEvent, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Worker, type Job } from 'bullmq';
import { DataSource } from 'typeorm';
import type { NoticeChannel } from '@kort/contracts';
import { Clock } from '../common/clock';
import { MetricsService } from '../metrics/metrics.service';
import { KIND_OF, validUntil, type Notice } from './notices';
import type { NotifyJob } from './notifier';

export interface Player {
  id: number;
  email: string;
  name: string;
  /** The linked Telegram chat, if any (read with the claim: one query, not three, per message). */
  chat: number | null;
}

/** A message that will never go on this channel: recorded as dropped, never retried. */
export type Outcome = { sent: true; detail?: string } | { sent: false; detail: string };

/** Telegram asked us to wait (429): the whole channel pauses, the message goes back in line. */
export class RateLimited extends Error {
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
export abstract class NotifyWorker extends WorkerHost {
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
