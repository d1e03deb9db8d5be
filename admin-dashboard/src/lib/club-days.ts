import { clubHourStart } from '@kort/contracts';
import { clubMoment, serverNow } from './club-time';

// Calendar days and whole hours on the club's clock, for the pages that plan ahead (closures, school
// terms, the day of the courts). Apart from club-time.ts, which the first screen loads.

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic in UTC: no zone can shift it). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
}

/** Today's date on the club's clock ('YYYY-MM-DD'), by the server's "now". */
export function clubToday(zone: string): string {
  return clubMoment(new Date(serverNow()), zone).date;
}

/**
 * The instant a whole local hour starts at the club, written with the club's offset as the API
 * wants it (it never guesses a zone): clubHourInstant('2027-07-06', 14, 'Europe/Moscow') is
 * '2027-07-06T14:00:00+03:00'; hour 24 is the next day's midnight.
 */
export const clubHourInstant = clubHourStart;
