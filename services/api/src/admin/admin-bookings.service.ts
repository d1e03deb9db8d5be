import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  AdminError,
  type AdminBooking,
  type AdminBookingCreate,
  type WalkInGuest,
  BOOKING_STATUSES,
  BookingError,
  bookingRules,
  messages,
} from '@kort/contracts';
import { BookingsService } from '../bookings/bookings.service';
import { SlotRules } from '../bookings/slot-rules';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { GameEvents } from '../devices/game-events';
import { Notifier } from '../notifications/notifier';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { AdminActions } from '../audit/admin-actions.service';
import { WalkInQuota } from '../bookings/walk-in-quota';
import { insertGuestGame } from '../bookings/guest-games';
import { intIds, intValue, listQuery, type ListQuery } from '../resources/list-query';
import {
  isoDates,
  sqlPage,
  sqlRecord,
  sqlRows,
  type Page,
  type SqlParams,
  type SqlResource,
} from '../resources/sql-list';

const SORTABLE = [
  'id',
  'user_id',
  'user_name',
  'user_email',
  'court_id',
  'starts_at',
  'ends_at',
  'cancelled_at',
  'started_at',
  'ended_at',
  'status',
] as const;
type BookingField = (typeof SORTABLE)[number];

const bookingsFilter = z.strictObject({
  id: intIds.optional(),
  /** The club's local day of the start, YYYY-MM-DD. */
  day: z.iso.date().optional(),
  /** The club's ISO week (Monday to Sunday) holding that local day, YYYY-MM-DD: the week view. */
  week: z.iso.date().optional(),
  court_id: intValue.optional(),
  user_id: intValue.optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
});
type BookingsFilter = z.output<typeof bookingsFilter>;

export const bookingsListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'starts_at', order: 'DESC' },
  filter: bookingsFilter,
});

/**
 * Bookings of a site (null: of every site) with their player or guest (the guest's record is the
 * game's site's), the line waiting for their hour at
 * their site, and a status as of `now` (the clock is the first parameter).
 */
const bookingsSource = (clock: Clock, site: SiteRef | null) => (params: SqlParams) => {
  const now = params.add(clock.now());
  return `
    SELECT b.id, b.user_id, coalesce(u.name, g.name) AS user_name, u.email AS user_email,
           g.name AS guest_name, g.phone AS guest_phone, b.court_id, b.starts_at, b.ends_at,
           b.cancelled_at, b.started_at, b.ended_at, b.no_show_at, b.series_id, b.held_until,
           (SELECT count(*)::int FROM waitlist_entries w
             WHERE w.site_id = b.site_id AND w.starts_at = b.starts_at AND w.state = 'waiting') AS waiting,
           CASE WHEN b.cancelled_at IS NOT NULL THEN 'cancelled'
                WHEN b.held_until IS NOT NULL THEN 'held'
                WHEN b.ended_at IS NOT NULL OR b.ends_at <= ${now}::timestamptz THEN 'ended'
                WHEN b.started_at IS NOT NULL THEN 'started'
                ELSE 'booked' END AS status
      FROM bookings b LEFT JOIN users u ON u.id = b.user_id
      LEFT JOIN guests g ON g.id = b.guest_id AND g.site_id = b.site_id
     ${site ? `WHERE b.site_id = ${params.add(site.id)}` : ''}`;
};

const toBooking = (row: Record<string, unknown>): AdminBooking => isoDates<AdminBooking>(row);

/** Games as the admin sees them; deleting one is the club cancelling it for the player. */
@Injectable()
export class AdminBookingsService {
  private readonly logger = new Logger('AdminBookings');
  private readonly resource: SqlResource<BookingField, BookingsFilter>;
  /** Every site's games: what an account's block does (it is one account everywhere). */
  private readonly everySite: { source(params: SqlParams): string };

  constructor(
    private readonly db: DataSource,
    private readonly bookings: BookingsService,
    private readonly games: GameEvents,
    private readonly notifier: Notifier,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly actions: AdminActions,
    private readonly courts: CourtsService,
    private readonly quota: WalkInQuota,
    private readonly slots: SlotRules,
    private readonly events: DomainEvents,
  ) {
    this.resource = {
      source: (params, site) => bookingsSource(clock, site)(params),
      columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<BookingField, string>,
      tiebreak: 'r.id',
      conditions: (filter, params, site) => {
        const where: string[] = [];
        const local = this.time.of(site);
        if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
        if (filter.day) {
          const day = local.day(local.at(filter.day, 12));
          where.push(`r.starts_at >= ${params.add(day.start)} AND r.starts_at < ${params.add(day.end)}`);
        }
        if (filter.week) {
          const week = local.week(local.at(filter.week, 12));
          where.push(`r.starts_at >= ${params.add(week.start)} AND r.starts_at < ${params.add(week.end)}`);
        }
        if (filter.court_id !== undefined) where.push(`r.court_id = ${params.add(filter.court_id)}`);
        if (filter.user_id !== undefined) where.push(`r.user_id = ${params.add(filter.user_id)}`);
        if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
        return where;
      },
    };
    this.everySite = { source: bookingsSource(clock, null) };
  }

  list(site: SiteRef, query: ListQuery<BookingField, BookingsFilter>): Promise<Page<AdminBooking>> {
    return sqlPage(this.db, site, this.resource, query, toBooking);
  }

  /** The site's game; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminBooking> {
    return sqlRecord(this.db, site, this.resource, id, toBooking, BookingError.GameNotFound);
  }

  /**
   * The games the club would cancel on these courts from `from` to `to` (null: every later one), by
   * the cancellation's own rule (BookingsService.cancelWithin: live, not over; with `begun` false,
   * not begun), soonest first: what a closure or taking a court out of booking does, shown before.
   */
  toBeCancelled(site: SiteRef, courts: number[], from: Date, to: Date | null, begun: boolean): Promise<AdminBooking[]> {
    return sqlRows(
      this.db,
      site,
      this.resource,
      (params) => {
        const now = params.add(this.clock.now());
        const until = params.add(to);
        return `r.cancelled_at IS NULL AND r.court_id = ANY(${params.add(courts)}::int[]) AND r.starts_at >= ${params.add(from)}
          AND (${until}::timestamptz IS NULL OR r.starts_at < ${until})
          AND (CASE WHEN ${params.add(begun)} THEN r.ends_at ELSE r.starts_at END) > ${now}`;
      },
      toBooking,
      'r.starts_at, r.court_id',
    );
  }

  /** A player's games at the site not over yet (booked or on now), soonest first: give_user's list. */
  upcomingOf(site: SiteRef, userId: number): Promise<AdminBooking[]> {
    return sqlRows(
      this.db,
      site,
      this.resource,
      (params) => `r.user_id = ${params.add(userId)} AND r.status IN ('booked', 'started')`,
      toBooking,
      'r.starts_at, r.id',
    );
  }

  /**
   * What an admin block would do to the player's games at this instant, by the block's own rule
   * (BookingsService.cancelAllFor: not cancelled, hour not begun): `cancelled`; and the games whose
   * hour is on, which it keeps (their door no longer opens: the account is shut). Soonest first.
   * The block is the account's, at every site; the games listed are those at `shown` (the sites the
   * admin runs; null: every site), the rest are only counted.
   */
  async blockEffectsOn(
    site: SiteRef,
    userId: number,
    shown: readonly string[] | null,
  ): Promise<{ cancelled: AdminBooking[]; onNow: AdminBooking[]; elsewhere: { cancelled: number; onNow: number } }> {
    const now = this.clock.now();
    const atShown = (params: SqlParams) =>
      shown === null
        ? ''
        : ` AND r.id IN (SELECT id FROM bookings WHERE user_id = ${params.add(userId)}
                          AND site_id = ANY(${params.add(shown)}::text[]))`;
    const [cancelled, onNow, bySite] = await Promise.all([
      sqlRows(
        this.db,
        site,
        this.everySite,
        (params) =>
          `r.user_id = ${params.add(userId)} AND r.cancelled_at IS NULL AND r.starts_at > ${params.add(now)}${atShown(params)}`,
        toBooking,
        'r.starts_at, r.id',
      ),
      sqlRows(
        this.db,
        site,
        this.everySite,
        (params) =>
          `r.user_id = ${params.add(userId)} AND r.status IN ('booked', 'started') AND r.starts_at <= ${params.add(now)}${atShown(params)}`,
        toBooking,
        'r.starts_at, r.id',
      ),
      this.bookings.liveGamesBySite(userId, now),
    ]);
    const elsewhere = bySite.filter((row) => shown !== null && !shown.includes(row.site_id));
    return {
      cancelled,
      onNow,
      elsewhere: {
        cancelled: elsewhere.reduce((sum, row) => sum + row.upcoming, 0),
        onNow: elsewhere.reduce((sum, row) => sum + row.on_now, 0),
      },
    };
  }

  /**
   * The club cancels a game for the player: at any time before it is over (the player's own
   * one-hour limit does not apply), through the same cancellation as the player's (slot freed,
   * reminder removed); an equipment loan for the game ends as when a game ends; the player is mailed.
   * A guest's game is cancelled the same way; a guest has no loans and no account to mail.
   */
  async cancel(site: SiteRef, admin: User, id: number): Promise<AdminBooking> {
    const booking = await this.get(site, id);
    if (booking.status === 'cancelled') throw new KortError(BookingError.AlreadyCancelled);
    if (booking.status === 'ended') throw new KortError(BookingError.AlreadyOver);
    // Not the player's game yet: the offer runs out by itself, or the player declines it.
    if (booking.status === 'held') throw new KortError(BookingError.HeldOffer);
    if (!(await this.bookings.cancelById(id, this.clock.now()))) {
      throw new KortError(BookingError.AlreadyCancelled);
    }
    // cancelById commits on its own: the log row follows right after it succeeded.
    await this.actions.record(site, undefined, admin.id, 'booking.cancel', 'booking', id);
    if (booking.user_id !== null) {
      this.games.ended.next({ bookingId: id, userId: booking.user_id });
      await this.tellPlayer(booking.user_id, booking);
    }
    // A guest's name and phone are personal data: the log says only that it was a guest.
    this.logger.log(
      {
        booking: id,
        site: site.id,
        ...(booking.user_id === null ? { guest: true } : { user: booking.user_id }),
        admin: admin.id,
      },
      'game cancelled by the club',
    );
    return this.get(site, id);
  }

  /**
   * The club books a court and hour for a player (a walk-in, a caller) through the player's own
   * booking path: the quotas hold unless the admin overrides them with a reason, which the action
   * log keeps; the slot's rules always hold (409 when taken). The court is one of the site's (the
   * quotas and rules are that site's). The reminder follows as for any game.
   */
  async create(site: SiteRef, admin: User, body: AdminBookingCreate): Promise<AdminBooking> {
    if (body.guest) return this.createForGuest(site, admin, body.guest, body);
    const [player] = await this.db.query<{ id: number; is_sport_school: boolean; bookable: boolean }[]>(
      `SELECT id, is_sport_school, (deleted_at IS NULL AND confirmed_at IS NOT NULL) AS bookable FROM users WHERE id = $1`,
      [body.user_id],
    );
    if (!player) throw new KortError(AdminError.UserNotFound);
    if (!player.bookable) throw new KortError(AdminError.PlayerNotBookable);
    const reason = body.override?.reason.trim() ?? null;
    let booking: { id: number };
    try {
      booking = await this.bookings.order(
        site,
        { id: player.id, isSportSchool: player.is_sport_school },
        {
          pathCourt: body.court_id,
          courtId: body.court_id,
          timeStart: body.time_start,
          playersCount: bookingRules.playersCount,
        },
        { quotas: reason === null },
      );
    } catch (error) {
      // The player's 418 says nothing of the way past it the admin has.
      if (error instanceof KortError && error.code === BookingError.QuotaReached) {
        const detail = await this.quota.refusal(site, player.id, new Date(body.time_start));
        throw new KortError(BookingError.QuotaReached, { detail });
      }
      throw error;
    }
    await this.actions.record(
      site,
      undefined,
      admin.id,
      'booking.create',
      'booking',
      booking.id,
      reason === null ? null : `Сверх ограничений: ${reason}`,
    );
    this.logger.log(
      { booking: booking.id, site: site.id, user: player.id, admin: admin.id, override: reason !== null },
      'game booked by the club',
    );
    return this.get(site, booking.id);
  }

  /**
   * A guest without an account (a walk-in, a caller): the slot's rules as for any game, no quotas
   * (they count a player's games), no reminder, no no-show check, no charge. The action log keeps the
   * booking as a guest's; the name and phone stay in `guests`, out of the log and the server's log.
   */
  private async createForGuest(
    site: SiteRef,
    admin: User,
    guest: WalkInGuest,
    body: Pick<AdminBookingCreate, 'court_id' | 'time_start'>,
  ): Promise<AdminBooking> {
    const { startsAt } = await this.slots.check(site, {
      pathCourt: body.court_id,
      courtId: body.court_id,
      timeStart: body.time_start,
      playersCount: bookingRules.playersCount,
    });
    let id: number;
    try {
      id = await this.events.transaction(async (tx) => {
        const made = await insertGuestGame(tx, site, guest, body.court_id, startsAt);
        await this.events.record(tx, { type: 'games.booked', games: [{ id: made, siteId: site.id }] });
        return made;
      });
    } catch (error) {
      throw this.slots.refusal(error) ?? error;
    }
    await this.actions.record(site, undefined, admin.id, 'booking.create', 'booking', id, messages.adminGuestBooked);
    this.logger.log(
      { booking: id, site: site.id, guest: true, admin: admin.id },
      'game booked by the club for a guest',
    );
    return this.get(site, id);
  }

  private async tellPlayer(userId: number, booking: AdminBooking): Promise<void> {
    await this.notifier.notify(userId, {
      type: 'club-cancelled',
      bookingId: booking.id,
      startsAt: new Date(booking.starts_at).toISOString(),
      courtId: booking.court_id,
      reason: null,
    });
  }
}
