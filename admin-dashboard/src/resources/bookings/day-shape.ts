import { closesCourt, closureHoursOn } from '../../lib/closure-hours';
import { isoWeekday, shiftDay } from '../../lib/club-days';
import { clubMoment } from '../../lib/club-time';
import type { ClubHours } from '../../lib/use-club-hours';
import type { BookingRecord, ClosureRecord, CourtRecord } from '../../lib/records';

/**
 * The columns of a day: the club's courts taking bookings, in the club's order, and a court taken
 * out of booking only when it has a game that day (its history stays readable).
 */
export function dayCourts(courts: readonly CourtRecord[], games: readonly BookingRecord[]): CourtRecord[] {
  const played = new Set(games.map((game) => game.court_id));
  return courts.filter((court) => court.active || played.has(court.id));
}

/** The rows of a day: the club's hours, widened to any game outside them (booked before they changed). */
export function dayHours(hours: ClubHours, games: readonly BookingRecord[], zone: string): number[] {
  const started = games.map((game) => clubMoment(game.starts_at, zone).hour);
  const first = Math.min(hours.opening, ...started);
  const last = Math.max(hours.closing - 1, ...started);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/** The closure holding that court at that hour of the day, if any (the court's own, or the whole club's). */
export function closureAt(
  closures: readonly ClosureRecord[],
  courtId: number,
  day: string,
  hour: number,
  zone: string,
): ClosureRecord | undefined {
  return closures.find((closure) => {
    if (!closesCourt(closure, courtId)) return false;
    const hours = closureHoursOn(closure, day, zone);
    return hours !== null && hour >= hours.from && hour < hours.to;
  });
}

/** The Monday of the week holding `day` ('YYYY-MM-DD'). */
export const weekStart = (day: string) => shiftDay(day, 1 - isoWeekday(day));
