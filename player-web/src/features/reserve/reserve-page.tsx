import { messages, type AvailableTimes, type Court } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../components/ui/network-failure';
import { useToast } from '../../components/ui/toasts';
import { ApiError } from '../../lib/api-client';
import { startOfHour, useSiteNow } from '../../lib/site-clock';
import { availableTimes, courts, courtsStatus, fullyBookedDays, orderCourt } from './api';
import { formatDayMonthWeekday } from './components/dates';
import { MonthCalendar } from './components/month-calendar';
import { TimeDial } from './components/time-dial';

/** Spec section 8: 418 is the quota; other refusals carry the server's Russian text. */
export function bookingError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 418) return messages.bookingLimit;
  if (failure instanceof ApiError && failure.status < 500) return failure.detail;
  return messages.networkTrouble;
}

type Step = 'date' | 'time' | 'court';

/** /reserve: a date on the calendar, then an hour on the dial, then court 1 or 2 (spec section 4). */
export function ReservePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const [offline, setOffline] = useState(false);
  const now = useSiteNow(() => setOffline(true));
  const [step, setStep] = useState<Step>('date');
  const [month, setMonth] = useState<{ year: number; month: number } | null>(null);
  const [unavailable, setUnavailable] = useState<number[] | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [hours, setHours] = useState<AvailableTimes | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  const [courtList, setCourtList] = useState<Court[] | null>(null);
  const [busyCourts, setBusyCourts] = useState<number[] | null>(null);
  const [booking, setBooking] = useState(false);

  // The court list first: without it nothing can be booked (spec: its failure is the network screen).
  useEffect(() => {
    courts().then(
      (answer) => setCourtList(answer.detail),
      () => setOffline(true),
    );
  }, []);

  useEffect(() => {
    if (now && !month) setMonth({ year: Number(now.date.slice(0, 4)), month: Number(now.date.slice(5, 7)) });
  }, [now, month]);

  useEffect(() => {
    if (!month) return;
    let live = true;
    setUnavailable(null);
    fullyBookedDays(month.year, month.month).then(
      (answer) => live && setUnavailable(answer.detail),
      (failure: unknown) => live && (setUnavailable([]), toast(bookingError(failure), 'error')),
    );
    return () => {
      live = false;
    };
  }, [month, toast]);

  useEffect(() => {
    if (step !== 'time' || !date) return;
    let live = true;
    setHours(null);
    availableTimes(date).then(
      (answer) => live && setHours(answer),
      (failure: unknown) => live && (toast(bookingError(failure), 'error'), setStep('date')),
    );
    return () => {
      live = false;
    };
  }, [step, date, toast]);

  useEffect(() => {
    if (step !== 'court' || !date || hour === null) return;
    let live = true;
    setBusyCourts(null);
    courtsStatus(date, hour).then(
      (answer) => live && setBusyCourts(answer.busy_courts),
      (failure: unknown) => live && (toast(bookingError(failure), 'error'), setStep('time')),
    );
    return () => {
      live = false;
    };
  }, [step, date, hour, toast]);

  if (offline) return <NetworkFailure />;

  async function book(idCort: number) {
    if (!date || hour === null || !now) return;
    setBooking(true);
    try {
      toast((await orderCourt(idCort, startOfHour(date, hour, now.zone))).detail);
      void navigate('/profile');
    } catch (failure) {
      toast(bookingError(failure), 'error');
      if (failure instanceof ApiError && failure.status === 409) setStep('time');
    } finally {
      setBooking(false);
    }
  }

  return (
    <main className="page reserve">
      {step === 'date' && (
        <>
          <h1>Выберите дату</h1>
          {now && month ? (
            <MonthCalendar
              year={month.year}
              month={month.month}
              today={now.date}
              unavailableDays={unavailable ?? []}
              loading={unavailable === null}
              value={date}
              onChange={(value) => (setDate(value), setHour(null), setStep('time'))}
              onMonthChange={(year, next) => (setMonth({ year, month: next }), setDate(null))}
            />
          ) : (
            <p role="status">Загрузка…</p>
          )}
          <div className="actions">
            <button type="button" onClick={() => void navigate('/profile')}>
              Назад
            </button>
          </div>
        </>
      )}
      {step === 'time' && date && (
        <>
          {now && hours ? (
            <TimeDial
              date={date}
              now={now}
              reserved={hours.reserved}
              mine={hours.reserved_hours_by_current_user}
              value={hour}
              onChange={setHour}
            />
          ) : (
            <>
              <h1>Выберите время</h1>
              <p role="status">Загрузка…</p>
            </>
          )}
          <div className="actions">
            <button type="button" className="primary" disabled={hour === null} onClick={() => setStep('court')}>
              Далее
            </button>
            <button type="button" onClick={() => setStep('date')}>
              Назад
            </button>
          </div>
        </>
      )}
      {step === 'court' && date && hour !== null && (
        <>
          <h1>Выберите корт</h1>
          <p>
            {formatDayMonthWeekday(date)}, {String(hour).padStart(2, '0')}:00
          </p>
          <div className="courts" aria-busy={busyCourts === null || booking}>
            {(courtList ?? []).map((court) => {
              const busy = busyCourts?.includes(court.id_cort) ?? true;
              return (
                <button
                  key={court.id_cort}
                  type="button"
                  className="court primary"
                  disabled={busy || booking}
                  onClick={() => void book(court.id_cort)}
                >
                  {court.name}
                  {busyCourts?.includes(court.id_cort) && <span className="court-state"> — занят</span>}
                </button>
              );
            })}
          </div>
          <div className="actions">
            <button type="button" onClick={() => setStep('time')}>
              Назад
            </button>
          </div>
        </>
      )}
    </main>
  );
}
