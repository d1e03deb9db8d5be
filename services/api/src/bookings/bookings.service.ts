import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { BookingError, bookingRules, type BookingRules, messages, type PaymentDue } from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import { ClubCalendar } from '../club/club-calendar';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { ScheduleChanges } from '../offline/schedule-changes';
import { PriceBook } from '../prices/price-book';
import type { SiteRef } from '../sites/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import type { Writer } from '../common/writer';
import { Booking } from './booking.entity';
import { BookingHooks } from './booking-hooks';
import { BookingReminders } from './booking-reminders';
import { NoShows } from './no-shows';
import { FreedSlots } from './freed-slots';
import { GameFollowUps } from './game-follow-ups';
import { GameInserts } from './game-inserts';
import { SlotRules, type SlotRequest } from './slot-rules';

export type OrderRequest = SlotRequest;

/** A game the club cancelled in a stretch of time (a closure, a court taken out of booking). */
export interface CancelledGame {
  id: number;
  /** Null: a walk-in guest's game (no account to tell, no loan to end). */
  userId: number | null;
  courtId: number;
  startsAt: Date;
  /** A waitlist hold, not yet the player's game: the waitlist tells its player, not a cancellation letter. */
  held: boolean;
}

/**
 * Booking and cancelling (docs/decisions.md). The court slot is protected by the
 * bookings_no_overlap exclusion constraint and the check every new row passes (the court active,
 * no closure: database/functions/check-booking-slot.ts); the quotas, the site's settings of the
 * moment counted over the player's games at that site, are checked and the row written in one
 * transaction holding a per-player lock, so parallel requests cannot slip past them.
 */
@Injectable()
export class BookingsService {
  private readonly logger = new Logger('Bookings');

  constructor(
    private readonly db: DataSource,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly slots: SlotRules,
    private readonly calendar: ClubCalendar,
    private readonly reminders: BookingReminders,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly schedule: ScheduleChanges,
    private readonly noShows: NoShows,
    private readonly freedSlots: FreedSlots,
    private readonly feed: ChangeFeed,
    private readonly prices: PriceBook,
    private readonly hooks: BookingHooks,
    private readonly inserts: GameInserts,
    private readonly followUps: GameFollowUps,
  ) {}

  /**
   * A game for the player on a court of the site, under the site's rules and quotas (counted at
   * that site only). `quotas: false` is the club booking past its own limits (an admin's override,
   * logged by the caller): the quotas and the no-show pause are skipped, never the slot's rules,
   * its uniqueness, the closures or an inactive court.
   */
  async order(
    site: SiteRef,
    user: Pick<User, 'id' | 'isSportSchool'>,
    request: OrderRequest,
    { quotas = true }: { quotas?: boolean } = {},
  ): Promise<Pick<Booking, 'id' | 'courtId' | 'startsAt'> & { payment?: PaymentDue }> {
    const { startsAt, rules } = await this.slots.check(site, request);
    const endsAt = new Date(startsAt.getTime() + bookingRules.gameMinutes * 60_000);
    // The club's own booking (an admin's) is never charged; a player's priced hour is held for its payment.
    const kopecks = quotas ? await this.prices.priceOf(site, user, request.courtId, startsAt) : null;
    let id: number | null | 'screened' = 'screened';
    let payment: PaymentDue | null = null;
    try {
      // The common game (a player's, unpriced): one statement, unless the player's no-shows call for the long way.
      if (quotas && !user.isSportSchool && !kopecks) {
        id = await this.inserts.underQuotasAtOnce(
          site,
          user.id,
          request.courtId,
          startsAt,
          endsAt,
          rules,
          this.noShows.screen(),
        );
      }
    } catch (error) {
      throw this.slots.refusal(error) ?? error;
    }
    if (id === 'screened')
      ({ id, payment } = await this.orderTheLongWay(site, user, request, quotas, { startsAt, endsAt, rules, kopecks }));
    if (id === null) throw new KortError(BookingError.QuotaReached);
    const booking = { id, courtId: request.courtId, startsAt };
    this.afterCommit(site);
    this.logger.log(
      { booking: booking.id, user: user.id, court: booking.courtId, startsAt, ...(payment ? { held: true } : {}) },
      'game booked',
    );
    return payment ? { ...booking, payment } : booking;
  }

  /**
   * order() for a game that is priced, the club's own, a sport school's, or a player's with recent
   * no-shows: the pause judged first, then the game, its charge and its fact in one transaction.
   */
  private async orderTheLongWay(
    site: SiteRef,
    user: Pick<User, 'id' | 'isSportSchool'>,
    request: OrderRequest,
    quotas: boolean,
    { startsAt, endsAt, rules, kopecks }: { startsAt: Date; endsAt: Date; rules: BookingRules; kopecks: number | null },
  ): Promise<{ id: number | null; payment: PaymentDue | null }> {
    const pausedUntil = quotas ? await this.noShows.pausedUntil(site, user) : null;
    if (pausedUntil) {
      const clock = this.time.of(site);
      throw new KortError(BookingError.PausedForNoShows, {
        detail: `${messages.bookingPausedForNoShows} до ${clock.longDate(pausedUntil)}, ${clock.time(pausedUntil)}`,
      });
    }
    let payment: PaymentDue | null = null;
    try {
      const write = async (tx: Writer): Promise<number | null> =>
        user.isSportSchool || !quotas
          ? await this.inserts.insert(user.id, request.courtId, startsAt, endsAt, tx)
          : await this.inserts.underQuotas(site, user.id, request.courtId, startsAt, endsAt, rules, tx);
      // The game, its charge and the fact of it (its reminder and check follow from the outbox) commit together.
      const id = await this.db.transaction(async (tx) => {
        const made = await write(tx);
        if (made === null) return null;
        if (kopecks)
          payment = await this.hooks.charge(tx, site, {
            id: made,
            userId: user.id,
            courtId: request.courtId,
            startsAt,
            kopecks,
          });
        await this.followUps.booked(tx, site.id, [made]);
        return made;
      });
      return { id, payment };
    } catch (error) {
      throw this.slots.refusal(error) ?? error;
    }
  }

  /**
   * Cancels the caller's own game on that court at that start, at whichever site the game is (not
   * only the current one); someone else's is "not found".
   */
  async cancel(user: User, pathCourt: number, courtId: number, timeStart: string): Promise<void> {
    if (pathCourt !== courtId) throw new KortError(BookingError.CourtMismatch);
    const booking = await this.bookings.findOneBy({
      userId: user.id,
      courtId,
      startsAt: new Date(timeStart),
      cancelledAt: IsNull(),
    });
    if (!booking) throw new KortError(BookingError.GameNotFound);
    const now = this.clock.now();
    if (booking.startsAt.getTime() - now.getTime() < bookingRules.cancelBeforeMinutes * 60_000) {
      throw new KortError(BookingError.CancelTooLate);
    }
    if (!(await this.cancelById(booking.id, now, 'player'))) throw new KortError(BookingError.GameNotFound);
    this.logger.log({ booking: booking.id, user: user.id }, 'game cancelled');
  }

  /**
   * Cancels a live game (the player's own call above, or the club's from the dashboard): the slot
   * is free at once and the reminder is removed. False when it was already cancelled. `by` sets a
   * paid game's refund (payments/: the player's by the club's rule, the club's in full).
   */
  async cancelById(bookingId: number, now: Date, by: 'player' | 'club' = 'club'): Promise<boolean> {
    if (!(await this.cancelOne(this.db.manager, bookingId, now, by === 'player' ? 'player' : null))) return false;
    await this.afterCancelled([bookingId], by);
    return true;
  }

  /**
   * Cancels every game of the player not yet started (a deletion or an admin block), in the
   * caller's transaction (their ids and sites); once it has committed, the caller calls
   * afterCancelled with the ids.
   */
  async cancelAllFor(userId: number, at: Date, tx: Writer): Promise<{ id: number; site_id: string }[]> {
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's query().
    const [games] = await tx.query<[{ id: number; site_id: string }[], number]>(
      `UPDATE bookings SET cancelled_at = $2
        WHERE user_id = $1 AND cancelled_at IS NULL AND starts_at > $2 RETURNING id, site_id`,
      [userId, at],
    );
    return games;
  }

  /**
   * The sites where the player has games not over yet, with how many begin later (a block or a
   * deletion cancels them) and how many are on now (kept): what a block would touch.
   */
  async liveGamesBySite(
    userId: number,
    at: Date,
    tx: Writer = this.db,
  ): Promise<{ site_id: string; upcoming: number; on_now: number }[]> {
    return tx.query(
      `SELECT site_id, count(*) FILTER (WHERE starts_at > $2)::int AS upcoming,
              count(*) FILTER (WHERE starts_at <= $2)::int AS on_now
         FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL AND ended_at IS NULL AND ends_at > $2
        GROUP BY site_id ORDER BY site_id`,
      [userId, at],
    );
  }

  /** What follows cancelled games once committed: the agent's schedule, the reminders, the waitlist. */
  async afterCancelled(bookingIds: number[], by: 'player' | 'club' = 'club'): Promise<void> {
    this.feed.wrote('bookings');
    await this.hooks.cancelled({ bookingIds, by });
    this.schedule.changed();
    await this.offerFreed(bookingIds);
    const made = await this.createdAt(bookingIds);
    for (const bookingId of bookingIds) {
      const game = { id: bookingId, createdAt: made.get(bookingId) ?? new Date(0) };
      // A reminder or a check left behind finds the game cancelled and does nothing.
      await this.reminders
        .cancel(game)
        .catch((error: unknown) =>
          this.logger.warn({ booking: bookingId, error: String(error) }, 'reminder not removed'),
        );
      await this.noShows
        .cancelCheck(game)
        .catch((error: unknown) =>
          this.logger.warn({ booking: bookingId, error: String(error) }, 'no-show check not removed'),
        );
    }
  }

  /** Freed games (not holds, which the waitlist passes on itself) go to the hour's waitlist. */
  private async offerFreed(bookingIds: number[]): Promise<void> {
    if (!bookingIds.length) return;
    const games = await this.db.query<
      { id: number; site_id: string; court_id: number; starts_at: Date; created_at: Date }[]
    >(
      `SELECT id, site_id, court_id, starts_at, created_at FROM bookings
        WHERE id = ANY($1) AND held_until IS NULL AND ends_at > $2`,
      [bookingIds, this.clock.now()],
    );
    await this.freedSlots
      .freed(
        games.map((game) => ({
          id: game.id,
          siteId: game.site_id,
          courtId: game.court_id,
          startsAt: game.starts_at,
          createdAt: game.created_at,
        })),
      )
      .catch((error: unknown) =>
        this.logger.error({ bookings: bookingIds, error: String(error) }, 'freed games not offered'),
      );
  }

  /**
   * A waitlist offer (bookings/waitlist.ts): the hour's game at the site for the player under its
   * usual quotas (a sport school's without), held until `heldUntil`, in the caller's transaction.
   * Null when a quota refuses it; a slot taken or closed meanwhile raises what SlotRules.refusal reads.
   */
  async hold(
    site: SiteRef,
    user: { id: number; isSportSchool: boolean },
    courtId: number,
    startsAt: Date,
    heldUntil: Date,
    tx: Writer,
  ): Promise<number | null> {
    const endsAt = new Date(startsAt.getTime() + bookingRules.gameMinutes * 60_000);
    const id = user.isSportSchool
      ? await this.inserts.insert(user.id, courtId, startsAt, endsAt, tx)
      : await this.inserts.underQuotas(
          site,
          user.id,
          courtId,
          startsAt,
          endsAt,
          await this.calendar.bookingRules(site),
          tx,
        );
    if (id !== null) {
      await tx.query(`UPDATE bookings SET held_until = $2 WHERE id = $1`, [id, heldUntil]);
      // A priced hour offered from the line is paid within the offer's hold, the same way as a booking.
      const kopecks = await this.prices.priceOf(site, user, courtId, startsAt);
      if (kopecks)
        await this.hooks.charge(tx, site, { id, userId: user.id, courtId, startsAt, kopecks, payUntil: heldUntil });
    }
    return id;
  }

  /**
   * What follows a new game committed by another writer (a term's games, a waitlist hold confirmed,
   * a late payment): the agent's schedule now, the reminder and the no-show check through the event
   * outbox (game-follow-ups.ts).
   */
  async afterBooked(booking: { id: number }): Promise<void> {
    await this.followUps.bookedAfterCommit([booking.id]);
    this.feed.wrote('bookings');
    this.schedule.changed({ games: [booking.id] });
  }

  /**
   * After a game's own commit: the caches and the agent's schedule now (its site is known: no
   * lookup of the game's site), the outbox's relay at once.
   */
  private afterCommit(site: SiteRef): void {
    this.feed.wrote('bookings');
    this.schedule.changed(site.id);
    this.followUps.kick();
  }

  /** When each of these games was made: the half of their jobs' ids a restore cannot hand out again. */
  private async createdAt(bookingIds: number[]): Promise<Map<number, Date>> {
    const rows = await this.db.query<{ id: number; created_at: Date }[]>(
      `SELECT id, created_at FROM bookings WHERE id = ANY($1::int[])`,
      [bookingIds],
    );
    return new Map(rows.map((row) => [row.id, row.created_at]));
  }

  /**
   * Cancels, in the caller's transaction, the live games on these courts starting in [from, to) (no
   * end: every later one) that are not over: with `begun`, a game under way too (a closure holds
   * from now: the door no longer opens for it), else only games not begun (a court taken out of
   * booking keeps the one being played). `reason` is kept with each game for My games' greyed card.
   * The caller calls afterCancelled once it has committed.
   */
  async cancelWithin(
    tx: Writer,
    within: { courts: number[]; from: Date; to: Date | null; now: Date; begun: boolean; reason: string },
  ): Promise<CancelledGame[]> {
    const [games] = await tx.query<
      [{ id: number; user_id: number | null; court_id: number; starts_at: Date; held: boolean }[], number]
    >(
      `UPDATE bookings SET cancelled_at = $4, cancel_reason = $6
        WHERE cancelled_at IS NULL AND court_id = ANY($1::int[]) AND starts_at >= $2
          AND ($3::timestamptz IS NULL OR starts_at < $3) AND (CASE WHEN $5 THEN ends_at ELSE starts_at END) > $4
        RETURNING id, user_id, court_id, starts_at, held_until IS NOT NULL AS held`,
      [within.courts, within.from, within.to, within.now, within.begun, within.reason],
    );
    return games
      .map((game) => ({
        id: game.id,
        userId: game.user_id,
        courtId: game.court_id,
        startsAt: game.starts_at,
        held: game.held,
      }))
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.courtId - b.courtId);
  }

  /**
   * A priced game unpaid at the end of its hold (payments/), in the caller's transaction: cancelled
   * as 'unpaid'. False when it was cancelled already. The caller calls afterCancelled once committed.
   */
  releaseUnpaid(tx: Writer, bookingId: number, now: Date): Promise<boolean> {
    return this.cancelOne(tx, bookingId, now, 'unpaid');
  }

  /** One live game cancelled, with who cancelled it (null: the club); false when it already was. */
  private async cancelOne(tx: Writer, id: number, now: Date, by: 'player' | 'unpaid' | null): Promise<boolean> {
    const [, cancelled] = await tx.query<[unknown[], number]>(
      `UPDATE bookings SET cancelled_at = $2, cancelled_by = $3 WHERE id = $1 AND cancelled_at IS NULL`,
      [id, now, by],
    );
    return cancelled === 1;
  }

  /**
   * Cancels a school term's games not begun yet (the past ones stay), in the caller's transaction,
   * as the term's ('series': My games does not keep them).
   */
  async cancelSeries(tx: Writer, seriesId: number, now: Date): Promise<number[]> {
    const [games] = await tx.query<[{ id: number }[], number]>(
      `UPDATE bookings SET cancelled_at = $2, cancelled_by = 'series'
        WHERE series_id = $1 AND cancelled_at IS NULL AND starts_at > $2 RETURNING id`,
      [seriesId, now],
    );
    return games.map((game) => game.id);
  }
}
