import { monthsGenitive, weekdaysSundayFirst } from '@kort/contracts';

export interface DayParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** 'YYYY-MM-DD' into numbers: a calendar date of the club, no time zone involved. */
export function parseIsoDate(date: string): DayParts {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number);
  return { year, month, day };
}

/** (2026, 11, 5) → '2026-11-05', the form the API and the props use. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The club's date `days` after `date`: ('2026-11-23', 90) → '2027-02-21'. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday. Computed in UTC so that the browser's own time zone cannot move the date. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * '25 ноября 2026, среда': a calendar day's accessible name. Heard, not seen, so in whole words (a
 * screen reader spells 'ср' out); what the screens show is lib/format's dayText.
 */
export function formatFullDay(year: number, month: number, day: number): string {
  return `${day} ${monthsGenitive[month - 1] ?? ''} ${year}, ${weekdaysSundayFirst[weekdayOf(year, month, day)] ?? ''}`;
}
