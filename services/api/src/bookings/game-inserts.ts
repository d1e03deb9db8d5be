import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { bookingRules, type BookingRules } from '@kort/contracts';
import { Clock } from '../common/clock';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../sites/site-ref';
import { SiteTime } from '../time/site-time';

/** Namespace of the per-player advisory lock (first key of pg_advisory_xact_lock(int, int)). */
const QUOTA_LOCK = 0x6b6f7274; // 'kort'

/**
 * The two ways a game row is written (BookingsService decides which): as is, or counted against
 * the player's quotas under their lock. The slot itself is guarded by the database (the exclusion
 * constraint and the slot trigger) whichever way it comes.
 */
@Injectable()
export class GameInserts {
  constructor(
    private readonly db: DataSource,
    private readonly time: SiteTime,
    private readonly clock: Clock,
  ) {}

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
    const clock = this.time.of(site);
    const day = clock.day(startsAt);
    const week = clock.week(startsAt);
    const [row] = await tx.query<{ id: number | null }[]>(
      `SELECT kort_book($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) AS id`,
      [
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
      ],
    );
    return row?.id ?? null;
  }
}
