import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CurrentPlayer } from '@kort/contracts';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';

/** A game an agent's schedule holds: its court and its hour. */
export interface ScheduledGame {
  id: number;
  court_id: number;
  starts_at: Date;
  ends_at: Date;
}

/** The site a game is played at: its agent, door and clock. */
export interface GameSite {
  id: string;
  timezone: string;
  online: boolean;
  /** The site has a door sensor: a game starts when the agent reports the door really opened. */
  sensor: boolean;
}

/**
 * The questions other folders ask of a site's games, each a named query here, the table's home
 * (docs/architecture.md, "Who reads a table"); the rules that use the answers stay with the askers.
 */
@Injectable()
export class GameReads {
  constructor(private readonly db: DataSource) {}

  /** The start instants of the court's games (live, holds included) overlapping [from, to): a term's preview. */
  async startsOnCourt(site: SiteRef, courtId: number, from: Date, to: Date): Promise<Date[]> {
    const rows = await this.db.query<{ starts_at: Date }[]>(
      `SELECT starts_at FROM bookings
        WHERE site_id = $4 AND court_id = $1 AND cancelled_at IS NULL AND starts_at < $3 AND ends_at > $2`,
      [courtId, from, to, site.id],
    );
    return rows.map((row) => row.starts_at);
  }

  /** How many of the site's games are under way at `now`: started, not ended, their hour not over. */
  async runningAt(site: SiteRef, now: Date, db: Writer = this.db): Promise<number> {
    const [{ running } = { running: 0 }] = await db.query<{ running: number }[]>(
      `SELECT count(*)::int AS running FROM bookings
        WHERE site_id = $2 AND cancelled_at IS NULL AND started_at IS NOT NULL AND ended_at IS NULL AND ends_at > $1`,
      [now, site.id],
    );
    return running;
  }

  /** The ids of the player's games at the site that were released as no-shows. */
  async noShowsOf(site: SiteRef, userId: number): Promise<Set<number>> {
    const rows = await this.db.query<{ id: number }[]>(
      `SELECT id FROM bookings WHERE user_id = $1 AND site_id = $2 AND no_show_at IS NOT NULL`,
      [userId, site.id],
    );
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Who is playing at the site at `now`: each player of a live game, not ended, whose hour has come
   * or whose door was opened early, once, soonest game first (the dashboard's "on court now").
   */
  async playingAt(site: SiteRef, now: Date): Promise<CurrentPlayer[]> {
    return this.db.query<CurrentPlayer[]>(
      `SELECT id, name, phone_number, email FROM (
         SELECT DISTINCT ON (u.id) u.id, u.name, u.phone_number, u.email, b.starts_at
           FROM bookings b JOIN users u ON u.id = b.user_id
          WHERE b.site_id = $2 AND b.cancelled_at IS NULL AND b.ended_at IS NULL AND b.ends_at > $1
            AND (b.starts_at <= $1 OR b.started_at IS NOT NULL)
          ORDER BY u.id, b.starts_at) playing
        ORDER BY starts_at, name, id`,
      [now, site.id],
    );
  }

  /** The players of those games that are the site's (a game of another site is left out). */
  async ownersAt(siteId: string, gameIds: number[], db: Writer = this.db): Promise<{ id: number; userId: number }[]> {
    const rows = await db.query<{ id: number; user_id: number }[]>(
      `SELECT b.id, b.user_id FROM bookings b JOIN courts c ON c.id = b.court_id
        WHERE b.id = ANY($1::int[]) AND c.site_id = $2`,
      [gameIds, siteId],
    );
    return rows.map((row) => ({ id: row.id, userId: row.user_id }));
  }

  /**
   * The player's first game at the site starting within [dayStart, dayEnd) that is live, not
   * ended and not over at `now`: the game equipment is lent for.
   */
  async playingOn(site: SiteRef, userId: number, dayStart: Date, dayEnd: Date, now: Date): Promise<number | null> {
    const [game] = await this.db.query<{ id: number }[]>(
      `SELECT id FROM bookings WHERE site_id = $1 AND user_id = $2 AND cancelled_at IS NULL AND ended_at IS NULL
          AND starts_at >= $3 AND starts_at < $4 AND ends_at > $5 ORDER BY starts_at LIMIT 1`,
      [site.id, userId, dayStart, dayEnd, now],
    );
    return game?.id ?? null;
  }

  /**
   * The site's games an agent's offline schedule holds: live, paid or free, not ended, starting
   * before `until` and with their door still to close at `now` (`closesAfterMin` past their end),
   * soonest first, at most `limit`. A blocked or self-deleted player's game is out even while
   * running (the account is shut); a walk-in guest's game (no account) is in.
   */
  async scheduledAt(
    siteId: string,
    now: Date,
    until: Date,
    closesAfterMin: number,
    limit: number,
  ): Promise<ScheduledGame[]> {
    return this.db.query<ScheduledGame[]>(
      `SELECT b.id, b.court_id, b.starts_at, b.ends_at
         FROM bookings b
         JOIN courts c ON c.id = b.court_id
         LEFT JOIN users u ON u.id = b.user_id
        WHERE c.site_id = $1 AND b.cancelled_at IS NULL AND b.held_until IS NULL AND b.ended_at IS NULL
          AND (b.user_id IS NULL OR u.deleted_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM game_payments gp WHERE gp.booking_id = b.id AND gp.paid_at IS NULL)
          AND b.starts_at < $2 AND b.ends_at + make_interval(mins => $3) > $4
        ORDER BY b.starts_at, b.id
        LIMIT $5`,
      [siteId, until, closesAfterMin, now, limit],
    );
  }

  /** The site the game is played at, whatever its player's current one. */
  async siteOf(gameId: number): Promise<GameSite> {
    const [site] = await this.db.query<GameSite[]>(
      `SELECT s.id, s.timezone, s.online, s.door_closed IS NOT NULL AS sensor
         FROM bookings b JOIN courts c ON c.id = b.court_id JOIN sites s ON s.id = c.site_id
        WHERE b.id = $1`,
      [gameId],
    );
    if (!site) throw new Error(`game ${gameId} has no site`);
    return site;
  }
}
