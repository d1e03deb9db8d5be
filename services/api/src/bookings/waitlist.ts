import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  BookingError,
  bookingRules,
  closedText,
  messages,
  WAITLIST_HOLD_MINUTES,
  type WaitlistPlace,
} from '@kort/contracts';
import { ClubCalendar } from '../club/club-calendar';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import type { Writer } from '../common/writer';
import { Notifier } from '../notifications/notifier';
import type { SiteRef } from '../common/site-ref';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { BookingsService } from './bookings.service';
import { FREED_COLUMNS, freedGame, FreedSlots, type FreedRow, type FreedSlot } from './freed-slots';
import { NoShows } from './no-shows';
import { SlotRules } from './slot-rules';

/** A place in line the club's closure ended: whose, for which hour, and why. */
export interface ClosedPlace {
  entryId: number;
  userId: number;
  startsAt: Date;
  reason: string;
}

/** Namespace of the per-site, per-hour advisory lock: one offer of a site's hour at a time, in line order. */
const WAITLIST_LOCK = 0x77616974; // 'wait'
const HOLD_MS = WAITLIST_HOLD_MINUTES * 60_000;
/** A freed game is offered while at least this much of its hour is left. */
const OFFER_UNTIL_BEFORE_END_MS = 15 * 60_000;

/**
 * The waitlist: a place in line for an hour taken on every court of a site; a freed game
 * of that hour is offered to the first in line with a 15-minute hold (a held booking: the slot is
 * nobody else's meanwhile), confirmed or passed on. Offers of one hour run one at a time under an
 * advisory lock and take the line in order, so two freed games and two confirmations at once still
 * give each slot to one player, in line order.
 */
@Injectable()
export class Waitlist {
  private readonly logger = new Logger('Waitlist');

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly time: SiteTime,
    private readonly calendar: ClubCalendar,
    private readonly slots: SlotRules,
    private readonly bookings: BookingsService,
    private readonly noShows: NoShows,
    private readonly freedSlots: FreedSlots,
    private readonly events: DomainEvents,
    private readonly notifier: Notifier,
    private readonly courts: CourtsService,
    private readonly sites: SitesService,
  ) {}

  /**
   * Joins the site's line for the hour starting at `timeStart`: every court of the site open then
   * is taken, in the future. An hour the club keeps closed (a closure of every court) has no line:
   * nothing will free it.
   */
  async join(site: SiteRef, user: User, timeStart: string): Promise<{ id: number; position: number }> {
    const startsAt = this.slots.bookableHour(site, timeStart, await this.calendar.bookingRules(site));
    const endsAt = new Date(startsAt.getTime() + bookingRules.gameMinutes * 60_000);
    const club = await this.calendar.between(site, startsAt, endsAt);
    const clock = this.time.of(site);
    const [date, hour] = [clock.dateOf(startsAt), clock.local(startsAt).hour];
    const closed = club.closedBy(date, hour);
    if (closed) throw new KortError(BookingError.SlotClosed, { detail: closedText(closed.reason, closed.wholeClub) });
    const open = club.openCourts(date, hour);
    const [{ busy, mine } = { busy: 0, mine: 0 }] = await this.db.query<{ busy: number; mine: number }[]>(
      `SELECT count(DISTINCT court_id) FILTER (WHERE court_id = ANY($4::int[]))::int AS busy,
              count(*) FILTER (WHERE user_id = $3)::int AS mine
         FROM bookings WHERE site_id = $5 AND cancelled_at IS NULL AND starts_at < $2 AND ends_at > $1`,
      [startsAt, endsAt, user.id, open, site.id],
    );
    if (mine > 0) throw new KortError(BookingError.WaitlistAlready);
    if (busy < open.length) throw new KortError(BookingError.WaitlistCourtFree);
    try {
      const [row] = await this.db.query<{ id: number }[]>(
        `INSERT INTO waitlist_entries (site_id, user_id, starts_at, created_at) VALUES ($1, $2, $3, $4) RETURNING id`,
        [site.id, user.id, startsAt, this.clock.now()],
      );
      this.logger.log({ entry: row!.id, user: user.id, startsAt }, 'joined the waitlist');
      const [place] = await this.placesOf(user.id, row!.id);
      return { id: row!.id, position: place?.position ?? 1 };
    } catch (error) {
      if (postgresError(error).code === UNIQUE_VIOLATION) throw new KortError(BookingError.WaitlistAlready);
      throw error;
    }
  }

  /** The player's places in line for hours still ahead at every site, soonest first, each in its site's zone. */
  async places(user: User): Promise<WaitlistPlace[]> {
    return this.placesOf(user.id);
  }

  /** Leaves the line; a held offer is let go at once and passes to the next in line. */
  async leave(user: User, entryId: number): Promise<void> {
    await this.events.transaction(async (tx) => {
      const [entry] = await tx.query<{ state: string; booking_id: number | null; starts_at: Date }[]>(
        `SELECT state, booking_id, starts_at FROM waitlist_entries
          WHERE id = $1 AND user_id = $2 AND state IN ('waiting', 'offered') FOR UPDATE`,
        [entryId, user.id],
      );
      if (!entry) throw new KortError(BookingError.WaitlistNotFound);
      await tx.query(`UPDATE waitlist_entries SET state = 'left' WHERE id = $1`, [entryId]);
      if (entry.state === 'offered' && entry.booking_id !== null) await this.dropHold(tx, entry.booking_id);
    });
  }

  /** Confirms an offer within its hold: the held booking becomes the player's game. */
  async confirm(user: User, entryId: number): Promise<{ id: number; courtId: number; startsAt: Date }> {
    const now = this.clock.now();
    const game = await this.events.transaction(async (tx) => {
      const [entry] = await tx.query<{ state: string; booking_id: number | null; hold_until: Date | null }[]>(
        `SELECT state, booking_id, hold_until FROM waitlist_entries WHERE id = $1 AND user_id = $2 FOR UPDATE`,
        [entryId, user.id],
      );
      if (!entry || !['offered', 'expired'].includes(entry.state)) throw new KortError(BookingError.WaitlistNotFound);
      if (entry.state === 'expired' || !entry.hold_until || entry.hold_until <= now || entry.booking_id === null) {
        throw new KortError(BookingError.HoldExpired);
      }
      const [[booking]] = await tx.query<
        [{ id: number; site_id: string; court_id: number; starts_at: Date }[], number]
      >(
        `UPDATE bookings SET held_until = NULL WHERE id = $1 AND cancelled_at IS NULL AND held_until IS NOT NULL
          RETURNING id, site_id, court_id, starts_at`,
        [entry.booking_id],
      );
      if (!booking) throw new KortError(BookingError.HoldExpired);
      await tx.query(`UPDATE waitlist_entries SET state = 'booked' WHERE id = $1`, [entryId]);
      // Now the player's game: its reminder and no-show check commit with it.
      await this.events.record(tx, { type: 'games.booked', games: [{ id: booking.id, siteId: booking.site_id }] });
      return { id: booking.id, courtId: booking.court_id, startsAt: booking.starts_at };
    });
    this.logger.log({ entry: entryId, booking: game.id, user: user.id }, 'waitlist offer confirmed');
    return game;
  }

  /**
   * A game of that court and hour was freed: offer it to the first in its site's line who may have
   * it. A player the site's quotas or a no-show pause refuse is skipped and told why; the next is tried.
   */
  async offer(slot: FreedSlot): Promise<number | null> {
    const startsAt = new Date(slot.startsAt);
    const now = this.clock.now();
    if (now.getTime() > startsAt.getTime() + bookingRules.gameMinutes * 60_000 - OFFER_UNTIL_BEFORE_END_MS) return null;
    const siteId = slot.siteId ?? (await this.courts.find(slot.courtId))?.siteId;
    const site = siteId ? await this.sites.find(siteId) : null;
    if (!site) return null;
    const skipped: { entryId: number; userId: number; reason: string }[] = [];
    const offered = await this.events.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [
        WAITLIST_LOCK,
        `${site.id} ${Math.floor(startsAt.getTime() / 3_600_000)}`,
      ]);
      for (;;) {
        const [entry] = await tx.query<{ id: number; user_id: number; is_sport_school: boolean; created_at: Date }[]>(
          `SELECT w.id, w.user_id, u.is_sport_school, w.created_at FROM waitlist_entries w JOIN users u ON u.id = w.user_id
            WHERE w.site_id = $2 AND w.starts_at = $1 AND w.state = 'waiting' AND u.deleted_at IS NULL
            ORDER BY w.id LIMIT 1 FOR UPDATE OF w`,
          [startsAt, site.id],
        );
        if (!entry) return null;
        const player = { id: entry.user_id, isSportSchool: entry.is_sport_school };
        if (await this.noShows.pausedUntil(site, player)) {
          await this.skip(tx, entry.id, messages.bookingPausedForNoShows);
          skipped.push({ entryId: entry.id, userId: entry.user_id, reason: messages.bookingPausedForNoShows });
          continue;
        }
        const holdUntil = new Date(now.getTime() + HOLD_MS);
        let bookingId: number | null;
        try {
          await tx.query('SAVEPOINT offer');
          bookingId = await this.bookings.hold(site, player, slot.courtId, startsAt, holdUntil, tx);
          await tx.query('RELEASE SAVEPOINT offer');
        } catch (error) {
          // Someone booked the freed court directly meanwhile, or the club closed it: nothing to offer.
          if (this.slots.refusal(error)) {
            await tx.query('ROLLBACK TO SAVEPOINT offer');
            return null;
          }
          throw error;
        }
        if (bookingId === null) {
          await this.skip(tx, entry.id, messages.bookingLimit);
          skipped.push({ entryId: entry.id, userId: entry.user_id, reason: messages.bookingLimit });
          continue;
        }
        await tx.query(
          `UPDATE waitlist_entries SET state = 'offered', booking_id = $2, hold_until = $3 WHERE id = $1`,
          [entry.id, bookingId, holdUntil],
        );
        await this.events.record(tx, { type: 'games.held', games: [{ id: bookingId, siteId: site.id }] });
        return { entryId: entry.id, userId: entry.user_id, holdUntil, createdAt: entry.created_at };
      }
    });
    for (const { entryId, userId, reason } of skipped) {
      await this.notifier.notify(userId, {
        type: 'waitlist-skipped',
        entryId,
        startsAt: startsAt.toISOString(),
        courtId: slot.courtId,
        reason,
      });
    }
    if (!offered) return null;
    await this.freedSlots.holdExpiresAt({ id: offered.entryId, createdAt: offered.createdAt }, offered.holdUntil, now);
    await this.notifier.notify(offered.userId, {
      type: 'waitlist-offer',
      entryId: offered.entryId,
      startsAt: startsAt.toISOString(),
      courtId: slot.courtId,
      holdUntil: offered.holdUntil.toISOString(),
    });
    this.logger.log({ entry: offered.entryId, court: slot.courtId, startsAt }, 'freed court offered to the waitlist');
    return offered.entryId;
  }

  /** A hold that ran out: its booking is let go and the slot passes to the next in line. */
  async expire(entryId: number): Promise<boolean> {
    const now = this.clock.now();
    const expired = await this.events.transaction(async (tx) => {
      const [entry] = await tx.query<{ booking_id: number | null; hold_until: Date | null }[]>(
        `SELECT booking_id, hold_until FROM waitlist_entries WHERE id = $1 AND state = 'offered' FOR UPDATE`,
        [entryId],
      );
      if (!entry || !entry.hold_until || entry.hold_until > now || entry.booking_id === null) return false;
      await tx.query(`UPDATE waitlist_entries SET state = 'expired' WHERE id = $1`, [entryId]);
      return this.dropHold(tx, entry.booking_id);
    });
    if (expired) this.logger.log({ entry: entryId }, 'waitlist hold expired');
    return expired;
  }

  /** The hold's game let go, in the caller's transaction; the slot passes to the next in line once it commits. */
  private async dropHold(tx: Writer, bookingId: number): Promise<boolean> {
    const [games] = await tx.query<[FreedRow[], number]>(
      `UPDATE bookings SET cancelled_at = $2 WHERE id = $1 AND cancelled_at IS NULL AND held_until IS NOT NULL
        RETURNING ${FREED_COLUMNS}`,
      [bookingId, this.clock.now()],
    );
    await this.events.record(tx, { type: 'games.freed', games: games.map(freedGame), by: 'waitlist' });
    return games.length > 0;
  }

  /**
   * The site closed hours (a closure, a court taken out of booking), in the caller's transaction:
   * the places in the site's line for `hours` (those no open court is left in) and the offers whose
   * held game the club cancelled (`holds`) leave the line as skipped, with the reason. Who they
   * were, to tell once it has committed (tellClosed).
   */
  async closeHours(site: SiteRef, tx: Writer, hours: Date[], holds: number[], reason: string): Promise<ClosedPlace[]> {
    if (hours.length === 0 && holds.length === 0) return [];
    const [places] = await tx.query<[{ id: number; user_id: number; starts_at: Date }[], number]>(
      `UPDATE waitlist_entries SET state = 'skipped', skip_reason = $3
        WHERE site_id = $4 AND state IN ('waiting', 'offered')
          AND (starts_at = ANY($1::timestamptz[]) OR booking_id = ANY($2::int[]))
        RETURNING id, user_id, starts_at`,
      [hours, holds, reason, site.id],
    );
    return places.map((place) => ({ entryId: place.id, userId: place.user_id, startsAt: place.starts_at, reason }));
  }

  /** The hours players wait in the site's line for (or hold an offer of) in [from, to), soonest first. */
  async hoursWaited(site: SiteRef, tx: Writer, from: Date, to: Date | null): Promise<Date[]> {
    const rows = await tx.query<{ starts_at: Date }[]>(
      `SELECT DISTINCT starts_at FROM waitlist_entries
        WHERE site_id = $3 AND state IN ('waiting', 'offered') AND starts_at >= $1
          AND ($2::timestamptz IS NULL OR starts_at < $2)
        ORDER BY starts_at`,
      [from, to, site.id],
    );
    return rows.map((row) => row.starts_at);
  }

  /** Tells each player taken out of line by a closure why (best effort: a notice not queued is logged). */
  async tellClosed(places: ClosedPlace[]): Promise<void> {
    for (const place of places) {
      await this.notifier
        .notify(place.userId, {
          type: 'waitlist-closed',
          entryId: place.entryId,
          startsAt: place.startsAt.toISOString(),
          reason: place.reason,
        })
        .catch((error: unknown) =>
          this.logger.error({ user: place.userId, error: String(error) }, 'waitlist closure notice not queued'),
        );
    }
  }

  private async skip(tx: EntityManager, entryId: number, reason: string): Promise<void> {
    await tx.query(`UPDATE waitlist_entries SET state = 'skipped', skip_reason = $2 WHERE id = $1`, [entryId, reason]);
  }

  private async placesOf(userId: number, only?: number): Promise<WaitlistPlace[]> {
    const rows = await this.db.query<
      {
        id: number;
        starts_at: Date;
        state: 'waiting' | 'offered';
        position: number;
        court: number | null;
        court_name: string | null;
        hold_until: Date | null;
        timezone: string;
      }[]
    >(
      `SELECT w.id, w.starts_at, w.state, b.court_id AS court, c.name AS court_name, w.hold_until, s.timezone,
              CASE WHEN w.state = 'waiting' THEN (
                SELECT count(*)::int FROM waitlist_entries o
                 WHERE o.site_id = w.site_id AND o.starts_at = w.starts_at AND o.state = 'waiting' AND o.id <= w.id)
              ELSE 0 END AS position
         FROM waitlist_entries w JOIN sites s ON s.id = w.site_id
              LEFT JOIN bookings b ON b.id = w.booking_id LEFT JOIN courts c ON c.id = b.court_id
        WHERE w.user_id = $1 AND w.state IN ('waiting', 'offered') AND w.starts_at > $2
          AND ($3::int IS NULL OR w.id = $3)
        ORDER BY w.starts_at`,
      [userId, new Date(this.clock.now().getTime() - bookingRules.gameMinutes * 60_000), only ?? null],
    );
    return rows.map((row) => {
      const clock = this.time.of(row);
      return {
        id: row.id,
        time_start: clock.iso(row.starts_at),
        date: clock.longDate(row.starts_at),
        time: clock.time(row.starts_at),
        state: row.state,
        position: row.position,
        court: row.court,
        court_name: row.court_name,
        hold_until: row.hold_until ? clock.iso(row.hold_until) : null,
      };
    });
  }
}
