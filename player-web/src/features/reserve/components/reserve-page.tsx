import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { momentText } from '../../../lib/format';
import { ui } from '../../../lib/messages';
import { DESKTOP, useMediaQuery } from '../../../lib/use-media-query';
import { useReserveFlow } from '../hooks/use-reserve-flow';
import { BookingSummary } from './booking-summary';
import { CourtStep } from './court-step';
import { PaymentStep } from './payment-step';
import { ReserveBlocked } from './reserve-blocked';
import { ReserveCalendar } from './reserve-calendar';
import { ReserveChoice } from './reserve-choice';
import { ReserveLayout } from './reserve-layout';
import { TimeStep } from './time-step';
import './reserve.css';

/**
 * /reserve: a date on the calendar, then an hour on the dial (or the list beside it), then one of
 * the club's courts, then one confirm button under the summary. Each step is in the address
 * (use-reserve-steps.ts), so back goes one step back and a reload resumes. A phone shows one step at
 * a time; a desktop shows them side by side (calendar | hour | court and summary). Days the player's
 * quotas refuse are marked before the last step; an hour taken on every court offers a place in
 * line; while booking is paused, or the games ahead are full, the page says so instead. At a club
 * with prices each step says what an hour and a court cost, and a priced booking ends on its payment.
 */
export function ReservePage() {
  const navigate = useNavigate();
  const wide = useMediaQuery(DESKTOP);
  const flow = useReserveFlow();
  const { clock, now, rules, courts, steps, month, limits, day, step, picked } = flow;
  const { settled, date, hour, court, hours, busyCourts } = day;
  const { actions, line } = flow;

  if (clock.isError || courts.isError) return <NetworkFailure />;
  // A priced game booked: held for its payment, which is the page's one step now.
  if (actions.held) return <PaymentStep held={actions.held} onLater={() => void navigate('/profile')} />;
  const paused = limits.data?.paused_until ?? null;
  // New bookings paused for no-shows: nothing can be booked, nor waited for, until then.
  if (paused)
    return (
      <ReserveBlocked title={ui.games.paused(momentText(paused))}>
        <p>{ui.games.pausedWhy}</p>
      </ReserveBlocked>
    );
  // The club's games ahead already booked: no day can be booked, whatever the calendar would show.
  if (limits.data?.upcoming_full)
    return (
      <ReserveBlocked title={ui.reserve.blocked.full}>
        <p>{ui.games.limit(rules.quota_upcoming)}</p>
      </ReserveBlocked>
    );

  const calendar = <ReserveCalendar flow={flow} />;

  const timeStep = (headingLevel: 1 | 2, back: ReactNode, withActions: boolean) => (
    <TimeStep
      headingLevel={headingLevel}
      date={date ?? (settled.pending ? steps.asked.date : null)}
      now={now}
      times={hours.data}
      day={day.dial}
      rules={rules}
      value={picked}
      onChange={(chosen) => {
        steps.pickHour(chosen);
        // A desktop's court or summary beside the dial: another hour goes back to choosing it.
        if (step === 'court' || step === 'confirm') steps.replace({ date, hour: null, court: null });
      }}
      line={line}
      canGoOn={picked !== null && day.bookable(picked)}
      onNext={() => picked !== null && steps.forward({ date, hour: picked, court: null })}
      back={back}
      actions={withActions}
    />
  );
  const headingLevel = wide ? 2 : 1;
  const courtStep = date !== null && hour !== null && (
    <CourtStep
      date={date}
      hour={hour}
      courts={courts.data ?? []}
      status={busyCourts.data ?? null}
      onChoose={(chosen) => steps.forward({ date, hour, court: chosen.id_cort })}
      onBack={steps.back}
      headingLevel={headingLevel}
    />
  );
  const summary = date !== null && hour !== null && court && (
    <BookingSummary
      date={date}
      hour={hour}
      court={court.name}
      price={day.courtPrice}
      pending={actions.booking}
      onConfirm={() => actions.book(date, hour, court)}
      onBack={steps.back}
      headingLevel={headingLevel}
    />
  );
  return (
    <ReserveLayout
      wide={wide}
      step={step}
      waiting={settled.pending}
      calendar={calendar}
      calendarShown={Boolean(now && month)}
      timeStep={timeStep}
      courtStep={courtStep}
      summary={summary}
      choice={<ReserveChoice date={date} hour={picked} taken={line.chosenTaken} />}
      toProfile={
        <button type="button" onClick={() => void navigate('/profile')}>
          {ui.back}
        </button>
      }
      toDate={
        <button type="button" onClick={steps.back}>
          {ui.back}
        </button>
      }
    />
  );
}
