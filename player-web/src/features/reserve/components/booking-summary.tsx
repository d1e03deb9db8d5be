import { ui } from '../../../lib/messages';
import { formatDayMonthYear, weekdayName } from './dates';

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
}

/**
 * The last step of a booking (issue 19): what is about to be booked, in full, and one button that
 * books it. Choosing a court no longer books by itself.
 */
export function BookingSummary({ date, hour, court, pending, onConfirm, onBack }: BookingSummaryProps) {
  return (
    <>
      <h1>{ui.reserve.summaryTitle}</h1>
      <dl className="booking-summary">
        <dt>{ui.reserve.summary.date}</dt>
        <dd>{formatDayMonthYear(date)}</dd>
        <dt>{ui.reserve.summary.weekday}</dt>
        <dd>{weekdayName(date)}</dd>
        <dt>{ui.reserve.summary.time}</dt>
        <dd>{ui.reserve.hourRange(hour)}</dd>
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
