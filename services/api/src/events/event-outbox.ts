import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Writer } from '../common/writer';

/** The facts whose follow-ups must survive a crash after their commit (the table's CHECK lists them). */
export type EventTopic = 'game.booked' | 'game.freed' | 'alert.raised' | 'alert.changed';

/** A fact to follow up: its site, its topic, the id of its record. */
export interface OutboxEvent {
  siteId: string;
  topic: EventTopic;
  ref: number;
}

/**
 * Queues a topic's follow-ups (jobs under ids unique for all time, so doing it twice adds nothing),
 * inside the relay's transaction: throwing leaves the events for the next drain.
 */
export type EventHandler = (events: OutboxEvent[], tx: Writer) => Promise<void>;

/** Rows per drain transaction. */
const BATCH = 200;
/** Each replica looks for rows a crashed one left this often (a kick after each commit does the rest). */
const POLL_MS = 1_000;

/**
 * The outbox of what follows a commit (docs/decisions/0086-event-outbox.md). A writer adds its
 * events in its own transaction (`add`), then `kick`s the relay once committed. Every replica runs
 * the relay: it takes rows no one else holds (FOR UPDATE SKIP LOCKED), hands them to their topic's
 * handler, and deletes them in the same transaction. Killed between the handler's queueing and the
 * commit, the rows stay and the next drain queues them again under the same job ids: nothing lost,
 * nothing twice.
 */
@Injectable()
export class EventOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EventOutbox');
  private readonly handlers = new Map<EventTopic, EventHandler>();
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /** The last drain's failure, logged once until a drain succeeds. */
  private failing = false;

  constructor(private readonly db: DataSource) {}

  /** The topic's one handler (its module registers it at init). */
  on(topic: EventTopic, handler: EventHandler): void {
    this.handlers.set(topic, handler);
  }

  /** In the writer's transaction: the events commit with the facts, or not at all. */
  async add(tx: Writer, events: OutboxEvent[]): Promise<void> {
    if (!events.length) return;
    await tx.query(EventOutbox.insertOf(`SELECT * FROM unnest($1::text[], $2::text[], $3::int[])`), [
      events.map((e) => e.siteId),
      events.map((e) => e.topic),
      events.map((e) => e.ref),
    ]);
  }

  /**
   * The add as a part of the writer's own statement (a data-modifying WITH, atomic with the rest
   * of it): `rows` selects the events' site_id, topic and ref.
   */
  static insertOf(rows: string): string {
    return `INSERT INTO event_outbox (site_id, topic, ref) ${rows}`;
  }

  /** After the writer's commit: drain now rather than at the next poll. */
  kick(): void {
    void this.drain();
  }

  onApplicationBootstrap(): void {
    this.kick(); // rows a killed process left behind
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
  }

  /** One drain at a time per replica; a kick meanwhile drains once more after it. */
  drain(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.drainBatch()) === BATCH && !this.stopped);
        } while (this.again && !this.stopped);
        if (this.failing) this.logger.log('the event outbox drains again');
        this.failing = false;
      } catch (error) {
        if (!this.failing)
          this.logger.error({ error: String(error) }, 'event outbox not drained; retrying every second');
        this.failing = true;
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  /** One transaction: take, follow up, delete. Answers how many rows it took. */
  private async drainBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; site_id: string; topic: EventTopic; ref: number }[]>(
        `SELECT id, site_id, topic, ref FROM event_outbox ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (!rows.length) return 0;
      const byTopic = new Map<EventTopic, OutboxEvent[]>();
      for (const row of rows) {
        const events = byTopic.get(row.topic) ?? [];
        events.push({ siteId: row.site_id, topic: row.topic, ref: row.ref });
        byTopic.set(row.topic, events);
      }
      for (const [topic, events] of byTopic) {
        const handler = this.handlers.get(topic);
        if (!handler) throw new Error(`no handler for the outbox topic ${topic}`);
        await handler(events, tx);
      }
      await tx.query(`DELETE FROM event_outbox WHERE id = ANY($1::bigint[])`, [rows.map((row) => row.id)]);
      return rows.length;
    });
  }
}
