import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  bookingRules,
  type AvailableTimes,
  type BookingLimits,
  type CourtsStatus,
  type GameStatus,
  type MyOrder,
  weekdaysShortIso,
} from '@kort/contracts';
import { ChangeFeed, type ChangeTopic } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { ClubCalendar, type ClubHours } from '../club/club-calendar';
import { defaultCourtName } from '../club/courts.service';
import { Clock } from '../common/clock';
import { OfflinePins } from '../offline/offline-pins';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { Booking } from './booking.entity';
import { NoShows } from './no-shows';
import { SlotRules } from './slot-rules';

/** The hours of the dial (spec: 6 to 23); the club's own hours are a part of them. */
const HOURS = Array.from(
  { length: bookingRules.lastHour - bookingRules.firstHour + 1 },
  (_, i) => bookingRules.firstHour + i,
);
const GAME_MS = bookingRules.gameMinutes * 60_000;
/** What a day's or a month's free hours are worked out from: any change to them drops those answers. */
const SHAPE_TOPICS: readonly ChangeTopic[] = ['bookings', 'courts', 'closures', 'settings'];

/** A game of the player's, as "my games" keeps it. */
interface OwnGame {
  id: number;
  court_id: number;
  starts_at: Date;
  ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  no_show_at: Date | null;
  court_name: string;
  series_id: number | null;
  series_weekdays: number[] | null;
  series_hour: number | null;
}

/** 'no_show' once released; 'over' once ended or past its end; 'playing' once its door opened. */
function gameStatus(game: OwnGame, now: Date): GameStatus {
  if (game.no_show_at) return 'no_show';
  if (game.ended_at || game.ends_at <= now) return 'over';
  return game.started_at ? 'playing' : 'upcoming';
}

/** One local day as the dial reads it: hours with no open court free, each player's hours, the closed hours. */
interface DayView {
  reserved: number[];
  hoursByUser: ReadonlyMap<number, number[]>;
  closed: { hour: number; reason: string }[];
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
  private readonly months: LocalCache<ReadonlyMap<string, ReadonlySet<number>>>;
  private readonly fullDays: LocalCache<number[]>;
  private readonly orders: LocalCache<OwnGame[]>;

  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly calendar: ClubCalendar,
    private readonly slots: SlotRules,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly pins: OfflinePins,
    private readonly noShows: NoShows,
    feed: ChangeFeed,
  ) {
    this.days = feed.cache(SHAPE_TOPICS, { maxEntries: 400 });
    this.months = feed.cache('bookings', { maxEntries: 24 });
    this.fullDays = feed.cache(SHAPE_TOPICS, { maxEntries: 100 });
    this.orders = feed.cache('bookings', { maxEntries: 20_000 });
  }

  /**
   * Days of the month with no free hour left on any open court (past days and hours, closed hours
   * and closed courts are not free). The answer changes with a booking, the club's shape, or when the
   * clock enters a new hour: kept per month and hour.
   */
  async fullyBookedDays(year: number, month: number): Promise<number[]> {
    const now = this.time.local(this.clock.now());
    const hour = `${now.toISODate() ?? ''} ${now.hour}`;
    return this.fullDays.get(`${year}-${month} ${hour}`, async () => {
      const range = this.time.month(year, month);
      const [busy, club] = await Promise.all([
        this.months.get(`${year}-${month}`, () => this.busyByLocalHour(range.start, range.end)),
        this.calendar.between(range.start, range.end),
      ]);
      const today = now.toISODate() ?? '';
      const monthIso = `${year}-${String(month).padStart(2, '0')}`;
      const days: number[] = [];
      for (let day = 1; day <= range.days; day += 1) {
        const date = `${monthIso}-${String(day).padStart(2, '0')}`;
        // An hour is free if it has not started yet and some open court is idle in it.
        const free =
          date >= today &&
          HOURS.some((h) => {
            if (date === today && h <= now.hour) return false;
            const taken = busy.get(slotKey(date, h));
            return club.openCourts(date, h).some((court) => !taken?.has(court));
          });
        if (!free) days.push(day);
      }
      return days;
    });
  }

  /**
   * Local hours of that day with no open court free (taken, or closed by the club), and the caller's
   * own; `closed` only when the club keeps some hour closed (its hours, a closure of every court).
   */
  async availableTimes(user: User, date: string): Promise<AvailableTimes> {
    await this.slots.withinHorizon(date);
    const day = await this.days.get(date, () => this.dayView(date));
    return {
      reserved: day.reserved,
      reserved_hours_by_current_user: day.hoursByUser.get(user.id) ?? [],
      ...(day.closed.length > 0 ? { closed: day.closed } : {}),
    };
  }

  /** Courts a game cannot be booked on in that local hour: a live game, or a closure (then named). */
  async busyCourts(date: string, hour: number): Promise<CourtsStatus> {
    await this.slots.withinHorizon(date);
    const start = this.time.at(date, hour);
    const end = new Date(start.getTime() + GAME_MS);
    const [rows, club] = await Promise.all([
      this.bookings
        .createQueryBuilder('b')
        .select('DISTINCT b.court_id', 'court')
        .where('b.cancelled_at IS NULL AND b.starts_at < :end AND b.ends_at > :start', { start, end })
        .orderBy('court')
        .getRawMany<{ court: number }>(),
      this.calendar.between(start, end),
    ]);
    const closed = club.closedCourts(date, hour);
    const busy = new Set([...rows.map((row) => row.court), ...closed.map((court) => court.courtId)]);
    return {
      busy_courts: [...busy].sort((a, b) => a - b),
      ...(closed.length > 0
        ? { closed_courts: closed.map((court) => ({ id_cort: court.courtId, reason: court.reason })) }
        : {}),
    };
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
        ...(game.court_name !== defaultCourtName(game.court_id) ? { court_name: game.court_name } : {}),
        id_cort: game.court_id,
        time_start: this.time.iso(game.starts_at),
        ...(isToday && !game.no_show_at ? { offline_pin: this.pins.pin(game.id) } : {}),
        ...(game.series_id !== null ? { series: { id: game.series_id, label: seriesLabel(game) } } : {}),
      };
    });
  }

  /** The player's games from the start of today on, as kept: what changes with the clock is worked out per request. */
  private loadOrders(userId: number, from: Date): Promise<OwnGame[]> {
    return this.bookings.query<OwnGame[]>(
      `SELECT b.id, b.court_id, c.name AS court_name, b.starts_at, b.ends_at, b.started_at, b.ended_at, b.no_show_at,
              b.series_id, s.weekdays AS series_weekdays, s.hour AS series_hour
         FROM bookings b JOIN courts c ON c.id = b.court_id LEFT JOIN series s ON s.id = b.series_id
        WHERE b.user_id = $1 AND (b.cancelled_at IS NULL OR b.no_show_at IS NOT NULL) AND b.held_until IS NULL
          AND b.starts_at >= $2
        ORDER BY b.starts_at`,
      [userId, from],
    );
  }

  /**
   * The days of a month on which the player's own quotas refuse a booking (the club's games a day,
   * or a week), and whether the games ahead already refuse any (the club's settings). The same
   * counts as BookingsService's, read ahead so the calendar can say why; a sport school has none.
   */
  async bookingLimits(user: User, year: number, month: number): Promise<BookingLimits> {
    if (user.isSportSchool) return { days: [], upcoming_full: false, paused_until: null };
    const [pause, rules] = await Promise.all([this.noShows.pause(user), this.calendar.bookingRules()]);
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
      if ((perDay.get(date) ?? 0) >= rules.quota_per_day) days.push({ day, reason: 'day' });
      else if ((perWeek.get(this.time.week(start).start.toISOString()) ?? 0) >= rules.quota_per_week) {
        days.push({ day, reason: 'week' });
      }
    }
    const upcoming = games.filter((game) => game.ends_at > now).length;
    return {
      days,
      upcoming_full: upcoming >= rules.quota_upcoming,
      paused_until: pause ? this.time.iso(pause.until) : null,
      ...(pause && {
        no_shows: pause.noShows.map((game) => ({
          date: this.time.longDate(game.startsAt),
          time: this.time.time(game.startsAt),
          court: game.courtId,
          ...(game.courtName !== defaultCourtName(game.courtId) ? { court_name: game.courtName } : {}),
        })),
      }),
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

  /** The day's live games and the club's shape, read once: what each hour offers, and each player's hours. */
  private async dayView(date: string): Promise<DayView> {
    const start = this.time.at(date, 0);
    const end = this.time.day(start).end;
    const [rows, club] = await Promise.all([
      this.bookings.query<{ starts_at: Date; court_id: number; user_id: number }[]>(
        `SELECT starts_at, court_id, user_id FROM bookings
          WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2`,
        [start, end],
      ),
      this.calendar.between(start, end),
    ]);
    const courtsByHour = new Map<number, Set<number>>();
    const hoursByUser = new Map<number, Set<number>>();
    for (const row of rows) {
      const hour = this.time.local(row.starts_at).hour;
      courtsByHour.set(hour, (courtsByHour.get(hour) ?? new Set()).add(row.court_id));
      hoursByUser.set(row.user_id, (hoursByUser.get(row.user_id) ?? new Set()).add(hour));
    }
    return {
      reserved: HOURS.filter((hour) => !hasFreeCourt(club, date, hour, courtsByHour.get(hour))),
      hoursByUser: new Map([...hoursByUser].map(([user, hours]) => [user, [...hours].sort((a, b) => a - b)])),
      closed: HOURS.flatMap((hour) => {
        const closed = club.closedBy(date, hour);
        return closed ? [{ hour, reason: closed.reason }] : [];
      }),
    };
  }

  /**
   * Which courts are busy in each local hour of a range, keyed 'YYYY-MM-DD HH'. Only the booked
   * hours are converted to local time (a few dozen rows), never every hour of the range.
   */
  private async busyByLocalHour(start: Date, end: Date): Promise<Map<string, ReadonlySet<number>>> {
    const rows = await this.bookings.query<{ starts_at: Date; courts: number[] }[]>(
      `SELECT starts_at, array_agg(DISTINCT court_id) AS courts FROM bookings
        WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2
        GROUP BY starts_at`,
      [start, end],
    );
    return new Map(
      rows.map((row) => {
        const local = this.time.local(row.starts_at);
        return [slotKey(local.toISODate() ?? '', local.hour), new Set(row.courts)];
      }),
    );
  }
}

const slotKey = (date: string, hour: number): string => `${date} ${hour}`;

/** Some court open at that hour has no game in it. */
function hasFreeCourt(club: ClubHours, date: string, hour: number, busy: ReadonlySet<number> | undefined): boolean {
  return club.openCourts(date, hour).some((court) => !busy?.has(court));
}

/** «Расписание школы: пн, ср в 17:00»: how a term's game says where it comes from. */
function seriesLabel(game: OwnGame): string {
  const days = (game.series_weekdays ?? []).map((day) => weekdaysShortIso[day - 1]).join(', ');
  return `Расписание школы: ${days} в ${String(game.series_hour ?? 0).padStart(2, '0')}:00`;
}
