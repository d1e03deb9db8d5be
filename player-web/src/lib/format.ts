import { monthsGenitive, wallClock, weekdaysShortIso } from '@kort/contracts';

/**
 * The app's one home for dates and times, one format per kind (docs/decisions/0099-one-format-per-kind.md):
 * a day 'пн, 30 ноября' (with the year only when it is not this year's), a moment '30.11.2026, 14:00'
 * and an hour '06:00'. Every screen goes through here, so one step never says '9:00' and the next
 * '09:00'. The dashboard writes them the same way (admin-dashboard/src/lib/club-days.ts, club-time.ts).
 */

const two = (value: number) => String(value).padStart(2, '0');

/** 9 → '09:00': a whole hour (games start on the hour); 24 is '24:00', the end of the club's day. */
export function hourText(hour: number): string {
  return `${two(hour)}:00`;
}

/** 9 → '09:00–10:00': the hour a game takes; 23 ends at '24:00', the end of the club's day. */
export function hourRange(hour: number): string {
  return `${hourText(hour)}–${hourText(hour + 1)}`;
}

/** 'YYYY-MM-DD' into numbers, or null when it is not a calendar date. */
function dateParts(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 ? { year, month, day } : null;
}

/**
 * A club date, 'YYYY-MM-DD' → 'пн, 30 ноября'; another year's day carries its year, 'пн, 4 января
 * 2027'. `today` is the club's date now ('YYYY-MM-DD'), whose year is left unsaid. A calendar date has
 * no zone of its own: its weekday is counted in UTC, so the phone's zone cannot move it.
 */
export function dayText(date: string, today: string): string {
  const parts = dateParts(date);
  if (!parts) return date;
  const { year, month, day } = parts;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7;
  const words = `${weekdaysShortIso[weekday - 1]}, ${day} ${monthsGenitive[month - 1]}`;
  return today.startsWith(`${year}-`) ? words : `${words} ${year}`;
}

/**
 * An instant as the club's clock reads it, '30.11.2026, 14:00'. With `zone` (the club's, from GET
 * /api/site_time/) any instant; without it, an ISO instant written with the club's offset (as the
 * API writes `time_start`, `paused_until`) is read as written.
 */
export function momentText(instant: Date | string, zone?: string): string {
  let wall: { date: string; hour: number; minute: number };
  if (zone !== undefined) wall = wallClock(new Date(instant), zone);
  else {
    const match = typeof instant === 'string' && /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(instant);
    if (!match) return String(instant);
    wall = { date: match[1]!, hour: Number(match[2]), minute: Number(match[3]) };
  }
  const [year, month, day] = wall.date.split('-');
  return `${day}.${month}.${year}, ${two(wall.hour)}:${two(wall.minute)}`;
}

/** A game in a sentence: its day and its hour, 'пн, 30 ноября, 18:00' (`time_start` carries the club's offset). */
export function gameDayAndHour(timeStart: string, today: string): string {
  return `${dayText(timeStart.slice(0, 10), today)}, ${timeStart.slice(11, 16)}`;
}
