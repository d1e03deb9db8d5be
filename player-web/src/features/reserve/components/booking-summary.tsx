import { formatRoubles } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import { dayText, hourRange } from '../../../lib/format';
import { useClubToday } from '../../../lib/site-clock';
import './booking-steps.css';

interface BookingSummaryProps {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  /** The court's name as the API gives it ('Корт 2'). */
  court: string;
  /** What the court costs at that hour, in kopecks, at a club with prices (null or 0: nothing to pay). */
  price?: number | null;
  /** The booking is on its way: the confirm button waits. */
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
  /** 1 on its own step (a phone), 2 in a desktop's third column, where the page has its h1. */
  headingLevel?: 1 | 2;
}

/**
 * The last step of a booking: what is about to be booked, in full (with what it costs, when it
 * does), and one button that books it. Choosing a court no longer books by itself.
 */
export function BookingSummary({
  date,
  hour,
  court,
  price = null,
  pending,
  onConfirm,
  onBack,
  headingLevel = 1,
}: BookingSummaryProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const today = useClubToday();
  return (
    <>
      <Heading>{ui.reserve.summaryTitle}</Heading>
      <dl className="booking-summary">
        <dt>{ui.reserve.summary.date}</dt>
        <dd>{dayText(date, today)}</dd>
        <dt>{ui.reserve.summary.time}</dt>
        <dd>{hourRange(hour)}</dd>
        <dt>{ui.reserve.summary.court}</dt>
        <dd>{court}</dd>
        {price ? (
          <>
            <dt className="booking-summary-due">{ui.payment.due}</dt>
            <dd className="booking-summary-due">{formatRoubles(price)}</dd>
          </>
        ) : null}
      </dl>
      {price ? <p className="muted booking-summary-hint">{ui.payment.dueHint}</p> : null}
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
