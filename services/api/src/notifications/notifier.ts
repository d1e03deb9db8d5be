import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { NoticeChannel } from '@kort/contracts';
import { Clock } from '../common/clock';
import { JOBS, QUEUES, recordKey } from '../queues/queues';
import { eventOf, KIND_OF, type Notice } from './notices';
import { PlayerChannels } from './player-channels';

export interface NotifyJob {
  event: string;
  userId: number;
  notice: Notice;
  /** Push only: the devices a retry need not send to again. */
  done?: number[];
}

/**
 * The job of one message on one channel: its event and player with the instant its delivery row was
 * written (an event names a record by id, which a restored database hands out again: queues.ts,
 * recordKey). BullMQ ids cannot hold ':'.
 */
export const notifyJobId = (event: string, userId: number, queuedAt: Date): string =>
  `${event.replace(/:/g, '-')}-u${recordKey(userId, queuedAt)}`;

/** Rows left queued without a job (a replica died between the two) are queued again after this long. */
const ORPHAN_AFTER_MS = 60_000;
/** How long the outcome of each message is kept for an operator to look up. */
const KEEP_DELIVERIES_MS = 90 * 24 * 3600_000;

/**
 * The one path of every message to a player but the codes: for each channel the
 * player has in force for the notice's kind, a delivery row keyed by (event, player, channel) and
 * a BullMQ job on that channel's queue. A second notify of the same event (another replica, a
 * retried job) finds the rows and queues nothing; the channel's processor claims the row before
 * sending, so a message goes at most once whatever retries or stalls.
 */
@Injectable()
export class Notifier implements OnApplicationBootstrap {
  private readonly logger = new Logger('Notifications');
  private readonly queues: Record<NoticeChannel, Queue<NotifyJob>>;

  constructor(
    @InjectQueue(QUEUES.notifyEmail) email: Queue<NotifyJob>,
    @InjectQueue(QUEUES.notifyTelegram) telegram: Queue<NotifyJob>,
    @InjectQueue(QUEUES.notifyPush) push: Queue<NotifyJob>,
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly channels: PlayerChannels,
  ) {
    this.queues = { email, telegram, push };
  }

  async notify(userId: number, notice: Notice): Promise<void> {
    const kind = KIND_OF[notice.type];
    const event = eventOf(notice);
    const channels = await this.channels.channelsFor(userId, kind);
    if (channels.length === 0) {
      this.logger.log({ event, user: userId, kind }, 'notice not sent: the player turned every channel off');
      return;
    }
    const rows = await this.db.query<{ channel: NoticeChannel; created_at: Date }[]>(
      `INSERT INTO notification_deliveries (event, user_id, channel, kind, notice, state, created_at)
       SELECT $1, $2, channel, $3, $4, 'queued', $5 FROM unnest($6::text[]) AS channel
       ON CONFLICT (event, user_id, channel) DO NOTHING RETURNING channel, created_at`,
      [event, userId, kind, JSON.stringify(notice), this.clock.now(), channels],
    );
    for (const { channel, created_at } of rows) await this.enqueue(channel, { event, userId, notice }, created_at);
    if (rows.length < channels.length) {
      this.logger.log({ event, user: userId }, 'notice already queued: sent once per channel');
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    const now = this.clock.now().getTime();
    const [, pruned] = await this.db.query<[unknown[], number]>(
      `DELETE FROM notification_deliveries WHERE created_at < $1`,
      [new Date(now - KEEP_DELIVERIES_MS)],
    );
    if (pruned) this.logger.log({ rows: pruned }, 'notice outcomes older than 90 days removed');
    const orphans = await this.db.query<
      { event: string; user_id: number; channel: NoticeChannel; notice: Notice; created_at: Date }[]
    >(
      `SELECT event, user_id, channel, notice, created_at FROM notification_deliveries
        WHERE state = 'queued' AND created_at < $1 AND created_at > $2`,
      [new Date(now - ORPHAN_AFTER_MS), new Date(now - 24 * 3600_000)],
    );
    for (const row of orphans) {
      await this.enqueue(row.channel, { event: row.event, userId: row.user_id, notice: row.notice }, row.created_at);
    }
    if (orphans.length) this.logger.log({ notices: orphans.length }, 'queued notices without a job queued again');
  }

  private async enqueue(channel: NoticeChannel, job: NotifyJob, queuedAt: Date): Promise<void> {
    await this.queues[channel].add(JOBS.notify, job, { jobId: notifyJobId(job.event, job.userId, queuedAt) });
  }
}
