import { daysInMonth, isoDate, weekdayOf } from './dates';

/** A calendar week, Monday first; null is a blank cell before the 1st or after the last day. */
export type Week = (number | null)[];
export type DayState = 'available' | 'past' | 'beyond' | 'unavailable' | 'limited';

/**
 * The weeks of a month (1-12), Monday first, each seven cells long: November 2026 starts on a Sunday,
 * so its first week is six blanks and the 1st.
 */
export function monthGrid(year: number, month: number): Week[] {
  const leading = (weekdayOf(year, month, 1) + 6) % 7;
  const cells: (number | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Week[] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** The month `delta` months away: (2026, 12, +1) → January 2027. */
export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * Whether a day can be chosen. Dates compare as 'YYYY-MM-DD' strings, the club's calendar, so the
 * browser's time zone plays no part. Past days and days beyond the booking horizon (after
 * `lastDate`) win over unavailable ones (no free hour), which win over limited ones (the player's own
 * quotas refuse it: still choosable, to see why on the dial).
 */
export function dayState(
  year: number,
  month: number,
  day: number,
  {
    today,
    lastDate,
    unavailableDays,
    limitedDays = [],
  }: { today: string; lastDate?: string; unavailableDays: readonly number[]; limitedDays?: readonly number[] },
): DayState {
  const date = isoDate(year, month, day);
  if (date < today) return 'past';
  if (lastDate !== undefined && date > lastDate) return 'beyond';
  if (unavailableDays.includes(day)) return 'unavailable';
  if (limitedDays.includes(day)) return 'limited';
  return 'available';
}

/**
 * The enabled day keyboard focus goes to from `day`, moving `step` days at a time (±1 across, ±7 up
 * and down) and skipping disabled days; undefined at the edge of the month.
 */
export function stepDay(
  day: number,
  step: number,
  lastDay: number,
  enabled: (day: number) => boolean,
): number | undefined {
  for (let next = day + step; next >= 1 && next <= lastDay; next += step) if (enabled(next)) return next;
  return undefined;
}
