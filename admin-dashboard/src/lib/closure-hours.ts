import type { ClosureRecord } from './records';
import { clubMoment } from './club-time';

/** The hours of one local day a closure covers: from `from` up to `to` (24: to the day's end). */
export interface HoursOfDay {
  from: number;
  to: number;
}

/**
 * Which hours of `day` ('YYYY-MM-DD', the club's) a closure takes, or null when it does not touch
 * that day. A closure of several days takes its first day from its start, the days between whole,
 * its last day up to its end.
 */
export function closureHoursOn(
  closure: Pick<ClosureRecord, 'starts_at' | 'ends_at'>,
  day: string,
  zone: string,
): HoursOfDay | null {
  const start = clubMoment(closure.starts_at, zone);
  const end = clubMoment(closure.ends_at, zone);
  if (day < start.date || day > end.date || (day === end.date && end.hour === 0)) return null;
  return { from: day === start.date ? start.hour : 0, to: day === end.date ? end.hour : 24 };
}

/** Whether a closure holds on that court: its own, or the whole club's (court_id null). */
export function closesCourt(closure: Pick<ClosureRecord, 'court_id'>, courtId: number): boolean {
  return closure.court_id === null || closure.court_id === courtId;
}
