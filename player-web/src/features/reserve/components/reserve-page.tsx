import { BookingError } from '@kort/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { useToast } from '../../../components/ui/toasts';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { startOfHour, useSiteClock, useSiteNow } from '../../../lib/site-clock';
import { useFailure } from '../../../lib/use-failure';
import { useAvailableTimes } from '../api/available-times';
import { useBookedDays } from '../api/booked-days';
import { useCourts } from '../api/courts';
import { useCourtsStatus } from '../api/courts-status';
import { useOrderCourt } from '../api/order-court';
import { formatDayMonthWeekday } from './dates';
import { MonthCalendar } from './month-calendar';
import { TimeDial } from './time-dial';

type Step = 'date' | 'time' | 'court';

/** /reserve: a date on the calendar, then an hour on the dial, then court 1 or 2 (spec section 4). */
export function ReservePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const clock = useSiteClock();
  const now = useSiteNow();
  // The court list first: without it nothing can be booked (spec: its failure is the network screen).
  const courts = useCourts();
  const [step, setStep] = useState<Step>('date');
  const [chosenMonth, setChosenMonth] = useState<{ year: number; month: number } | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  // The calendar opens on the club's month.
  const month = chosenMonth ?? (now && { year: Number(now.date.slice(0, 4)), month: Number(now.date.slice(5, 7)) });

  const bookedDays = useBookedDays(month);
  const hours = useAvailableTimes(step === 'time' ? date : null);
  const busyCourts = useCourtsStatus(step === 'court' && date !== null && hour !== null ? { date, hour } : null);
  const order = useOrderCourt();
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');
  useFailure(bookedDays, refused);
  useFailure(hours, (failure) => (refused(failure), setStep('date')));
  useFailure(busyCourts, (failure) => (refused(failure), setStep('time')));

  if (clock.isError || courts.isError) return <NetworkFailure />;
  // Days whose answer failed stay choosable: the server refuses what is taken.
  const unavailable = bookedDays.data ?? (bookedDays.isError ? [] : null);
  const busy = busyCourts.data ?? null;

  function book(idCort: number) {
    if (!date || hour === null || !now) return;
    order.mutate(
      { idCort, timeStart: startOfHour(date, hour, now.zone) },
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

  return (
    <main className="page reserve">
      {step === 'date' && (
        <>
          <h1>{ui.reserve.chooseDate}</h1>
          {now && month ? (
            <MonthCalendar
              year={month.year}
              month={month.month}
              today={now.date}
              unavailableDays={unavailable ?? []}
              loading={unavailable === null}
              value={date}
              onChange={(value) => (setDate(value), setHour(null), setStep('time'))}
              onMonthChange={(year, next) => (setChosenMonth({ year, month: next }), setDate(null))}
            />
          ) : (
            <p role="status">{ui.loading}</p>
          )}
          <div className="actions">
            <button type="button" onClick={() => void navigate('/profile')}>
              {ui.back}
            </button>
          </div>
        </>
      )}
      {step === 'time' && date && (
        <>
          {now && hours.data ? (
            <TimeDial
              date={date}
              now={now}
              reserved={hours.data.reserved}
              mine={hours.data.reserved_hours_by_current_user}
              value={hour}
              onChange={setHour}
            />
          ) : (
            <>
              <h1>{ui.reserve.chooseTime}</h1>
              <p role="status">{ui.loading}</p>
            </>
          )}
          <div className="actions">
            <button type="button" className="primary" disabled={hour === null} onClick={() => setStep('court')}>
              {ui.next}
            </button>
            <button type="button" onClick={() => setStep('date')}>
              {ui.back}
            </button>
          </div>
        </>
      )}
      {step === 'court' && date && hour !== null && (
        <>
          <h1>{ui.reserve.chooseCourt}</h1>
          <p>{ui.reserve.dateAndHour(formatDayMonthWeekday(date), hour)}</p>
          <div className="courts" aria-busy={busy === null || order.isPending}>
            {(courts.data ?? []).map((court) => (
              <button
                key={court.id_cort}
                type="button"
                className="court primary"
                disabled={(busy?.includes(court.id_cort) ?? true) || order.isPending}
                onClick={() => book(court.id_cort)}
              >
                {court.name}
                {busy?.includes(court.id_cort) && <span className="court-state">{ui.reserve.courtTaken}</span>}
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
    </main>
  );
}
