import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { AdminActions } from '../audit/admin-actions.service';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { DomainEvents } from '../events/domain-events';
import { Notifier } from '../notifications/notifier';
import { JOBS, QUEUES, recordKey } from '../queues/queues';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';
import { FREED_COLUMNS, freedGame, offeredIn, type FreedRow } from './freed-slots';

export interface NoShowCheckJob {
  bookingId: number;
}

export const noShowJobId = (booking: { id: number; createdAt: Date }): string =>
  `no-show-${recordKey(booking.id, booking.createdAt)}`;

const DAY_MS = 24 * 3600_000;
/** The rule's window: no-shows within 30 days count together. */
const NO_SHOW_WINDOW_MS = 30 * DAY_MS;
/** A no-show that counts towards a pause, on a booking aliased `b`: marked and not forgiven. */
export const COUNTED_NO_SHOW = 'b.no_show_at IS NOT NULL AND b.no_show_forgiven_at IS NULL';

/** NoShows.screen(): fewer than `limit` counted no-shows after `since`, and no pause is possible. */
export interface NoShowScreen {
  since: Date;
  limit: number;
}

interface PauseRow {
  no_show_at: Date;
  starts_at: Date;
  court_id: number;
  court_name: string;
}

/** A pause of new bookings and the no-shows that reached the limit. */
export interface NoShowPause {
  until: Date;
  noShows: { startsAt: Date; courtId: number; courtName: string }[];
}
/** While the door's agent is unreachable, the check is tried again this often (see check()). */
export const NO_SHOW_RECHECK_MS = 60_000;
/** The agent must have been seen this recently for its silence to mean nobody opened the door. */
const AGENT_FRESH_MS = 2 * 60_000;

export type NoShowVerdict = 'released' | 'checked-in' | 'gone' | 'not-yet' | 'door-unknown';

/**
 * Check-in is the door. Each live game gets a BullMQ job at its start plus
 * NO_SHOW_AFTER_MIN, keyed by the booking so that it is queued once whatever the replicas do and
 * survives restarts. The check releases a game whose door was not opened: the slot is free again
 * (cancelled_at), the game is a no-show (no_show_at), the player is told (notifications/notifier.ts). The release is one
 * conditional UPDATE, so a check run twice releases once.
 */
@Injectable()
export class NoShows implements OnApplicationBootstrap {
  private readonly logger = new Logger('NoShows');

  constructor(
    @InjectQueue(QUEUES.noShows) private readonly queue: Queue<NoShowCheckJob>,
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly notifier: Notifier,
    private readonly events: DomainEvents,
    private readonly actions: AdminActions,
  ) {}

  /**
   * Queues each game's check, due `afterMin` after its start (at once for a game past that), in
   * one round trip to Redis.
   */
  async scheduleChecks(bookings: { id: number; startsAt: Date; createdAt: Date }[]): Promise<void> {
    if (!bookings.length) return;
    const now = this.clock.now().getTime();
    await this.queue.addBulk(
      bookings.map((booking) => ({
        name: JOBS.noShowCheck,
        data: { bookingId: booking.id },
        opts: {
          delay: Math.max(0, booking.startsAt.getTime() + this.config.noShows.afterMin * 60_000 - now),
          jobId: noShowJobId(booking),
        },
      })),
    );
  }

  async cancelCheck(booking: { id: number; createdAt: Date }): Promise<void> {
    await this.queue.remove(noShowJobId(booking));
  }

  /**
   * Games booked before this replica's version had checks, and any whose job was lost, get one:
   * the job id makes a second add of an existing check a no-op.
   */
  async onApplicationBootstrap(): Promise<void> {
    // Every site's live games: the checks are keyed by game, whatever its site.
    const games = await this.db.query<{ id: number; starts_at: Date; created_at: Date }[]>(
      // A walk-in guest's game (no account: user_id null) is the desk's to open, never a no-show.
      `SELECT id, starts_at, created_at FROM bookings
        WHERE cancelled_at IS NULL AND started_at IS NULL AND held_until IS NULL AND ends_at > $1
          AND user_id IS NOT NULL`,
      [this.clock.now()],
    );
    await this.scheduleChecks(
      games.map((game) => ({ id: game.id, startsAt: game.starts_at, createdAt: game.created_at })),
    );
    if (games.length) this.logger.log({ games: games.length }, 'no-show checks ensured for live games');
  }

  /**
   * The check. A game not yet due (the job came early) waits; a game whose door's agent is not
   * connected and fresh cannot be judged (the player may have come in with the offline PIN, which
   * the agent reports when it is back), so it is tried again until the game ends, and never
   * released blind.
   */
  async check(bookingId: number): Promise<NoShowVerdict> {
    const now = this.clock.now();
    // The game's own site's agent is the one that saw (or not) its door open.
    const [game] = await this.db.query<
      {
        site_id: string;
        starts_at: Date;
        ends_at: Date;
        created_at: Date;
        started: boolean;
        live: boolean;
        agent_fresh: boolean;
      }[]
    >(
      `SELECT b.site_id, b.starts_at, b.ends_at, b.created_at, b.started_at IS NOT NULL AS started, b.cancelled_at IS NULL AS live,
              coalesce(s.online AND s.last_seen_at >= $2, false) AS agent_fresh
         FROM bookings b LEFT JOIN sites s ON s.id = b.site_id
        WHERE b.id = $1`,
      // last_seen_at is the wall clock's (devices.service.ts), like the agent's heartbeats.
      [bookingId, new Date(Date.now() - AGENT_FRESH_MS)],
    );
    if (!game || !game.live) return 'gone';
    if (game.started) return 'checked-in';
    if (now.getTime() < game.starts_at.getTime() + this.config.noShows.afterMin * 60_000) return 'not-yet';
    if (!game.agent_fresh) {
      if (now >= game.ends_at) this.logger.warn({ booking: bookingId }, 'no-show not judged: the door was unreachable');
      return now >= game.ends_at ? 'gone' : 'door-unknown';
    }
    // One statement: the release and the fact of its freed hour (the waitlist's offer) commit together.
    const released = await this.db.query<FreedRow[]>(
      `WITH released AS (
         UPDATE bookings SET cancelled_at = $2, no_show_at = $2
          WHERE id = $1 AND cancelled_at IS NULL AND started_at IS NULL AND held_until IS NULL AND user_id IS NOT NULL
          RETURNING ${FREED_COLUMNS}
       ), fact AS (${offeredIn('released', '$2')})
       SELECT * FROM released`,
      [bookingId, now],
    );
    const userId = released[0]?.user_id;
    if (userId === undefined || userId === null) return 'checked-in';
    await this.events.committed({ type: 'games.freed', games: released.map(freedGame), by: 'no-show' });
    this.logger.log({ booking: bookingId, user: userId }, 'game released: no-show');
    await this.actions.record(
      { id: game.site_id },
      undefined,
      null,
      'booking.no_show_release',
      'booking',
      bookingId,
      `Дверь не открыта за ${this.config.noShows.afterMin} мин после начала`,
    );
    await this.notifier.notify(userId, {
      type: 'no-show',
      bookingId,
      startsAt: game.starts_at.toISOString(),
      afterMin: this.config.noShows.afterMin,
    });
    return 'released';
  }

  /**
   * Until when the player's new bookings at the site are paused, or null: NO_SHOW_LIMIT unforgiven
   * no-shows at that site within 30 days pause them there for NO_SHOW_PAUSE_DAYS from the one that
   * reached the limit. No-shows count per site, as quotas do: a club pauses for what was missed at
   * its own courts, and other sites' bookings stay open. A sport school is exempt.
   */
  async pausedUntil(site: SiteRef, user: Pick<User, 'id' | 'isSportSchool'>): Promise<Date | null> {
    return (await this.pause(site, user))?.until ?? null;
  }

  /**
   * Which of these players (none a sport school) are paused at the site, and until when: judged
   * only for the few with an unforgiven no-show there, found in one query, then one each.
   */
  async pausedAmong(site: SiteRef, userIds: number[]): Promise<Map<number, Date>> {
    const candidates = userIds.length
      ? await this.db.query<{ user_id: number }[]>(
          `SELECT DISTINCT user_id FROM bookings
            WHERE user_id = ANY($1::int[]) AND site_id = $2 AND no_show_at IS NOT NULL AND no_show_forgiven_at IS NULL`,
          [userIds, site.id],
        )
      : [];
    const paused = new Map<number, Date>();
    for (const { user_id: id } of candidates) {
      const until = await this.pausedUntil(site, { id, isSportSchool: false });
      if (until) paused.set(id, until);
    }
    return paused;
  }

  /**
   * What a pause needs, for a booking's own statement to count (GameInserts.underQuotasAtOnce): a
   * player with fewer than `limit` no-shows (COUNTED_NO_SHOW) after `since` at the site cannot be
   * paused; one with more is judged by pause().
   */
  screen(): NoShowScreen {
    const { limit, pauseDays } = this.config.noShows;
    return { since: new Date(this.clock.now().getTime() - NO_SHOW_WINDOW_MS - pauseDays * DAY_MS), limit };
  }

  /** The pause (pausedUntil) with the no-shows that caused it, oldest first: what the player is told. */
  async pause(site: SiteRef, user: Pick<User, 'id' | 'isSportSchool'>): Promise<NoShowPause | null> {
    if (user.isSportSchool) return null;
    const { limit, pauseDays } = this.config.noShows;
    const now = this.clock.now().getTime();
    const rows = await this.db.query<PauseRow[]>(
      `SELECT b.no_show_at, b.starts_at, b.court_id, c.name AS court_name
         FROM bookings b JOIN courts c ON c.id = b.court_id
        WHERE b.user_id = $1 AND b.site_id = $3 AND ${COUNTED_NO_SHOW} AND b.no_show_at > $2
        ORDER BY b.no_show_at`,
      [user.id, this.screen().since, site.id],
    );
    const times = rows.map((row) => row.no_show_at.getTime());
    let until = 0;
    let behind: PauseRow[] = [];
    for (let last = limit - 1; last < times.length; last += 1) {
      if (times[last]! - times[last - limit + 1]! <= NO_SHOW_WINDOW_MS) {
        until = times[last]! + pauseDays * DAY_MS;
        behind = rows.slice(last - limit + 1, last + 1);
      }
    }
    if (until <= now) return null;
    return {
      until: new Date(until),
      noShows: behind.map((row) => ({ startsAt: row.starts_at, courtId: row.court_id, courtName: row.court_name })),
    };
  }

  /** The player's no-shows, newest first (the dashboard's player page). */
  async of(userId: number): Promise<{ booking_id: number; court_id: number; starts_at: Date; forgiven: boolean }[]> {
    return this.db.query(
      `SELECT id AS booking_id, court_id, starts_at, no_show_forgiven_at IS NOT NULL AS forgiven
         FROM bookings WHERE user_id = $1 AND no_show_at IS NOT NULL ORDER BY starts_at DESC LIMIT 50`,
      [userId],
    );
  }

  /** Takes a no-show back (in the caller's transaction): false when there is no such no-show to forgive. */
  async forgive(userId: number, bookingId: number, tx: Pick<DataSource, 'query'> = this.db): Promise<boolean> {
    const [, forgiven] = await tx.query<[unknown[], number]>(
      `UPDATE bookings SET no_show_forgiven_at = $3
        WHERE id = $1 AND user_id = $2 AND no_show_at IS NOT NULL AND no_show_forgiven_at IS NULL`,
      [bookingId, userId, this.clock.now()],
    );
    return forgiven === 1;
  }
}
