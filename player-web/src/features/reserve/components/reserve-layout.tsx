import { useEffect, useRef, type ReactNode } from 'react';
import { SiteChooser } from '../../../components/site-chooser';
import { ui } from '../../../lib/messages';
import type { Step } from '../hooks/use-reserve-steps';
import './reserve-layout.css';

interface ReserveLayoutProps {
  wide: boolean;
  step: Step;
  /** The address names a step the page cannot judge yet: a loading line in its place. */
  waiting: boolean;
  calendar: ReactNode;
  /** The calendar is there to act on (its month known): the way back comes with it, not before. */
  calendarShown: boolean;
  /** The hour step: heading level, its «Назад» if any, and whether its own actions show. */
  timeStep: (headingLevel: 1 | 2, back: ReactNode, withActions: boolean) => ReactNode;
  courtStep: ReactNode;
  summary: ReactNode;
  /** A desktop's third column before the court: what is chosen so far. */
  choice: ReactNode;
  /** «Назад» out of the booking, to My games. */
  toProfile: ReactNode;
  /** «Назад» from the hour to the date. */
  toDate: ReactNode;
}

/**
 * Where the steps stand. A phone shows one step at a time. A desktop shows them side by side:
 * the calendar, the hour with its actions right under it, and a third column that says what is
 * chosen and then takes the courts and the summary; focus follows into it.
 */
export function ReserveLayout(props: ReserveLayoutProps) {
  const { wide, step, waiting, calendar, calendarShown, timeStep, toProfile } = props;
  const side = useRef<HTMLElement>(null);
  const later = step === 'court' || step === 'confirm';
  useEffect(() => {
    if (wide && later) side.current?.focus();
  }, [wide, later, step]);
  const loading = <p role="status">{ui.loading}</p>;

  if (wide)
    return (
      <main className="page reserve reserve-wide">
        <section className="reserve-column" aria-labelledby="reserve-date-title">
          <h1 id="reserve-date-title">{ui.reserve.chooseDate}</h1>
          <SiteChooser />
          {calendar}
          {calendarShown && <div className="actions">{toProfile}</div>}
        </section>
        <div className="reserve-column">{timeStep(2, null, !later)}</div>
        <section className="reserve-column reserve-side" ref={side} tabIndex={-1} aria-label={ui.reserve.choice.title}>
          {waiting ? loading : step === 'court' ? props.courtStep : step === 'confirm' ? props.summary : props.choice}
        </section>
      </main>
    );

  if (waiting && step !== 'time') return <main className="page reserve">{loading}</main>;
  return (
    <main className="page reserve">
      {step === 'date' && (
        <>
          <h1>{ui.reserve.chooseDate}</h1>
          <SiteChooser />
          {calendar}
          {calendarShown && <div className="actions">{toProfile}</div>}
        </>
      )}
      {step === 'time' && timeStep(1, props.toDate, true)}
      {step === 'court' && props.courtStep}
      {step === 'confirm' && props.summary}
    </main>
  );
}
