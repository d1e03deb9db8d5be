import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { bookingRules, type AvailableTimes, type BookingLimits, type CourtsStatus } from '@kort/contracts';
import { ChangeFeed, type ChangeTopic } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { ClubCalendar, type ClubHours } from '../club/club-calendar';
import { defaultCourtName } from '../club/courts.service';
import { Clock } from '../common/clock';
import { PriceBook } from '../prices/price-book';
import type { SiteRef } from '../common/site-ref';
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

/** One local day as the dial reads it: hours with no open court free, each player's hours, the closed hours. */
interface DayView {
  reserved: number[];
  /** The open courts with no game, by hour (hours with none are absent). */
  freeCourts: ReadonlyMap<number, number[]>;
  hoursByUser: ReadonlyMap<number, number[]>;
  closed: { hour: number; reason: string }[];
}

/**
 * What is free: the reads behind the calendar and the dial, the current site's, in its zone ("my
 * games" is my-games.ts). They are the app's most frequent calls, so each is kept in memory (a
 * site's day, a site's month) until a booking changes anywhere (cache/change-feed.ts); what depends
 * on the clock is worked out per request from the kept rows.
 */
@Injectable()
export class AvailabilityService {
  private readonly days: LocalCache<DayView>;
  private readonly months: LocalCache<ReadonlyMap<string, ReadonlySet<number>>>;
  private readonly fullDays: LocalCache<number[]>;

  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly calendar: ClubCalendar,
    private readonly slots: SlotRules,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly noShows: NoShows,
    private readonly prices: PriceBook,
    feed: ChangeFeed,
  ) {
    this.days = feed.cache(SHAPE_TOPICS, { maxEntries: 4000 });
    this.months = feed.cache('bookings', { maxEntries: 240 });
    this.fullDays = feed.cache(SHAPE_TOPICS, { maxEntries: 1000 });
  }

  /**
   * Days of the site's month with no free hour left on any open court (past days and hours, closed
   * hours and closed courts are not free). The answer changes with a booking, the site's shape, or
   * when the clock enters a new hour of the site: kept per site, month and hour.
   */
  async fullyBookedDays(site: SiteRef, year: number, month: number): Promise<number[]> {
    const clock = this.time.of(site);
    const now = clock.local(this.clock.now());
    const hour = `${now.toISODate() ?? ''} ${now.hour}`;
    return this.fullDays.get(`${site.id} ${year}-${month} ${hour}`, async () => {
      const range = clock.month(year, month);
      const [busy, club] = await Promise.all([
        this.months.get(`${site.id} ${year}-${month}`, () => this.busyByLocalHour(site, range.start, range.end)),
        this.calendar.between(site, range.start, range.end),
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
   * The site's local hours of that day with no open court free (taken, or closed by the club), and
   * the caller's own there; `closed` only when the club keeps some hour closed (its hours, a
   * closure of every court).
   */
  async availableTimes(site: SiteRef, user: User, date: string): Promise<AvailableTimes> {
    await this.slots.withinHorizon(site, date);
    const day = await this.days.get(`${site.id} ${date}`, () => this.dayView(site, date));
    const prices = await this.prices.hourPrices(site, user, date, day.freeCourts);
    return {
      reserved: day.reserved,
      reserved_hours_by_current_user: day.hoursByUser.get(user.id) ?? [],
      ...(day.closed.length > 0 ? { closed: day.closed } : {}),
      ...(prices ? { prices } : {}),
    };
  }

  /** The site's courts a game cannot be booked on in that local hour: a live game, or a closure (then named). */
  async busyCourts(site: SiteRef, user: User, date: string, hour: number): Promise<CourtsStatus> {
    await this.slots.withinHorizon(site, date);
    const start = this.time.of(site).at(date, hour);
    const end = new Date(start.getTime() + GAME_MS);
    const [rows, club] = await Promise.all([
      this.bookings.query<{ court: number }[]>(
        `SELECT DISTINCT court_id AS court FROM bookings
          WHERE site_id = $3 AND cancelled_at IS NULL AND starts_at < $2 AND ends_at > $1 ORDER BY court`,
        [start, end, site.id],
      ),
      this.calendar.between(site, start, end),
    ]);
    const closed = club.closedCourts(date, hour);
    const busy = new Set([...rows.map((row) => row.court), ...closed.map((court) => court.courtId)]);
    const prices = await this.prices.courtPrices(site, user, date, hour, club.openCourts(date, hour));
    return {
      busy_courts: [...busy].sort((a, b) => a - b),
      ...(closed.length > 0
        ? { closed_courts: closed.map((court) => ({ id_cort: court.courtId, reason: court.reason })) }
        : {}),
      ...(prices ? { prices } : {}),
    };
  }

  /**
   * The days of the site's month on which the player's own quotas there refuse a booking (the
   * site's games a day, or a week), and whether the games ahead there already refuse any (the
   * site's settings). The same counts as BookingsService's (the player's games at that site, in
   * its zone), read ahead so the calendar can say why; a sport school has none.
   */
  async bookingLimits(site: SiteRef, user: User, year: number, month: number): Promise<BookingLimits> {
    if (user.isSportSchool) return { days: [], upcoming_full: false, paused_until: null };
    const [pause, rules] = await Promise.all([this.noShows.pause(site, user), this.calendar.bookingRules(site)]);
    const clock = this.time.of(site);
    const range = clock.month(year, month);
    // The weeks that overlap the month reach into the months around it.
    const from = clock.week(range.start).start;
    const to = clock.week(new Date(range.end.getTime() - 1)).end;
    const now = this.clock.now();
    const games = await this.bookings.query<{ starts_at: Date; ends_at: Date }[]>(
      `SELECT starts_at, ends_at FROM bookings
        WHERE user_id = $1 AND site_id = $5 AND cancelled_at IS NULL
          AND (starts_at >= $2 AND starts_at < $3 OR ends_at > $4)`,
      [user.id, from, to, now, site.id],
    );
    const perDay = new Map<string, number>();
    const perWeek = new Map<string, number>();
    for (const game of games) {
      const day = clock.local(game.starts_at).toISODate() ?? '';
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      const week = clock.week(game.starts_at).start.toISOString();
      perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
    }
    const days: BookingLimits['days'] = [];
    for (let day = 1; day <= range.days; day += 1) {
      const start = clock.at(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, 0);
      const date = clock.local(start).toISODate() ?? '';
      if ((perDay.get(date) ?? 0) >= rules.quota_per_day) days.push({ day, reason: 'day' });
      else if ((perWeek.get(clock.week(start).start.toISOString()) ?? 0) >= rules.quota_per_week) {
        days.push({ day, reason: 'week' });
      }
    }
    const upcoming = games.filter((game) => game.ends_at > now).length;
    return {
      days,
      upcoming_full: upcoming >= rules.quota_upcoming,
      paused_until: pause ? clock.iso(pause.until) : null,
      ...(pause && {
        no_shows: pause.noShows.map((game) => ({
          date: clock.longDate(game.startsAt),
          time: clock.time(game.startsAt),
          court: game.courtId,
          ...(game.courtName !== defaultCourtName(game.courtId) ? { court_name: game.courtName } : {}),
        })),
      }),
    };
  }

  /** The site's games released as no-shows this ISO week, site-local (the admin's counter; forgiven ones too). */
  async noShowsThisWeek(site: SiteRef): Promise<number> {
    const week = this.time.of(site).week(this.clock.now());
    const [row] = await this.bookings.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM bookings
        WHERE site_id = $3 AND no_show_at IS NOT NULL AND starts_at >= $1 AND starts_at < $2`,
      [week.start, week.end, site.id],
    );
    return row?.count ?? 0;
  }

  /** The site's live games starting today (site-local): the admin's counter. */
  async gamesToday(site: SiteRef): Promise<number> {
    const today = this.time.of(site).day(this.clock.now());
    const [row] = await this.bookings.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM bookings
        WHERE site_id = $3 AND cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2`,
      [today.start, today.end, site.id],
    );
    return row?.count ?? 0;
  }

  /** The site's day: its live games and shape, read once: what each hour offers, and each player's hours. */
  private async dayView(site: SiteRef, date: string): Promise<DayView> {
    const clock = this.time.of(site);
    const start = clock.at(date, 0);
    const end = clock.day(start).end;
    const [rows, club] = await Promise.all([
      this.bookings.query<{ starts_at: Date; court_id: number; user_id: number }[]>(
        `SELECT starts_at, court_id, user_id FROM bookings
          WHERE site_id = $3 AND cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2`,
        [start, end, site.id],
      ),
      this.calendar.between(site, start, end),
    ]);
    const courtsByHour = new Map<number, Set<number>>();
    const hoursByUser = new Map<number, Set<number>>();
    for (const row of rows) {
      const hour = clock.local(row.starts_at).hour;
      courtsByHour.set(hour, (courtsByHour.get(hour) ?? new Set()).add(row.court_id));
      hoursByUser.set(row.user_id, (hoursByUser.get(row.user_id) ?? new Set()).add(hour));
    }
    const freeCourts = new Map(
      HOURS.map((hour) => [hour, club.openCourts(date, hour).filter((court) => !courtsByHour.get(hour)?.has(court))]),
    );
    return {
      reserved: HOURS.filter((hour) => !hasFreeCourt(club, date, hour, courtsByHour.get(hour))),
      freeCourts: new Map([...freeCourts].filter(([, courts]) => courts.length > 0)),
      hoursByUser: new Map([...hoursByUser].map(([user, hours]) => [user, [...hours].sort((a, b) => a - b)])),
      closed: HOURS.flatMap((hour) => {
        const closed = club.closedBy(date, hour);
        return closed ? [{ hour, reason: closed.reason }] : [];
      }),
    };
  }

  /**
   * Which of the site's courts are busy in each of its local hours of a range, keyed 'YYYY-MM-DD
   * HH'. Only the booked hours are converted to local time (a few dozen rows), never every hour of
   * the range.
   */
  private async busyByLocalHour(site: SiteRef, start: Date, end: Date): Promise<Map<string, ReadonlySet<number>>> {
    const rows = await this.bookings.query<{ starts_at: Date; courts: number[] }[]>(
      `SELECT starts_at, array_agg(DISTINCT court_id) AS courts FROM bookings
        WHERE site_id = $3 AND cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2
        GROUP BY starts_at`,
      [start, end, site.id],
    );
    const clock = this.time.of(site);
    return new Map(
      rows.map((row) => {
        const local = clock.local(row.starts_at);
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
