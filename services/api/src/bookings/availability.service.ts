import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  BookingError,
  bookingRules,
  type AvailableTimes,
  type BookingLimits,
  type GameStatus,
  type MyOrder,
} from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { OfflinePins } from '../offline/offline-pins';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { Booking } from './booking.entity';
import { CourtsService } from './courts.service';
import { NoShows } from './no-shows';

const HOURS = Array.from(
  { length: bookingRules.lastHour - bookingRules.firstHour + 1 },
  (_, i) => bookingRules.firstHour + i,
);

/** A game of the player's, as "my games" keeps it. */
interface OwnGame {
  id: number;
  court_id: number;
  starts_at: Date;
  ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  no_show_at: Date | null;
}

/** 'no_show' once released; 'over' once ended or past its end; 'playing' once its door opened. */
function gameStatus(game: OwnGame, now: Date): GameStatus {
  if (game.no_show_at) return 'no_show';
  if (game.ended_at || game.ends_at <= now) return 'over';
  return game.started_at ? 'playing' : 'upcoming';
}

/** One local day's live games as the dial reads them: hours taken on every court, each player's. */
interface DayView {
  reserved: number[];
  hoursByUser: ReadonlyMap<number, number[]>;
}

/**
 * What is free and what is mine: the reads behind the calendar, the dial and "my games". They are
 * the app's most frequent calls, so each is kept in memory (a day, a month, a player's list) until
 * a booking changes anywhere (cache/change-feed.ts); what depends on the clock is worked out per
 * request from the kept rows.
 */
@Injectable()
export class AvailabilityService {
  private readonly days: LocalCache<DayView>;
  private readonly months: LocalCache<ReadonlyMap<string, number>>;
  private readonly fullDays: LocalCache<number[]>;
  private readonly orders: LocalCache<OwnGame[]>;

  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly courts: CourtsService,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly pins: OfflinePins,
    private readonly noShows: NoShows,
    feed: ChangeFeed,
  ) {
    this.days = feed.cache('bookings', { maxEntries: 400 });
    this.months = feed.cache('bookings', { maxEntries: 24 });
    this.fullDays = feed.cache('bookings', { maxEntries: 100 });
    this.orders = feed.cache('bookings', { maxEntries: 20_000 });
  }

  /**
   * Days of the month with no free hour left on any court (past days and hours are not free). The
   * answer changes with a booking or when the clock enters a new hour: kept per month and hour.
   */
  async fullyBookedDays(year: number, month: number): Promise<number[]> {
    const now = this.time.local(this.clock.now());
    const hour = `${now.toISODate() ?? ''} ${now.hour}`;
    return this.fullDays.get(`${year}-${month} ${hour}`, async () => {
      const range = this.time.month(year, month);
      const [busy, courts] = await Promise.all([
        this.months.get(`${year}-${month}`, () => this.busyByLocalHour(range.start, range.end)),
        this.courts.count(),
      ]);
      const today = now.toISODate() ?? '';
      const monthIso = `${year}-${String(month).padStart(2, '0')}`;
      const days: number[] = [];
      for (let day = 1; day <= range.days; day += 1) {
        const date = `${monthIso}-${String(day).padStart(2, '0')}`;
        // An hour is free if it has not started yet and some court is idle in it.
        const free =
          date >= today &&
          HOURS.some((h) => (date > today || h > now.hour) && (busy.get(slotKey(date, h)) ?? 0) < courts);
        if (!free) days.push(day);
      }
      return days;
    });
  }

  /** Local hours of that day taken on every court, and the caller's own. */
  async availableTimes(user: User, date: string): Promise<AvailableTimes> {
    this.withinHorizon(date);
    const day = await this.days.get(date, () => this.dayView(date));
    return { reserved: day.reserved, reserved_hours_by_current_user: day.hoursByUser.get(user.id) ?? [] };
  }

  /** Courts with a live game in that local hour. */
  async busyCourts(date: string, hour: number): Promise<number[]> {
    this.withinHorizon(date);
    const start = this.time.at(date, hour);
    const end = new Date(start.getTime() + bookingRules.gameMinutes * 60_000);
    const rows = await this.bookings
      .createQueryBuilder('b')
      .select('DISTINCT b.court_id', 'court')
      .where('b.cancelled_at IS NULL AND b.starts_at < :end AND b.ends_at > :start', { start, end })
      .orderBy('court')
      .getRawMany<{ court: number }>();
    return rows.map((row) => row.court);
  }

  /** A day past the booking horizon has nothing to show: refused, not looked up (nor cached). */
  private withinHorizon(date: string): void {
    if (date > this.time.lastBookableDate(this.clock.now())) throw new KortError(BookingError.BeyondHorizon);
  }

  /**
   * Today's and upcoming games of the player, soonest first. Today's carry their offline PIN, so
   * the app has it at the door even when neither the phone nor the club can reach the API.
   */
  async myOrders(user: User): Promise<MyOrder[]> {
    const now = this.clock.now();
    const today = this.time.day(now);
    const games = await this.orders.get(`${user.id} ${today.start.toISOString()}`, () =>
      this.loadOrders(user.id, today.start),
    );
    return games.map((game) => {
      const isToday = game.starts_at < today.end;
      return {
        id: game.id,
        date: this.time.longDate(game.starts_at),
        day_of_week: this.time.weekday(game.starts_at),
        time: this.time.time(game.starts_at),
        today: isToday,
        status: gameStatus(game, now),
        name: game.court_id,
        id_cort: game.court_id,
        time_start: this.time.iso(game.starts_at),
        ...(isToday && !game.no_show_at ? { offline_pin: this.pins.pin(game.id) } : {}),
      };
    });
  }

  /** The player's games from the start of today on, as kept: what changes with the clock is worked out per request. */
  private loadOrders(userId: number, from: Date): Promise<OwnGame[]> {
    return this.bookings.query<OwnGame[]>(
      `SELECT id, court_id, starts_at, ends_at, started_at, ended_at, no_show_at FROM bookings
        WHERE user_id = $1 AND (cancelled_at IS NULL OR no_show_at IS NOT NULL) AND held_until IS NULL AND starts_at >= $2
        ORDER BY starts_at`,
      [userId, from],
    );
  }

  /**
   * The days of a month on which the player's own quotas refuse a booking (a game that day, or two
   * that ISO week), and whether five games ahead already refuse any (bookingRules). The same counts
   * as BookingsService's, read ahead so the calendar can say why; a sport school has none.
   */
  async bookingLimits(user: User, year: number, month: number): Promise<BookingLimits> {
    if (user.isSportSchool) return { days: [], upcoming_full: false, paused_until: null };
    const pausedUntil = await this.noShows.pausedUntil(user);
    const range = this.time.month(year, month);
    // The weeks that overlap the month reach into the months around it.
    const from = this.time.week(range.start).start;
    const to = this.time.week(new Date(range.end.getTime() - 1)).end;
    const now = this.clock.now();
    const games = await this.bookings.query<{ starts_at: Date; ends_at: Date }[]>(
      `SELECT starts_at, ends_at FROM bookings
        WHERE user_id = $1 AND cancelled_at IS NULL AND (starts_at >= $2 AND starts_at < $3 OR ends_at > $4)`,
      [user.id, from, to, now],
    );
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    for (const game of games) {
      const day = this.time.local(game.starts_at).toISODate() ?? '';
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const week = this.time.week(game.starts_at).start.toISOString();
      perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
    }
    const days: BookingLimits['days'] = [];
    for (let day = 1; day <= range.days; day += 1) {
      const start = this.time.at(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, 0);
      const date = this.time.local(start).toISODate() ?? '';
      if ((perDay.get(date) ?? 0) >= bookingRules.perDay) days.push({ day, reason: 'day' });
      else if ((perWeek.get(this.time.week(start).start.toISOString()) ?? 0) >= bookingRules.perWeek) {
        days.push({ day, reason: 'week' });
      }
    }
    const upcoming = games.filter((game) => game.ends_at > now).length;
    return {
      days,
      upcoming_full: upcoming >= bookingRules.upcoming,
      paused_until: pausedUntil ? this.time.iso(pausedUntil) : null,
    };
  }

  /** Games released as no-shows this ISO week, site-local (the admin's counter; forgiven ones too). */
  async noShowsThisWeek(): Promise<number> {
    const week = this.time.week(this.clock.now());
    const [row] = await this.bookings.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM bookings WHERE no_show_at IS NOT NULL AND starts_at >= $1 AND starts_at < $2`,
      [week.start, week.end],
    );
    return row?.count ?? 0;
  }

  /** Live games starting today (site-local): the admin's counter. */
  async gamesToday(): Promise<number> {
    const today = this.time.day(this.clock.now());
    return this.bookings
      .createQueryBuilder('b')
      .where('b.cancelled_at IS NULL AND b.starts_at >= :start AND b.starts_at < :end', today)
      .getCount();
  }

  /** The day's live games, read once: the hours every court is busy, and each player's hours. */
  private async dayView(date: string): Promise<DayView> {
    const start = this.time.at(date, 0);
    const end = this.time.day(start).end;
    const [rows, courts] = await Promise.all([
      this.bookings.query<{ starts_at: Date; court_id: number; user_id: number }[]>(
        `SELECT starts_at, court_id, user_id FROM bookings
          WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2`,
        [start, end],
      ),
      this.courts.count(),
    ]);
    const courtsByHour = new Map<number, Set<number>>();
    const hoursByUser = new Map<number, Set<number>>();
    for (const row of rows) {
      const hour = this.time.local(row.starts_at).hour;
      courtsByHour.set(hour, (courtsByHour.get(hour) ?? new Set()).add(row.court_id));
      hoursByUser.set(row.user_id, (hoursByUser.get(row.user_id) ?? new Set()).add(hour));
    }
    return {
      reserved: HOURS.filter((hour) => (courtsByHour.get(hour)?.size ?? 0) >= courts),
      hoursByUser: new Map([...hoursByUser].map(([user, hours]) => [user, [...hours].sort((a, b) => a - b)])),
    };
  }

  /**
   * How many courts are busy in each local hour of a range, keyed 'YYYY-MM-DD HH'. Only the booked
   * hours are converted to local time (a few dozen rows), never every hour of the range.
   */
  private async busyByLocalHour(start: Date, end: Date): Promise<Map<string, number>> {
    const rows = await this.bookings.query<{ starts_at: Date; courts: number }[]>(
      `SELECT starts_at, count(DISTINCT court_id)::int AS courts FROM bookings
        WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2
        GROUP BY starts_at`,
      [start, end],
    );
    return new Map(
      rows.map((row) => {
        const local = this.time.local(row.starts_at);
        return [slotKey(local.toISODate() ?? '', local.hour), row.courts];
      }),
    );
  }
}

const slotKey = (date: string, hour: number): string => `${date} ${hour}`;
