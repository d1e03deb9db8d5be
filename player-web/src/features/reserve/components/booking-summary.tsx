import { ui } from '../../../lib/messages';
import { hourRange } from '../../../lib/format';
import { formatDayMonthYear, weekdayName } from './dates';
import './booking-steps.css';

interface BookingSummaryProps {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  /** The court's name as the API gives it ('Корт 2'). */
  court: string;
  /** The booking is on its way: the confirm button waits. */
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
  /** 1 on its own step (a phone), 2 in a desktop's third column, where the page has its h1. */
  headingLevel?: 1 | 2;
}

/**
 * The last step of a booking: what is about to be booked, in full, and one button that
 * books it. Choosing a court no longer books by itself.
 */
export function BookingSummary({
  date,
  hour,
  court,
  pending,
  onConfirm,
  onBack,
  headingLevel = 1,
}: BookingSummaryProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <>
      <Heading>{ui.reserve.summaryTitle}</Heading>
      <dl className="booking-summary">
        <dt>{ui.reserve.summary.date}</dt>
        <dd>{formatDayMonthYear(date)}</dd>
        <dt>{ui.reserve.summary.weekday}</dt>
        <dd>{weekdayName(date)}</dd>
        <dt>{ui.reserve.summary.time}</dt>
        <dd>{hourRange(hour)}</dd>
        <dt>{ui.reserve.summary.court}</dt>
        <dd>{court}</dd>
      </dl>
      <div className="actions">
        <button type="button" className="primary" disabled={pending} onClick={onConfirm}>
          {pending ? ui.wait : ui.reserve.confirm}
        </button>
        <button type="button" disabled={pending} onClick={onBack}>
          {ui.back}
        </button>
      </div>
    </>
  );
}
