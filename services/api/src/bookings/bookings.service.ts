import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, type Repository } from 'typeorm';
import { BookingError, bookingRules, type BookingRules, messages, type PaymentDue } from '@kort/contracts';
import { ClubCalendar } from '../club/club-calendar';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents, type FreedBy } from '../events/domain-events';
import { PriceBook } from '../prices/price-book';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import type { Writer } from '../common/writer';
import { Booking } from './booking.entity';
import { BookingHooks } from './booking-hooks';
import { NoShows } from './no-shows';
import { FREED_COLUMNS, freedGame, type FreedRow } from './freed-slots';
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
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly noShows: NoShows,
    private readonly prices: PriceBook,
    private readonly hooks: BookingHooks,
    private readonly inserts: GameInserts,
    private readonly events: DomainEvents,
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
    // The one statement wrote the game's outbox fact itself; the long way recorded its event.
    else if (id !== null) await this.events.committed({ type: 'games.booked', games: [{ id, siteId: site.id }] });
    if (id === null) throw new KortError(BookingError.QuotaReached);
    const booking = { id, courtId: request.courtId, startsAt };
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
      const id = await this.events.transaction(async (tx) => {
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
        await this.events.record(tx, { type: 'games.booked', games: [{ id: made, siteId: site.id }] });
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
    return this.events.transaction((tx) => this.cancelOne(tx, bookingId, now, by === 'player' ? 'player' : null));
  }

  /**
   * Cancels every game of the player not yet started, in the caller's transaction (DomainEvents):
   * the player's own deletion, or the club's block. Answers their ids and sites.
   */
  async cancelAllFor(
    userId: number,
    at: Date,
    tx: Writer,
    by: 'player' | 'club',
  ): Promise<{ id: number; site_id: string }[]> {
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's query().
    const [games] = await tx.query<[FreedRow[], number]>(
      `UPDATE bookings SET cancelled_at = $2
        WHERE user_id = $1 AND cancelled_at IS NULL AND starts_at > $2 RETURNING ${FREED_COLUMNS}`,
      [userId, at],
    );
    await this.freed(tx, games, by);
    return games.map((game) => ({ id: game.id, site_id: game.site_id }));
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

  /** The games freed in the caller's transaction, told once it commits (events/domain-events.ts). */
  private async freed(tx: Writer, games: FreedRow[], by: FreedBy): Promise<void> {
    await this.events.record(tx, { type: 'games.freed', games: games.map(freedGame), by });
  }

  /**
   * Cancels, in the caller's transaction, the live games on these courts starting in [from, to) (no
   * end: every later one) that are not over: with `begun`, a game under way too (a closure holds
   * from now: the door no longer opens for it), else only games not begun (a court taken out of
   * booking keeps the one being played). `reason` is kept with each game for My games' greyed card.
   * The caller's transaction is DomainEvents': the games' follow-ups come after its commit.
   */
  async cancelWithin(
    tx: Writer,
    within: { courts: number[]; from: Date; to: Date | null; now: Date; begun: boolean; reason: string },
  ): Promise<CancelledGame[]> {
    const [games] = await tx.query<[FreedRow[], number]>(
      `UPDATE bookings SET cancelled_at = $4, cancel_reason = $6
        WHERE cancelled_at IS NULL AND court_id = ANY($1::int[]) AND starts_at >= $2
          AND ($3::timestamptz IS NULL OR starts_at < $3) AND (CASE WHEN $5 THEN ends_at ELSE starts_at END) > $4
        RETURNING ${FREED_COLUMNS}`,
      [within.courts, within.from, within.to, within.now, within.begun, within.reason],
    );
    await this.freed(tx, games, 'club');
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
   * as 'unpaid'. False when it was cancelled already.
   */
  releaseUnpaid(tx: Writer, bookingId: number, now: Date): Promise<boolean> {
    return this.cancelOne(tx, bookingId, now, 'unpaid');
  }

  /** One live game cancelled, with who cancelled it (null: the club); false when it already was. */
  private async cancelOne(tx: Writer, id: number, now: Date, by: 'player' | 'unpaid' | null): Promise<boolean> {
    const [games] = await tx.query<[FreedRow[], number]>(
      `UPDATE bookings SET cancelled_at = $2, cancelled_by = $3 WHERE id = $1 AND cancelled_at IS NULL
        RETURNING ${FREED_COLUMNS}`,
      [id, now, by],
    );
    await this.freed(tx, games, by ?? 'club');
    return games.length === 1;
  }

  /**
   * Cancels a school term's games not begun yet (the past ones stay), in the caller's transaction,
   * as the term's ('series': My games does not keep them).
   */
  async cancelSeries(tx: Writer, seriesId: number, now: Date): Promise<number[]> {
    const [games] = await tx.query<[FreedRow[], number]>(
      `UPDATE bookings SET cancelled_at = $2, cancelled_by = 'series'
        WHERE series_id = $1 AND cancelled_at IS NULL AND starts_at > $2 RETURNING ${FREED_COLUMNS}`,
      [seriesId, now],
    );
    await this.freed(tx, games, 'club');
    return games.map((game) => game.id);
  }
}
