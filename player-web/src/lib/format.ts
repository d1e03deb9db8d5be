import { wallClock } from '@kort/contracts';

/**
 * The app's one way to write hours and dates: '09:00', '09:00–10:00', 'вторник, 1 декабря 2026'. Every
 * screen that shows a game's hour or day goes through here, so one step never says '9:00' and the
 * next '09:00'.
 */

const two = (value: number) => String(value).padStart(2, '0');

/** 9 → '09:00': the hour a game starts (games start on the hour). */
export function clockHour(hour: number): string {
  return `${two(hour)}:00`;
}

/** 9 → '09:00–10:00': the hour a game takes; 23 ends at '24:00', the end of the club's day. */
export function hourRange(hour: number): string {
  return `${clockHour(hour)}–${clockHour(hour + 1)}`;
}

// Made on first use: the first screen (/login) loads this module for the hours and needs no dates.
let longDateFormat: Intl.DateTimeFormat | undefined;

/**
 * A club date, 'YYYY-MM-DD' → 'вторник, 1 декабря 2026': the weekday before the words my-orders
 * gives a game's date in (day, the month in the genitive, year), so a card and the list read alike.
 */
export function longDate(date: string): string {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = date.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(at.getTime())) return date;
  // A calendar date has no zone of its own: written as a UTC date, the phone's zone cannot move it.
  longDateFormat ??= new Intl.DateTimeFormat('ru-RU', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  // Intl writes the year as '2026 г.'; the app and the API write it bare.
  return `${longDateFormat.format(at)} ${year}`;
}

/**
 * An instant as the club's date, 'вторник, 1 декабря 2026', whatever the phone's zone: `zone` is the
 * club's (from GET /api/site_time/).
 */
export function longDateAt(instant: Date | string, zone: string): string {
  return longDate(wallClock(new Date(instant), zone).date);
}

/** An instant as the club's hour, '18:00' (a game's start). */
export function clockHourAt(instant: Date | string, zone: string): string {
  return clockHour(wallClock(new Date(instant), zone).hour);
}
