import type { BookingLimits, BookingRules, Court } from '@kort/contracts';
import { limitReason } from '../../../lib/club-rules';
import { hourPrices, kopecksIn } from '../../../lib/money';
import type { SiteNow } from '../../../lib/site-clock';
import { useAvailableTimes } from '../api/available-times';
import { useCourtsStatus } from '../api/courts-status';
import { parseIsoDate } from '../components/dates';
import { closedHours, segmentState, type DialDay } from '../components/dial-geometry';
import { settleSteps } from './settle-steps';
import type { StepParams } from './use-reserve-steps';

/** Why the player's own quotas refuse `chosen`, if the month shown has it and they do. */
function limitOn(
  chosen: string,
  shown: { year: number; month: number } | null,
  days: BookingLimits['days'] | null,
  rules: BookingRules,
): string | null {
  const { year, month, day } = parseIsoDate(chosen);
  if (!shown || year !== shown.year || month !== shown.month) return null;
  const reason = days?.find((limit) => limit.day === day)?.reason;
  return reason ? limitReason(reason, rules) : null;
}

interface DayInput {
  asked: StepParams;
  now: SiteNow | null;
  rules: BookingRules;
  /** The club's today and last bookable day, once its clock is known. */
  days: { today: string; last: string } | null;
  month: { year: number; month: number } | null;
  /** The month's days the player's quotas refuse; null while unknown ([] if they cannot be read). */
  dayLimits: BookingLimits['days'] | null;
  courts: readonly Court[] | undefined;
}

/**
 * The chosen day as the club answers for it: its hours (GET /api/get-available-times/) once the
 * address names a date, the courts' status (GET /api/get_courts_status/) once it names a free hour,
 * and from both the steps the page can show (settle-steps.ts).
 */
export function useReserveDay({ asked, now, rules, days, month, dayLimits, courts }: DayInput) {
  const dateOk = asked.date !== null && days !== null && asked.date >= days.today && asked.date <= days.last;
  const hours = useAvailableTimes(dateOk ? asked.date : null);
  const limit = asked.date === null ? null : limitOn(asked.date, month, dayLimits, rules);
  const dial: DialDay | null =
    dateOk && asked.date !== null && now && hours.data
      ? {
          date: asked.date,
          now,
          reserved: hours.data.reserved,
          mine: hours.data.reserved_hours_by_current_user,
          limit,
          closed: closedHours(rules, hours.data.closed),
          prices: hourPrices(hours.data.prices),
        }
      : null;
  const stateOf = (hour: number) => (dial ? segmentState(hour, dial) : null);
  const bookable = (hour: number) => stateOf(hour) === 'free';
  // Hours the club keeps closed are not taken: no place in line can be taken for them. A day's taken
  // hours take a place in line, unless the player's own quotas refuse that day.
  const taken = dial ? dial.reserved.filter((hour) => stateOf(hour) === 'taken') : [];
  const lineOpen = dateOk && limit === null;

  const freeHour = dial && asked.hour !== null && bookable(asked.hour) ? asked.hour : null;
  const busyCourts = useCourtsStatus(
    dateOk && asked.date !== null && freeHour !== null ? { date: asked.date, hour: freeHour } : null,
  );
  const settled = settleSteps(asked, {
    days,
    hourFree: dial ? bookable : null,
    court: (id) => {
      if (!courts || !busyCourts.data) return 'unknown';
      const open = courts.some((court) => court.id_cort === id) && !busyCourts.data.busy_courts.includes(id);
      return open ? 'ok' : 'unavailable';
    },
  });
  const { date, hour } = settled.params;
  const court = courts?.find((entry) => entry.id_cort === settled.params.court);
  const courtPrice = court && busyCourts.data?.prices?.find((price) => price.id_cort === court.id_cort);

  return {
    settled,
    date,
    hour,
    court,
    /** What the chosen court costs at the chosen hour, in kopecks (null: the club has no prices). */
    courtPrice: courtPrice ? kopecksIn(courtPrice.amount) : null,
    hours,
    busyCourts,
    dial,
    taken,
    lineOpen,
    bookable,
    /** A taken hour (not the player's own) that takes a place in line instead of a court. */
    takenForLine: (hour: number) => lineOpen && stateOf(hour) === 'taken',
  };
}
