import { bookingRules, BookingError, type Court } from '@kort/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { useToast } from '../../../components/ui/toasts';
import { useBookingLimits } from '../../../lib/booking-limits';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { startOfHour, useSiteClock, useSiteNow } from '../../../lib/site-clock';
import { useFailure } from '../../../lib/use-failure';
import { DESKTOP, useMediaQuery } from '../../../lib/use-media-query';
import { useAvailableTimes } from '../api/available-times';
import { useBookedDays } from '../api/booked-days';
import { useCourts } from '../api/courts';
import { useCourtsStatus } from '../api/courts-status';
import { useOrderCourt } from '../api/order-court';
import { formatDayMonthWeekday, parseIsoDate } from './dates';
import { MonthCalendar } from './month-calendar';
import { BookingSummary } from './booking-summary';
import { TimeDial } from './time-dial';

type Step = 'date' | 'time' | 'court' | 'confirm';

/**
 * /reserve: a date on the calendar, then an hour on the dial, then court 1 or 2, then one confirm
 * button under the summary (spec section 4, issue 19). On a desktop the calendar and the dial stand
 * side by side. Days the player's own quotas refuse are marked on the calendar and the dial says so,
 * before the last step; the 418 toast stays for a booking that races another.
 */
export function ReservePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const clock = useSiteClock();
  const now = useSiteNow();
  const wide = useMediaQuery(DESKTOP);
  // The court list first: without it nothing can be booked (spec: its failure is the network screen).
  const courts = useCourts();
  const [step, setStep] = useState<Step>('date');
  const [chosenMonth, setChosenMonth] = useState<{ year: number; month: number } | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  const [court, setCourt] = useState<Court | null>(null);
  // The calendar opens on the club's month.
  const month = chosenMonth ?? (now && { year: Number(now.date.slice(0, 4)), month: Number(now.date.slice(5, 7)) });

  const bookedDays = useBookedDays(month);
  const limits = useBookingLimits(month);
  const hours = useAvailableTimes(step === 'time' ? date : null);
  const busyCourts = useCourtsStatus(
    (step === 'court' || step === 'confirm') && date !== null && hour !== null ? { date, hour } : null,
  );
  const order = useOrderCourt();
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');
  useFailure(bookedDays, refused);
  useFailure(hours, (failure) => (refused(failure), setStep('date')));
  useFailure(busyCourts, (failure) => (refused(failure), setStep('time')));

  if (clock.isError || courts.isError) return <NetworkFailure />;
  // Days whose answer failed stay choosable: the server refuses what is taken.
  const unavailable = bookedDays.data ?? (bookedDays.isError ? [] : null);
  // Limits that cannot be read mark nothing: the server still refuses (418).
  const dayLimits = limits.data?.days ?? (limits.isError ? [] : null);
  const busy = busyCourts.data ?? null;

  /** Why the player's own quotas refuse the chosen date, if they do. */
  function limitOf(chosen: string): string | null {
    const { year, month: monthOf, day } = parseIsoDate(chosen);
    if (!month || year !== month.year || monthOf !== month.month) return null;
    const reason = dayLimits?.find((limit) => limit.day === day)?.reason;
    return reason ? ui.reserve.limits[reason] : null;
  }

  function book() {
    if (!date || hour === null || !now || !court) return;
    order.mutate(
      { idCort: court.id_cort, timeStart: startOfHour(date, hour, now.zone) },
      {
        onSuccess: (answer) => (toast(answer.detail), void navigate('/profile')),
        onError: (failure) => {
          refused(failure);
          // Taken meanwhile: back to the hours, asked for again.
          if (errorOf(failure).code === BookingError.SlotTaken) setStep('time');
        },
      },
    );
  }

  const back = (
    <button type="button" onClick={() => void navigate('/profile')}>
      {ui.back}
    </button>
  );

  // Five games ahead: no day can be booked, whatever the calendar would show.
  if (limits.data?.upcoming_full)
    return (
      <main className="page reserve">
        <h1>{ui.reserve.chooseDate}</h1>
        <p className="notice" role="status">
          {ui.games.limit(bookingRules.upcoming)}
        </p>
        <div className="actions">{back}</div>
      </main>
    );

  // The buttons under the calendar or the dial come with it, not before: nothing the player is about
  // to tap moves down when the answers arrive.
  const calendarShown = Boolean(now && month);
  const dialShown = Boolean(now && hours.data) || hours.isError;
  const calendar =
    now && month ? (
      <MonthCalendar
        year={month.year}
        month={month.month}
        today={now.date}
        unavailableDays={unavailable ?? []}
        limits={dayLimits ?? []}
        loading={unavailable === null || dayLimits === null}
        value={date}
        onChange={(value) => (setDate(value), setHour(null), setStep('time'))}
        onMonthChange={(year, next) => (setChosenMonth({ year, month: next }), setDate(null), setStep('date'))}
      />
    ) : (
      <p role="status">{ui.loading}</p>
    );

  const dial = (headingLevel: 1 | 2) =>
    date && now && hours.data ? (
      <TimeDial
        date={date}
        now={now}
        reserved={hours.data.reserved}
        mine={hours.data.reserved_hours_by_current_user}
        limit={limitOf(date)}
        value={hour}
        onChange={setHour}
        headingLevel={headingLevel}
      />
    ) : (
      <>
        {headingLevel === 1 ? (
          <h1>{ui.reserve.chooseTime}</h1>
        ) : (
          <h2 className="time-dial-title">{ui.reserve.chooseTime}</h2>
        )}
        <p role="status" className={date ? undefined : 'muted'}>
          {date ? ui.loading : ui.reserve.chooseDateFirst}
        </p>
      </>
    );

  const next = (
    <button
      type="button"
      className="primary"
      disabled={hour === null || (date !== null && limitOf(date) !== null)}
      onClick={() => setStep('court')}
    >
      {ui.next}
    </button>
  );

  // A desktop: the calendar and the dial side by side until the hour is chosen.
  if (wide && (step === 'date' || step === 'time'))
    return (
      <main className="page reserve">
        <div className="reserve-when">
          <section className="reserve-when-date" aria-labelledby="reserve-date-title">
            <h1 id="reserve-date-title">{ui.reserve.chooseDate}</h1>
            {calendar}
          </section>
          <section className="reserve-when-time" aria-label={ui.reserve.chooseTime}>
            {dial(2)}
          </section>
        </div>
        {calendarShown && (
          <div className="actions">
            {next}
            {back}
          </div>
        )}
      </main>
    );

  return (
    <main className="page reserve">
      {step === 'date' && (
        <>
          <h1>{ui.reserve.chooseDate}</h1>
          {calendar}
          {calendarShown && <div className="actions">{back}</div>}
        </>
      )}
      {step === 'time' && date && (
        <>
          {dial(1)}
          {dialShown && (
            <div className="actions">
              {next}
              <button type="button" onClick={() => setStep('date')}>
                {ui.back}
              </button>
            </div>
          )}
        </>
      )}
      {step === 'court' && date && hour !== null && (
        <>
          <h1>{ui.reserve.chooseCourt}</h1>
          <p>{ui.reserve.dateAndHour(formatDayMonthWeekday(date), hour)}</p>
          <div className="courts" aria-busy={busy === null}>
            {(courts.data ?? []).map((one) => (
              <button
                key={one.id_cort}
                type="button"
                className="court primary"
                disabled={busy?.includes(one.id_cort) ?? true}
                onClick={() => (setCourt(one), setStep('confirm'))}
              >
                {one.name}
                {busy?.includes(one.id_cort) && <span className="court-state">{ui.reserve.courtTaken}</span>}
              </button>
            ))}
          </div>
          <div className="actions">
            <button type="button" onClick={() => setStep('time')}>
              {ui.back}
            </button>
          </div>
        </>
      )}
      {step === 'confirm' && date && hour !== null && court && (
        <BookingSummary
          date={date}
          hour={hour}
          court={court.name}
          pending={order.isPending}
          onConfirm={book}
          onBack={() => setStep('court')}
        />
      )}
    </main>
  );
}
