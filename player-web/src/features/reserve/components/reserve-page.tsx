import { BookingError, type BookingLimits, type BookingRules, type Court } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { useToast } from '../../../components/ui/toasts';
import { pausedUntilText, useBookingLimits } from '../../../lib/booking-limits';
import { clubRulesQuery, limitReason, useClubRules } from '../../../lib/club-rules';
import { errorOf } from '../../../lib/errors';
import { ui } from '../../../lib/messages';
import { monthOf, startOfHour, useSiteClock, useSiteNow } from '../../../lib/site-clock';
import { useFailure } from '../../../lib/use-failure';
import { DESKTOP, useMediaQuery } from '../../../lib/use-media-query';
import { queryKeys, refreshBookings } from '../../../lib/query-keys';
import { placeHour, useWaitlistPlaces } from '../../../lib/waitlist';
import { useAvailableTimes } from '../api/available-times';
import { useBookedDays } from '../api/booked-days';
import { useCourts } from '../api/courts';
import { useCourtsStatus } from '../api/courts-status';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useOrderCourt } from '../api/order-court';
import { addDays, parseIsoDate } from './dates';
import { MonthCalendar } from './month-calendar';
import { BookingSummary } from './booking-summary';
import { CourtStep } from './court-step';
import { closedHours } from './dial-geometry';
import { TimeDial } from './time-dial';
import { WaitlistChoice } from './waitlist-choice';

type Step = 'date' | 'time' | 'court' | 'confirm';

/** Why the player's own quotas refuse `chosen`, if the month shown has it and they do. */
function limitOn(
  chosen: string,
  shown: { year: number; month: number } | null,
  days: BookingLimits['days'] | null | undefined,
  rules: BookingRules,
): string | null {
  const { year, month, day } = parseIsoDate(chosen);
  if (!shown || year !== shown.year || month !== shown.month) return null;
  const reason = days?.find((limit) => limit.day === day)?.reason;
  return reason ? limitReason(reason, rules) : null;
}

/** Refusals that mean the club's shape changed under the player's choice: asked again, a step back. */
const SHAPE_CHANGED: readonly string[] = [BookingError.SlotClosed, BookingError.OutsideHours];

/**
 * /reserve: a date on the calendar, then an hour on the dial, then one of the club's courts, then one
 * confirm button under the summary (spec section 4, issue 19). On a desktop the calendar and the dial
 * stand side by side. Days the player's own quotas refuse are marked on the calendar and the dial
 * says so, before the last step; the 418 toast stays for a booking that races another. Days past the
 * booking horizon are not offered. An hour taken on every court offers a place in line instead of a
 * court (issue 21); while new bookings are paused for no-shows, the screen says until when. The
 * club's hours, quotas and horizon are its own (GET /api/booking_rules/), and hours and courts it
 * keeps closed say why.
 */
export function ReservePage() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const clock = useSiteClock();
  const now = useSiteNow();
  const wide = useMediaQuery(DESKTOP);
  const rules = useClubRules();
  // The court list first: without it nothing can be booked (spec: its failure is the network screen).
  const courts = useCourts();
  const [step, setStep] = useState<Step>('date');
  const [chosenMonth, setChosenMonth] = useState<{ year: number; month: number } | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [hour, setHour] = useState<number | null>(null);
  const [court, setCourt] = useState<Court | null>(null);
  // The calendar opens on the club's month.
  const month = chosenMonth ?? (now && monthOf(now.date));

  const bookedDays = useBookedDays(month);
  const limits = useBookingLimits(month);
  const hours = useAvailableTimes(step === 'time' ? date : null);
  // Hours the club keeps closed are not taken: no place in line can be taken for them.
  const closed = closedHours(rules, hours.data?.closed).map((entry) => entry.hour);
  const taken = (hours.data?.reserved ?? []).filter((taken) => !closed.includes(taken));
  // A day's taken hours take a place in line, unless the player's own quotas refuse that day.
  const lineOpen = date !== null && limitOn(date, month, limits.data?.days, rules) === null;
  // The player's places in line matter only on such a day with taken hours.
  const places = useWaitlistPlaces({ enabled: step === 'time' && lineOpen && taken.length > 0 });
  const join = useJoinWaitlist();
  // The answer of a join, shown until the places are read again.
  const [joined, setJoined] = useState<{ date: string; hour: number; position: number } | null>(null);
  const busyCourts = useCourtsStatus(
    (step === 'court' || step === 'confirm') && date !== null && hour !== null ? { date, hour } : null,
  );
  const order = useOrderCourt();
  const paused = limits.data?.paused_until ?? null;
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');
  useFailure(bookedDays, refused);
  useFailure(hours, (failure) => (refused(failure), setStep('date')));
  useFailure(busyCourts, (failure) => (refused(failure), setStep('time')));

  if (clock.isError || courts.isError) return <NetworkFailure />;
  // Days whose answer failed stay choosable: the server refuses what is taken.
  const unavailable = bookedDays.data ?? (bookedDays.isError ? [] : null);
  // Limits that cannot be read mark nothing: the server still refuses (418).
  const dayLimits = limits.data?.days ?? (limits.isError ? [] : null);

  /** Why the player's own quotas refuse the chosen date, if they do. */
  const limitOf = (chosen: string) => limitOn(chosen, month, dayLimits, rules);

  // An hour taken on every court (not the player's own): the line instead of a court.
  const chosenTaken =
    lineOpen &&
    date !== null &&
    hour !== null &&
    taken.includes(hour) &&
    !(hours.data?.reserved_hours_by_current_user.includes(hour) ?? false);
  const placesOfDay = (places.data ?? []).filter((place) => placeHour(place).date === date);
  const chosenPlace = placesOfDay.find((place) => placeHour(place).hour === hour);
  const justJoined = joined && joined.date === date && joined.hour === hour ? joined.position : null;
  const queued = [
    ...placesOfDay.map((place) => placeHour(place).hour),
    ...(joined && joined.date === date ? [joined.hour] : []),
  ];

  function joinLine() {
    if (!date || hour === null || !now) return;
    const at = { date, hour };
    join.mutate(startOfHour(date, hour, now.zone), {
      onSuccess: (answer) => (toast(answer.detail), setJoined({ ...at, position: answer.position })),
      onError: (failure) => {
        refused(failure);
        // A court came free meanwhile, or the club closed the hour: the dial is asked again and shows it.
        const { code } = errorOf(failure);
        if (code === BookingError.WaitlistCourtFree || SHAPE_CHANGED.includes(code)) void hours.refetch();
      },
    });
  }

  function book() {
    if (!date || hour === null || !now || !court) return;
    order.mutate(
      { idCort: court.id_cort, timeStart: startOfHour(date, hour, now.zone) },
      {
        onSuccess: (answer) => (toast(answer.detail), void navigate('/profile')),
        onError: (failure) => {
          refused(failure);
          const { code } = errorOf(failure);
          // Taken meanwhile: back to the hours, asked for again.
          if (code === BookingError.SlotTaken) setStep('time');
          // Closed by the club meanwhile (the API's detail says why): back to the hours, asked for
          // again with the club's rules, the hour chosen anew.
          if (SHAPE_CHANGED.includes(code)) {
            void refreshBookings(queryClient);
            void queryClient.invalidateQueries({ queryKey: clubRulesQuery.queryKey });
            setHour(null);
            setStep('time');
          }
          // The court taken out of booking meanwhile: back to the courts, the list asked for again.
          if (code === BookingError.CourtInactive) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.courts });
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.allCourtsStatus });
            setCourt(null);
            setStep('court');
          }
          // Paused meanwhile (a no-show released): the screen says until when.
          if (code === BookingError.PausedForNoShows)
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.allBookingLimits });
        },
      },
    );
  }

  const back = (
    <button type="button" onClick={() => void navigate('/profile')}>
      {ui.back}
    </button>
  );

  // New bookings paused for no-shows: nothing can be booked, nor waited for, until then.
  if (paused)
    return (
      <main className="page reserve">
        <h1>{ui.reserve.chooseDate}</h1>
        <p className="notice" role="status">
          {ui.games.paused(pausedUntilText(paused))}
        </p>
        <p className="muted">{ui.games.pausedWhy}</p>
        <div className="actions">{back}</div>
      </main>
    );

  // Five games ahead: no day can be booked, whatever the calendar would show.
  if (limits.data?.upcoming_full)
    return (
      <main className="page reserve">
        <h1>{ui.reserve.chooseDate}</h1>
        <p className="notice" role="status">
          {ui.games.limit(rules.quota_upcoming)}
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
        lastDate={addDays(now.date, rules.booking_horizon_days)}
        rules={rules}
        waitlist
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
      <>
        <TimeDial
          date={date}
          now={now}
          reserved={hours.data.reserved}
          mine={hours.data.reserved_hours_by_current_user}
          limit={limitOf(date)}
          value={hour}
          onChange={setHour}
          headingLevel={headingLevel}
          waitlist={lineOpen}
          queued={queued}
          rules={rules}
          closed={hours.data.closed}
        />
        {chosenTaken && hour !== null && (
          <WaitlistChoice hour={hour} place={chosenPlace} position={chosenPlace?.position ?? justJoined} />
        )}
      </>
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

  const next = chosenTaken ? (
    <button
      type="button"
      className="primary"
      disabled={join.isPending || chosenPlace !== undefined || justJoined !== null}
      onClick={joinLine}
    >
      {join.isPending ? ui.wait : ui.waitlist.join}
    </button>
  ) : (
    <button
      type="button"
      className="primary"
      disabled={hour === null || closed.includes(hour) || (date !== null && limitOf(date) !== null)}
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
        <CourtStep
          date={date}
          hour={hour}
          courts={courts.data ?? []}
          status={busyCourts.data ?? null}
          onChoose={(chosen) => (setCourt(chosen), setStep('confirm'))}
          onBack={() => setStep('time')}
        />
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
