import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useBookingLimits } from '../../../lib/booking-limits';
import { useClubRules } from '../../../lib/club-rules';
import { monthOf, useSiteClock, useSiteNow } from '../../../lib/site-clock';
import { useFailure } from '../../../lib/use-failure';
import { useBookedDays } from '../api/booked-days';
import { useCourts } from '../api/courts';
import { addDays } from '../components/dates';
import { useReserveActions } from './use-reserve-actions';
import { useReserveDay } from './use-reserve-day';
import { useReserveLine } from './use-reserve-line';
import { searchOf, stepOf, useReserveSteps } from './use-reserve-steps';

/**
 * Everything /reserve knows and does, for the page to lay out: the club's clock, rules and courts,
 * the month on the calendar, the steps of the address settled against the club's answers (an
 * address that cannot be shown is replaced by the nearest step that can), the line, and the calls.
 */
export function useReserveFlow() {
  const location = useLocation();
  const clock = useSiteClock();
  const now = useSiteNow();
  const rules = useClubRules();
  // The court list first: without it nothing can be booked (spec: its failure is the network screen).
  const courts = useCourts();
  const steps = useReserveSteps();
  const [chosenMonth, setChosenMonth] = useState<{ year: number; month: number } | null>(null);
  const days = now ? { today: now.date, last: addDays(now.date, rules.booking_horizon_days) } : null;
  const shownDate = steps.pickedDate && days && steps.pickedDate >= days.today && steps.pickedDate <= days.last;
  // The calendar opens on the club's month, or on the month of the date the address asks for.
  const month = chosenMonth ?? (now && monthOf(shownDate ? (steps.pickedDate ?? now.date) : now.date));
  const bookedDays = useBookedDays(month);
  const limits = useBookingLimits(month);
  const dayLimits = limits.data?.days ?? (limits.isError ? [] : null);
  const day = useReserveDay({ asked: steps.asked, now, rules, days, month, dayLimits, courts: courts.data });
  const { settled, date, hours, busyCourts } = day;
  const step = stepOf(settled.params);
  const picked = steps.pickedHour;

  // What the address asks and cannot be shown is replaced by the nearest step that can.
  const canonical = searchOf(settled.params);
  useEffect(() => {
    if (!settled.pending && canonical !== location.search) steps.replace(settled.params);
  });

  const actions = useReserveActions({
    now,
    fallBack: steps.replace,
    pickHour: steps.pickHour,
    refetchHours: () => hours.refetch(),
  });
  const line = useReserveLine({
    date,
    picked,
    open: day.lineOpen,
    anyTaken: day.taken.length > 0,
    takenForLine: day.takenForLine,
    joined: actions.joined,
    joining: actions.joining,
    join: actions.joinLine,
  });
  useFailure(bookedDays, actions.refused);
  useFailure(hours, (failure) => (actions.refused(failure), steps.replace({ date: null, hour: null, court: null })));
  useFailure(busyCourts, (failure) => (actions.refused(failure), steps.replace({ date, hour: null, court: null })));

  return {
    clock,
    now,
    rules,
    courts,
    steps,
    month,
    days,
    setChosenMonth,
    bookedDays,
    limits,
    dayLimits,
    day,
    step,
    picked,
    actions,
    line,
  };
}

/** The booking screen's state, queries and actions, as the page and its steps read them. */
export type ReserveFlow = ReturnType<typeof useReserveFlow>;
