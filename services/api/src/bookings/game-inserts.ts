import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { Pool } from 'pg';
import { BookingError, bookingRules, type BookingRules, messages, type SeriesConflict } from '@kort/contracts';
import { Clock } from '../common/clock';
import { ANNOUNCED_BY_RELAY } from '../common/announced-by-relay';
import { postgresError } from '../common/postgres-error';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import { GameFollowUps } from './game-follow-ups';
import { COUNTED_NO_SHOW, type NoShowScreen } from './no-shows';
import { SlotRules } from './slot-rules';

/** Namespace of the per-player advisory lock (first key of pg_advisory_xact_lock(int, int)). */
const QUOTA_LOCK = 0x6b6f7274; // 'kort'

/**
 * The common booking's one statement (underQuotasAtOnce). `made` is read twice and calls a
 * volatile function: PostgreSQL computes it once. `relay` comes first (made reads its row before it
 * books): the game's change is announced to the replicas' read caches by the event outbox's relay,
 * which the game's fact wakes, rather than by the bookings trigger at this commit, which would hold
 * PostgreSQL's one notify lock through the commit's flush (docs/decisions/0128).
 */
const BOOK_AT_ONCE = `WITH relay AS (SELECT set_config('${ANNOUNCED_BY_RELAY}', 'bookings', true)),
     screen AS (
       SELECT count(*) >= $17 AS screened FROM bookings b
        WHERE b.user_id = $2 AND b.site_id = $15 AND ${COUNTED_NO_SHOW} AND b.no_show_at > $16),
     made AS (
       SELECT screened,
              CASE WHEN screened THEN NULL
                   ELSE kort_book($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) END AS id
         FROM screen, relay),
     fact AS (${GameFollowUps.bookedIn('made', '$15')})
SELECT id, screened FROM made`;

/**
 * The ways a game row is written: as is, or counted against the player's quotas under their lock
 * (BookingsService decides which), or by the club with its refusal answered (tryInsert). The slot itself is guarded by the database (the exclusion
 * constraint and the slot trigger) whichever way it comes.
 */
@Injectable()
export class GameInserts {
  constructor(
    private readonly db: DataSource,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly slots: SlotRules,
  ) {}

  /**
   * A game written by the club under no quota, in the caller's transaction, through the same insert
   * and checks as any game: a school term's occurrence (series/), or a game paid after its hold ran
   * out (payments/). What stands in its way (a game, a closure, the court taken out of booking) is
   * answered, not raised, and undone on its own.
   */
  async tryInsert(
    tx: Writer,
    game: { userId: number; courtId: number; startsAt: Date; seriesId?: number },
  ): Promise<{ id: number } | { conflict: SeriesConflict; detail: string }> {
    const endsAt = new Date(game.startsAt.getTime() + bookingRules.gameMinutes * 60_000);
    await tx.query('SAVEPOINT series_game');
    try {
      const id = await this.insert(game.userId, game.courtId, game.startsAt, endsAt, tx, game.seriesId ?? null);
      await tx.query('RELEASE SAVEPOINT series_game');
      return { id };
    } catch (error) {
      const refusal = this.slots.refusal(error);
      if (!refusal) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT series_game');
      // The closure's own words (its reason), as the school's preview shows them.
      if (refusal.code === BookingError.SlotClosed)
        return { conflict: 'closure', detail: postgresError(error).message ?? '' };
      if (refusal.code === BookingError.CourtInactive)
        return { conflict: 'inactive', detail: messages.seriesInactiveCourt };
      return { conflict: 'game', detail: messages.seriesGameThere };
    }
  }

  /** A sport school's game: no quotas, so one statement; the exclusion constraint guards the slot. */
  async insert(
    userId: number,
    courtId: number,
    startsAt: Date,
    endsAt: Date,
    tx: Writer = this.db.manager,
    seriesId: number | null = null,
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, series_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, courtId, startsAt, endsAt, bookingRules.playersCount, seriesId],
    );
    return row!.id;
  }

  /**
   * A player's game, counted against the site's quotas (a day and an ISO week local to the site,
   * upcoming in total; the player's games at that site only) and written under the player's lock,
   * in one call to kort_book (database/functions/book.ts): parallel requests of one player cannot
   * slip past the quotas. Null when a quota is reached.
   */
  async underQuotas(
    site: SiteRef,
    userId: number,
    courtId: number,
    startsAt: Date,
    endsAt: Date,
    rules: BookingRules,
    tx: Writer = this.db.manager,
  ): Promise<number | null> {
    const [row] = await tx.query<{ id: number | null }[]>(
      `SELECT kort_book($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) AS id`,
      this.bookArguments(site, userId, courtId, startsAt, endsAt, rules),
    );
    return row?.id ?? null;
  }

  /**
   * The common booking, a player's unpriced game, in one statement and so one round trip, atomic
   * on its own: the no-show screen (NoShows.screen), then kort_book (the player's lock, the
   * quotas, the insert), then the game's fact for the outbox (GameFollowUps.bookedIn). The game's
   * id; null when a quota is reached; 'screened' when the player has enough recent no-shows that a
   * pause must be judged first (nothing was written: the caller takes the long way, pause first).
   */
  async underQuotasAtOnce(
    site: SiteRef,
    userId: number,
    courtId: number,
    startsAt: Date,
    endsAt: Date,
    rules: BookingRules,
    screen: NoShowScreen,
  ): Promise<number | null | 'screened'> {
    // A named statement: each pooled connection parses and plans it once, not at every booking
    // (0.2 ms of the database's time each, docs/decisions/0121-the-booking-statement-prepared.md).
    const pool = (this.db.driver as PostgresDriver).master as Pool;
    const {
      rows: [row],
    } = await pool.query<{ id: number | null; screened: boolean }>({
      name: 'kort-book-at-once',
      text: BOOK_AT_ONCE,
      values: [
        ...this.bookArguments(site, userId, courtId, startsAt, endsAt, rules),
        site.id,
        screen.since,
        screen.limit,
      ],
    });
    if (row!.screened) return 'screened';
    return row!.id ?? null;
  }

  /** kort_book's 14 arguments, $1 to $14 of either statement: the lock, the game, the site-local day and week, the quotas. */
  private bookArguments(
    site: SiteRef,
    userId: number,
    courtId: number,
    startsAt: Date,
    endsAt: Date,
    rules: BookingRules,
  ): unknown[] {
    const clock = this.time.of(site);
    const day = clock.day(startsAt);
    const week = clock.week(startsAt);
    return [
      QUOTA_LOCK,
      userId,
      courtId,
      startsAt,
      endsAt,
      bookingRules.playersCount,
      day.start,
      day.end,
      week.start,
      week.end,
      this.clock.now(),
      rules.quota_per_day,
      rules.quota_per_week,
      rules.quota_upcoming,
    ];
  }
}
