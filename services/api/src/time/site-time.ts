import { Injectable } from '@nestjs/common';
import { DateTime } from 'luxon';
import { bookingRules, monthsGenitive, weekdaysSundayFirst } from '@kort/contracts';
import { AppConfig } from '../config/app-config';

export interface LocalRange {
  start: Date;
  end: Date;
}

/**
 * The club's calendar: local days, hours and ISO weeks in SITE_TIMEZONE. Every local-time rule of
 * the API goes through here, so results never depend on the server process's TZ.
 */
@Injectable()
export class SiteTime {
  readonly zone: string;

  constructor(config: AppConfig) {
    this.zone = config.siteTimezone;
  }

  local(instant: Date): DateTime {
    return DateTime.fromJSDate(instant, { zone: this.zone });
  }

  /** The instant a local hour starts: `at('2026-11-22', 18)` is 15:00Z in Moscow. */
  at(date: string, hour: number): Date {
    return DateTime.fromISO(date, { zone: this.zone }).set({ hour }).toJSDate();
  }

  /** 'YYYY-MM-DD' of the local day an instant falls on. */
  dateOf(instant: Date): string {
    return this.local(instant).toISODate() ?? '';
  }

  /** 'YYYY-MM-DD' of the last local day a game may be booked on (bookingRules.horizonDays ahead). */
  lastBookableDate(now: Date): string {
    return this.local(now).plus({ days: bookingRules.horizonDays }).toISODate() ?? '';
  }

  day(instant: Date): LocalRange {
    const start = this.local(instant).startOf('day');
    return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
  }

  /** The ISO week (Monday to Sunday, local) an instant falls in. */
  week(instant: Date): LocalRange {
    const start = this.local(instant).startOf('week');
    return { start: start.toJSDate(), end: start.plus({ weeks: 1 }).toJSDate() };
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

  /** ISO with the site's offset: '2026-11-22T18:00:00.000+03:00'. */
  iso(instant: Date): string {
    return this.local(instant).toISO() ?? instant.toISOString();
  }
}
