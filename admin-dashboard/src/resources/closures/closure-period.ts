import { shiftDay } from '../../lib/club-days';
import { dayText, hourText } from '../../lib/club-format';
import { clubMoment } from '../../lib/club-time';
import type { ClosureRecord } from '../../lib/records';

/**
 * When a closure holds, on the club's clock: 'пн, 6 июля, 14:00–18:00' for one day (an end at the
 * next midnight reads 24:00), 'пн, 6 июля 14:00 – ср, 8 июля 18:00' across days.
 */
export function closurePeriod(closure: Pick<ClosureRecord, 'starts_at' | 'ends_at'>, zone: string, today: string) {
  const start = clubMoment(closure.starts_at, zone);
  const end = clubMoment(closure.ends_at, zone);
  const toMidnight = end.hour === 0 && end.date === shiftDay(start.date, 1);
  if (end.date === start.date || toMidnight)
    return `${dayText(start.date, today)}, ${hourText(start.hour)}–${hourText(toMidnight ? 24 : end.hour)}`;
  return `${dayText(start.date, today)} ${hourText(start.hour)} – ${dayText(end.date, today)} ${hourText(end.hour)}`;
}
