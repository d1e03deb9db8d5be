import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { DomainEvents } from '../events/domain-events';
import { LocalCache } from './local-cache';

/** What the database announces (migrations 1763880000000-change-feed and 1763950000000-club-shape). */
export type ChangeTopic = 'bookings' | 'users' | 'settings' | 'courts' | 'closures' | 'sites' | 'prices';

const CHANNEL = 'kort_changes';
const RETRY_MS = { first: 250, max: 5000 };

/**
 * Every replica's read caches, kept true by PostgreSQL itself: one connection per replica LISTENs
 * on `kort_changes`, which triggers on the cached tables notify at commit, whoever wrote (the
 * common booking's is left to the event outbox's relay, which `announce`s it). The
 * notification is signalled at commit, but it travels on another connection than the commit's
 * reply, so this replica also drops its caches on the domain events of its own commits
 * (events/domain-events.ts), before the writer answers: the writer's next request never reads the
 * old value, and other replicas follow within the notification's delivery (milliseconds). While the connection is down the caches are empty and
 * bypassed, so a notification missed then cannot leave a stale value behind.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeFeed');
  /** What a notification of each topic drops: a key of a cache, or (no key, or several topics) all of it. */
  private readonly invalidators = new Map<ChangeTopic, ((key?: string) => void)[]>();
  private client: Client | null = null;
  private listening = false;
  private stopped = false;
  private retryMs = RETRY_MS.first;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
    private readonly db: DataSource,
  ) {}

  /**
   * A cache of `topic`'s rows; a notification `topic:<key>` drops that key, a bare `topic` all. A
   * value worked out from several tables (a day's free hours: bookings, courts, closures, the
   * club's hours) names them all, and any of them drops it whole.
   */
  cache<V>(
    topic: ChangeTopic | readonly ChangeTopic[],
    options: { maxAgeMs?: number; maxEntries?: number } = {},
  ): LocalCache<V> {
    const cache = new LocalCache<V>(() => this.listening, {
      maxAgeMs: options.maxAgeMs ?? 60_000,
      maxEntries: options.maxEntries ?? 10_000,
    });
    const topics = typeof topic === 'string' ? [topic] : topic;
    // Keys name rows of one table: a cache of several drops everything at any of their notifications.
    const invalidate = topics.length > 1 ? () => cache.invalidate() : (key?: string) => cache.invalidate(key);
    for (const one of topics) this.invalidators.set(one, [...(this.invalidators.get(one) ?? []), invalidate]);
    return cache;
  }

  /** Whether cached values are being kept and served (the LISTEN connection is up). */
  get live(): boolean {
    return this.listening;
  }

  /** The PostgreSQL backend listening for this replica (its pid in pg_stat_activity), while it listens. */
  async backendPid(): Promise<number | null> {
    if (!this.listening || !this.client) return null;
    return (await this.client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? null;
  }

  async onModuleInit(): Promise<void> {
    // First among the subscribers (this module starts before the writers'): the caches, then the rest.
    const games = { name: 'read caches', afterCommit: () => this.wrote('bookings') };
    for (const type of ['games.booked', 'games.held', 'games.freed', 'games.played'] as const)
      this.events.on(type, games);
    this.events.on('club.changed', { name: 'read caches', afterCommit: (event) => this.wrote(event.part) });
    // The app starts without waiting: until the feed listens, reads go to the database.
    await this.connect().catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.lost();
    await this.client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl, application_name: 'kort-change-feed' });
    this.client = client;
    client.on('notification', (message) => this.received(message.payload ?? ''));
    client.on('error', (error) => this.disconnected(client, error));
    client.on('end', () => this.disconnected(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.disconnected(client, error);
      throw error;
    }
    if (this.client !== client || this.stopped) return;
    // Anything may have changed while nobody listened: start from empty caches.
    this.flush();
    this.listening = true;
    if (this.retryMs !== RETRY_MS.first) this.logger.log('listening again: read caches on');
    this.retryMs = RETRY_MS.first;
  }

  /**
   * This replica just committed a change to `topic`'s rows: its own caches drop them now. The
   * database's notification reaches every replica too, but over another connection, so on a busy
   * machine the writer's next request could otherwise come first and read the kept value.
   */
  wrote(topic: ChangeTopic): void {
    this.received(topic);
  }

  /**
   * Announces a committed change of `topic`'s rows to every replica, for a write that left it to the
   * event outbox's relay (the common booking: decision 0128). On a pooled connection, outside any
   * transaction: the notification leaves at once, and a transaction that writes nothing has no
   * commit to flush while it holds PostgreSQL's notify lock.
   */
  async announce(topic: ChangeTopic): Promise<void> {
    await this.db.query(`SELECT pg_notify('${CHANNEL}', $1)`, [topic]);
  }

  private received(payload: string): void {
    const colon = payload.indexOf(':');
    const topic = (colon === -1 ? payload : payload.slice(0, colon)) as ChangeTopic;
    const key = colon === -1 ? undefined : payload.slice(colon + 1);
    for (const invalidate of this.invalidators.get(topic) ?? []) invalidate(key);
  }

  private disconnected(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.lost();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(
      { error: error instanceof Error ? error.message : 'connection ended', retryMs: this.retryMs },
      'change feed lost: read caches off',
    );
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch(() => undefined);
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
  }

  private lost(): void {
    this.listening = false;
    this.flush();
  }

  private flush(): void {
    for (const invalidators of this.invalidators.values()) for (const invalidate of invalidators) invalidate();
  }
}
