import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { AlertKind } from '@kort/contracts';
import { Clock } from '../common/clock';
import type { Writer } from '../common/writer';
import { AppConfig } from '../config/app-config';
import { EventOutbox, type OutboxEvent } from '../events/event-outbox';
import { PlayerChannels } from '../notifications/player-channels';
import { TelegramBot, TelegramSendError } from '../notifications/telegram-bot';
import { JOBS, QUEUES, recordKey } from '../queues/queues';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';
import { alertTelegram } from './alert-texts';
import { AlertsService } from './alerts.service';
import { ALERT_FOR_MESSAGE, ALERTS_MADE, STAFF_WITH_TELEGRAM } from './alerts.sql';

/** One alert's Telegram message; `done`: the staff a try already reached (a retry skips them). */
export interface AlertJob {
  alertId: number;
  siteId: string;
  done?: number[];
}

/** The job of an alert's message, for all time: the alert's id with the instant it was made (queues.ts). */
export const alertJobId = (id: number, createdAt: Date): string => `alert-${recordKey(id, createdAt)}`;

interface MessageRow {
  id: number;
  site_id: string;
  kind: AlertKind;
  detail: string;
  offline: boolean;
  raised_at: Date;
  resolved_at: Date | null;
  site_name: string;
  timezone: string;
}

/**
 * What follows an alert's commit (the event outbox's `alert.raised` and `alert.changed`): the
 * dashboards of its site get it at once, and a new one is told in Telegram to the site's admins and
 * the owners who linked a chat. The message is one BullMQ job per alert under an id unique for all
 * time, queued by the relay in its transaction: a drain repeated after a crash queues nothing new,
 * so each alert is sent once; a retry after a partial send skips the admins already reached.
 */
@Injectable()
export class AlertMessages implements OnModuleInit {
  private readonly logger = new Logger('Alerts');

  constructor(
    @InjectQueue(QUEUES.alerts) private readonly queue: Queue<AlertJob>,
    private readonly outbox: EventOutbox,
    private readonly alerts: AlertsService,
    private readonly db: DataSource,
    private readonly telegram: TelegramBot,
    private readonly channels: PlayerChannels,
    private readonly sites: SitesService,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.outbox.on('alert.raised', (events, tx) => this.raised(events, tx));
    this.outbox.on('alert.changed', (events, tx) => this.publish(events, tx));
  }

  /** New alerts: each one's message queued (with a bot), then the dashboards told. */
  private async raised(events: OutboxEvent[], tx: Writer): Promise<void> {
    if (this.telegram.enabled) {
      const made = await tx.query<{ id: number; site_id: string; created_at: Date }[]>(ALERTS_MADE, [
        events.map((event) => event.ref),
        events.map((event) => event.siteId),
      ]);
      for (const alert of made) {
        await this.queue.add(
          JOBS.alertTelegram,
          { alertId: alert.id, siteId: alert.site_id },
          { jobId: alertJobId(alert.id, alert.created_at) },
        );
      }
    }
    await this.publish(events, tx);
  }

  /** Each alert as it is now to its site's dashboards (a push repeated after a crash is harmless). */
  private async publish(events: OutboxEvent[], tx: Writer): Promise<void> {
    for (const alert of await this.alerts.named(tx, events)) this.alerts.changes.next(alert);
  }

  /** The job: the message to each of the site's staff with a linked chat not reached yet. */
  async send(job: Job<AlertJob>): Promise<string> {
    const { alertId, siteId } = job.data;
    const [alert] = await this.db.query<MessageRow[]>(ALERT_FOR_MESSAGE, [alertId, siteId]);
    if (!alert) return 'alert gone';
    if (!this.telegram.enabled) return 'telegram off';
    const now = this.clock.now();
    const message = alertTelegram(
      {
        siteName: alert.site_name,
        kind: alert.kind,
        detail: alert.detail,
        offline: alert.offline,
        raisedAt: alert.raised_at,
        resolvedAt: alert.resolved_at,
      },
      this.time.of(alert),
      now,
      `${this.config.publicUrl}/admin/alerts`,
    );
    const done = new Set(job.data.done ?? []);
    const staff = (await this.staffOf(siteId)).filter((person) => !done.has(person.id));
    let sent = 0;
    for (const person of staff) {
      try {
        await this.telegram.send(person.chat, message);
        sent += 1;
      } catch (error) {
        if (!(error instanceof TelegramSendError)) throw error;
        if (error.failure.kind !== 'blocked') {
          await job.updateData({ ...job.data, done: [...done] });
          throw error.failure.kind === 'transient' ? error.failure.error : error;
        }
        await this.channels.switchOff(person.id, 'telegram', 'blocked');
      }
      done.add(person.id);
    }
    await job.updateData({ ...job.data, done: [...done] });
    this.logger.log({ alert: alertId, site: siteId, sent, attempt: job.attemptsMade + 1 }, 'alert told in Telegram');
    return `sent to ${sent}`;
  }

  /** The owners and the site's admins (as SitesService decides who runs it) with a linked chat. */
  private async staffOf(siteId: string): Promise<{ id: number; chat: number }[]> {
    const rows = await this.db.query<{ id: number; role: 'admin' | 'owner'; chat_id: string }[]>(STAFF_WITH_TELEGRAM);
    const staff: { id: number; chat: number }[] = [];
    for (const row of rows) {
      if (await this.sites.runs(row, siteId)) staff.push({ id: row.id, chat: Number(row.chat_id) });
    }
    return staff;
  }
}
