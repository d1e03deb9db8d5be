import { monthsGenitive, weekdaysShortIso } from '@kort/contracts';

/**
 * The dashboard's one home for dates and times, one format per kind
 * (docs/decisions/0099-one-format-per-kind.md): a day 'пн, 30 ноября' (the year only when it is not
 * this year's), a moment '30.11.2026, 14:00', an hour '06:00', and a date field's 'дд.мм.гггг'. Pure
 * text from the club's wall clock (club-time.ts and club-days.ts turn instants and "today" into it),
 * so the browser's language and zone play no part. The player app writes them the same way
 * (player-web/src/lib/format.ts).
 */

const two = (value: number) => String(value).padStart(2, '0');

/** '06:00', '24:00': a whole hour. */
export function hourText(hour: number): string {
  return `${two(hour)}:00`;
}

/** '14:05': a time of day on the club's clock. */
export function clockText(hour: number, minute: number): string {
  return `${two(hour)}:${two(minute)}`;
}

/** 'YYYY-MM-DD' → '06.07.2027': a date as a date field shows it (and as a moment starts). */
export function dateText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/**
 * A calendar date as a person reads it: 'пн, 6 июля' (this year's) or 'пн, 6 июля 2027' (another
 * year's, by the club's `today`, 'YYYY-MM-DD'). The weekday is counted in UTC: no zone moves a date.
 */
export function dayText(day: string, today: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay() || 7;
  const words = `${weekdaysShortIso[weekday - 1]}, ${date} ${monthsGenitive[month - 1]}`;
  return today.startsWith(`${year}-`) ? words : `${words} ${year}`;
}

/** A moment of the club's wall clock, '30.11.2026, 14:00'. */
export function momentText(wall: { date: string; hour: number; minute: number }): string {
  return `${dateText(wall.date)}, ${clockText(wall.hour, wall.minute)}`;
}

/** 'дд.мм.гггг' as typed → 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function parseDateText(typed: string): string | null {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(typed);
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}
