import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Subscription } from 'rxjs';
import {
  EDGE_EVENTS,
  SCHEDULE_HORIZON_MS,
  SCHEDULE_MAX_ENTRIES,
  scheduleAckSchema,
  type Schedule,
  type ScheduleEntry,
  type SignedSchedule,
} from '@kort/contracts';
import { scheduleKey, signSchedulePayload } from '@kort/contracts/schedule-crypto';
import { GameReads, type ScheduledGame } from '../bookings/game-reads';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { doorWindow } from '../offline/door-window';
import { OfflinePins } from '../offline/offline-pins';
import { ScheduleChanges, type ScheduleScope } from '../offline/schedule-changes';
import { EdgeGateway, siteRoom, type AgentSocket } from './edge.gateway';
import { Slots } from './slots';

/** A burst of changes (a player blocked with ten games) is one push, this long after the first. */
const COALESCE_MS = 100;
/** The horizon slides: every online agent gets a fresh schedule this often. */
const REFRESH_MS = 10 * 60_000;
const ACK_TIMEOUT_MS = 5_000;
/** Pauses before the retries of a push nobody acknowledged (while the site stays online). */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];
const ALL_SITES = '*';
/**
 * Schedules this replica builds at once; the others wait their turn. A reconnect storm, the
 * 10-minute refresh and a change of every site each ask for hundreds: unbounded, their queries
 * took the pool and the event loop from the players.
 */
export const BUILD_SLOTS = 4;
const GONE = Symbol('agent disconnected');

/**
 * The signed schedule each site's agent keeps so the club runs without its link (offline.ts): the
 * next 48 hours of live games with their door windows and offline PIN verifiers, and the light's
 * rules. Pushed on every agent connect, every 10 minutes, and within a second of every change.
 */
@Injectable()
export class ScheduleService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Schedule');
  private readonly pending = new Map<string, NodeJS.Timeout>();
  /** Pushes to one site run one after another, so versions arrive in the order they were issued. */
  private readonly chains = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, Promise<void>>();
  private readonly subscriptions: Subscription[] = [];
  private refreshTimer?: NodeJS.Timeout;
  private stopped = false;
  private readonly building = new Slots(BUILD_SLOTS);

  constructor(
    private readonly db: DataSource,
    private readonly games: GameReads,
    private readonly edge: EdgeGateway,
    private readonly changes: ScheduleChanges,
    private readonly pins: OfflinePins,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.subscriptions.push(
      this.changes.changes.subscribe((scope) => this.changed(scope)),
      // After the agent joined its room and was marked online.
      this.edge.connected.subscribe((siteId) => this.enqueue(siteId)),
    );
    this.refreshTimer = setInterval(() => this.refreshLocalAgents(), REFRESH_MS).unref();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearInterval(this.refreshTimer);
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /**
   * The site's schedule, signed with the key derived from its agent's token; a new version each
   * call. Null for a site that is offline (its agent gets a fresh one when it connects) or has no
   * token (no agent can connect to it).
   */
  private async build(siteId: string): Promise<SignedSchedule | null> {
    // Whether it is online, its token and its next version in one statement: on a storm of
    // reconnects every round trip is paid a thousand times. The version is monotonic across
    // replicas, and past anything issued before a backup was restored.
    const [[site]] = await this.db.query<[{ schedule_version: string; token_hash: string }[], number]>(
      `UPDATE sites SET schedule_version = greatest(schedule_version + 1, floor(extract(epoch from clock_timestamp()) * 1000)::bigint)
        WHERE id = $1 AND online AND token_hash IS NOT NULL
        RETURNING schedule_version, token_hash`,
      [siteId],
    );
    if (!site) return null;
    const now = this.clock.now();
    const { closesAfterMin } = this.config.doorWindow;
    const rows = await this.games.scheduledAt(
      siteId,
      now,
      new Date(now.getTime() + SCHEDULE_HORIZON_MS),
      closesAfterMin,
      SCHEDULE_MAX_ENTRIES + 1,
    );
    if (rows.length > SCHEDULE_MAX_ENTRIES) {
      this.logger.error(
        { site: siteId, max: SCHEDULE_MAX_ENTRIES },
        'more games ahead than a schedule holds: the latest are left out',
      );
      rows.length = SCHEDULE_MAX_ENTRIES;
    }
    const schedule: Schedule = {
      site: siteId,
      version: Number(site.schedule_version),
      // The agent's clock is set by EDGE_EVENTS.clock, which answers Date.now().
      issuedAt: Date.now(),
      light: this.config.light,
      games: rows.map((row) => this.entry(row)),
    };
    const payload = JSON.stringify(schedule);
    return { payload, signature: signSchedulePayload(payload, scheduleKey(site.token_hash)) };
  }

  /**
   * Builds and sends the site's schedule to its agent, wherever it is connected (the Redis adapter
   * reaches other replicas). A push nobody acknowledged is tried again while the site is online.
   */
  push(siteId: string): Promise<void> {
    // A push still waiting for its turn builds the latest schedule anyway: join it.
    const waiting = this.waiting.get(siteId);
    if (waiting) return waiting;
    const next = (this.chains.get(siteId) ?? Promise.resolve()).then(() => {
      this.waiting.delete(siteId);
      return this.pushWithRetries(siteId);
    });
    this.waiting.set(siteId, next);
    this.chains.set(siteId, next);
    void next.finally(() => {
      if (this.chains.get(siteId) === next) this.chains.delete(siteId);
    });
    return next;
  }

  private entry(row: ScheduledGame): ScheduleEntry {
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    const window = doorWindow({ startsAt, endsAt }, this.config.doorWindow);
    return {
      game: row.id,
      court: row.court_id,
      start: startsAt.getTime(),
      end: endsAt.getTime(),
      open: window.open.getTime(),
      close: window.close.getTime(),
      ...this.pins.verifier(row.id),
    };
  }

  /** Never rejects: every failure is logged. */
  private async pushWithRetries(siteId: string): Promise<void> {
    for (const delay of [...RETRY_DELAYS_MS, null]) {
      if (this.stopped) return;
      try {
        if (await this.pushOnce(siteId)) return;
      } catch (error) {
        this.logger.error({ site: siteId, error: String(error) }, 'schedule not pushed');
      }
      if (delay === null || this.stopped) break;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
    if (!this.stopped) {
      this.logger.error({ site: siteId }, 'schedule push given up: the agent keeps its previous schedule');
    }
  }

  /** True when done (acknowledged, refused, or no agent online); false to try again. */
  private async pushOnce(siteId: string): Promise<boolean> {
    const signed = await this.building.run(() => this.build(siteId));
    if (!signed || this.stopped) return true;
    let answers: unknown[];
    try {
      answers = await this.send(siteId, signed);
    } catch {
      this.logger.warn({ site: siteId }, 'schedule not acknowledged in time');
      return false;
    }
    if (answers.length === 0) return true;
    for (const answer of answers) {
      const ack = scheduleAckSchema.safeParse(answer);
      if (!ack.success) this.logger.error({ site: siteId }, 'schedule answered with a malformed ack');
      else if (ack.data.ok) {
        this.logger.log({ site: siteId, version: ack.data.version, entries: ack.data.entries }, 'schedule accepted');
      } else this.logger.error({ site: siteId, reason: ack.data.error }, 'schedule refused by the agent');
    }
    return true;
  }

  /**
   * The agent's socket on this replica gets the schedule directly (its wait ends with our own timer,
   * which a departing socket does not hold up); one on another replica through the Redis adapter.
   */
  private async send(siteId: string, signed: SignedSchedule): Promise<unknown[]> {
    const ids = this.edge.server.adapter.rooms.get(siteRoom(siteId)) ?? new Set<string>();
    const local = [...ids].flatMap((id) => this.edge.server.sockets.get(id) ?? []);
    if (local.length === 0) {
      return this.edge.server.to(siteRoom(siteId)).timeout(ACK_TIMEOUT_MS).emitWithAck(EDGE_EVENTS.schedule, signed);
    }
    const answers = await Promise.all(local.map((socket) => this.ask(socket, signed)));
    return answers.filter((answer) => answer !== GONE);
  }

  /** One local agent's answer; GONE when it disconnects first (it gets a schedule when it is back). */
  private ask(socket: AgentSocket, signed: SignedSchedule): Promise<unknown> {
    return new Promise<unknown>((resolve, reject) => {
      const gone = () => {
        clearTimeout(timer);
        resolve(GONE);
      };
      const timer = setTimeout(() => {
        socket.off('disconnect', gone);
        reject(new Error('no ack'));
      }, ACK_TIMEOUT_MS).unref();
      socket.once('disconnect', gone);
      socket.emit(EDGE_EVENTS.schedule, signed, (answer) => {
        clearTimeout(timer);
        socket.off('disconnect', gone);
        resolve(answer);
      });
    });
  }

  /** A change of one site (its agent) or of every site (null). */
  private changed(scope: ScheduleScope): void {
    this.coalesce(scope ?? ALL_SITES);
  }

  /** Changes within COALESCE_MS of the first are one push (never postponed further by more changes). */
  private coalesce(key: string): void {
    if (this.stopped || this.pending.has(key)) return;
    const timer = setTimeout(() => {
      this.pending.delete(key);
      void this.flush(key);
    }, COALESCE_MS);
    timer.unref();
    this.pending.set(key, timer);
  }

  private async flush(key: string): Promise<void> {
    try {
      const sites = key === ALL_SITES ? await this.onlineSites() : [key];
      for (const siteId of sites) this.enqueue(siteId);
    } catch (error) {
      this.logger.error({ error: String(error) }, 'schedule change not pushed');
    }
  }

  private enqueue(siteId: string): void {
    if (this.stopped) return;
    void this.push(siteId);
  }

  /** Each replica refreshes the agents connected to it: one push per agent, whatever the replica count. */
  private refreshLocalAgents(): void {
    const sites = new Set([...this.edge.server.sockets.values()].map((socket) => socket.data.siteId));
    for (const siteId of sites) if (siteId) this.enqueue(siteId);
  }

  private async onlineSites(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }[]>(
      `SELECT id FROM sites WHERE online AND token_hash IS NOT NULL ORDER BY id`,
    );
    return rows.map((row) => row.id);
  }
}
