import { Injectable } from '@nestjs/common';
import { DateTime, IANAZone } from 'luxon';
import { bookingRules, monthsGenitive, weekdaysSundayFirst, type ZoneOffset } from '@kort/contracts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const STEP_MS = 6 * HOUR_MS;

export interface LocalRange {
  start: Date;
  end: Date;
}

/** Answers by exact instant, up to a bound: past it, it starts again empty (the hot instants come back first). */
class InstantMemo<T> {
  private static readonly BOUND = 4096;
  private readonly kept = new Map<number, T>();

  get(instant: Date, work: () => T): T {
    const at = instant.getTime();
    let value = this.kept.get(at);
    if (value === undefined) {
      if (this.kept.size >= InstantMemo.BOUND) this.kept.clear();
      value = work();
      this.kept.set(at, value);
    }
    return value;
  }
}

/**
 * A site's calendar: local days, hours and ISO weeks in its zone. Every local-time rule of the API
 * goes through one, so results never depend on the server process's TZ.
 */
export class ClubClock {
  private offsetCache: { hour: number; horizonDays: number; span: { offsets: ZoneOffset[]; until: string } } | null =
    null;

  private horizonCache: { horizonDays: number; from: number; until: number; date: string } | null = null;

  /**
   * local(), day() and week() kept by exact instant: games start on the hour, so the same few
   * hundred instants come back all day, and working one out in a zone costs an Intl call each step.
   */
  private readonly locals = new InstantMemo<DateTime>();
  private readonly days = new InstantMemo<LocalRange>();
  private readonly weeks = new InstantMemo<LocalRange>();

  constructor(readonly zone: string) {}

  local(instant: Date): DateTime {
    return this.locals.get(instant, () => DateTime.fromJSDate(instant, { zone: this.zone }));
  }

  /** The instant a local hour starts: `at('2026-11-22', 18)` is 15:00Z in Moscow. */
  at(date: string, hour: number): Date {
    return DateTime.fromISO(date, { zone: this.zone }).set({ hour }).toJSDate();
  }

  /** 'YYYY-MM-DD' of the local day an instant falls on. */
  dateOf(instant: Date): string {
    return this.local(instant).toISODate() ?? '';
  }

  /**
   * 'YYYY-MM-DD' of the last local day a game may be booked on, `horizonDays` (the club's setting)
   * ahead. Every read of the dial asks; the answer holds for the whole local day, so it is kept with
   * that day's bounds and worked out again at the first instant outside them (the new day opens at
   * its exact midnight, not a cache's minute later).
   */
  lastBookableDate(now: Date, horizonDays: number): string {
    const at = now.getTime();
    const kept = this.horizonCache;
    if (kept && kept.horizonDays === horizonDays && at >= kept.from && at < kept.until) return kept.date;
    const today = this.local(now).startOf('day');
    const date = today.plus({ days: horizonDays }).toISODate() ?? '';
    this.horizonCache = { horizonDays, from: today.toMillis(), until: today.plus({ days: 1 }).toMillis(), date };
    return date;
  }

  /** The local day an instant falls on. The Dates are shared: read them, do not change them. */
  day(instant: Date): LocalRange {
    return this.days.get(instant, () => {
      const start = this.local(instant).startOf('day');
      return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
    });
  }

  /** The ISO week (Monday to Sunday, local) an instant falls in; shared Dates, as day()'s. */
  week(instant: Date): LocalRange {
    return this.weeks.get(instant, () => {
      const start = this.local(instant).startOf('week');
      return { start: start.toJSDate(), end: start.plus({ weeks: 1 }).toJSDate() };
    });
  }

  month(year: number, month: number): LocalRange & { days: number } {
    const start = DateTime.fromObject({ year, month, day: 1 }, { zone: this.zone });
    return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate(), days: start.daysInMonth ?? 31 };
  }

  /** '22 ноября 2026' */
  longDate(instant: Date): string {
    const local = this.local(instant);
    return `${local.day} ${monthsGenitive[local.month - 1]} ${local.year}`;
  }

  /** 'воскресенье' */
  weekday(instant: Date): string {
    return weekdaysSundayFirst[this.local(instant).weekday % 7] ?? '';
  }

  /** 'HH:MM' */
  time(instant: Date): string {
    return this.local(instant).toFormat('HH:mm');
  }

  /**
   * The zone's UTC offsets from a day before `now` to two days past the booking horizon (the
   * club's `horizonDays`): the first, then one entry per change (found to the minute), for the apps'
   * clocks (GET /api/site_time/). Kept for the hour: every visit asks.
   */
  offsetsAround(now: Date, horizonDays: number = bookingRules.horizonDays): { offsets: ZoneOffset[]; until: string } {
    const hour = Math.floor(now.getTime() / HOUR_MS);
    if (this.offsetCache?.hour !== hour || this.offsetCache.horizonDays !== horizonDays) {
      this.offsetCache = { hour, horizonDays, span: this.offsetSpan(hour * HOUR_MS, horizonDays) };
    }
    return this.offsetCache.span;
  }

  private offsetSpan(at: number, horizonDays: number): { offsets: ZoneOffset[]; until: string } {
    const zone = IANAZone.create(this.zone);
    const start = at - DAY_MS;
    const end = at + (horizonDays + 2) * DAY_MS;
    const offsets: ZoneOffset[] = [{ from: new Date(start).toISOString(), minutes: zone.offset(start) }];
    // Zones change offset at most a few times a year, never twice within six hours.
    for (let before = start, after = start + STEP_MS; before < end; before = after, after += STEP_MS) {
      if (zone.offset(after) === zone.offset(before)) continue;
      let low = before;
      let high = after;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (zone.offset(middle) === zone.offset(before)) low = middle;
        else high = middle;
      }
      offsets.push({ from: new Date(high).toISOString(), minutes: zone.offset(high) });
    }
    return { offsets, until: new Date(end).toISOString() };
  }

  /** ISO with the site's offset: '2026-11-22T18:00:00.000+03:00'. */
  iso(instant: Date): string {
    return this.local(instant).toISO() ?? instant.toISOString();
  }
}

/**
 * The sites' clocks: `of(site)` is the calendar of the site a call acts on, one per zone, kept.
 * There is no install-wide clock: every local day, week and hour belongs to a site.
 */
@Injectable()
export class SiteTime {
  private readonly clocks = new Map<string, ClubClock>();

  of(site: { timezone: string }): ClubClock {
    let clock = this.clocks.get(site.timezone);
    if (!clock) {
      clock = new ClubClock(site.timezone);
      this.clocks.set(site.timezone, clock);
    }
    return clock;
  }
}
