import { horizonText, type BookingDayLimit, type BookingRules } from '@kort/contracts';
import { limitReason } from '../../../lib/club-rules';
import { ui } from '../../../lib/messages';

interface CalendarLegendProps {
  rules: Pick<BookingRules, 'quota_per_day' | 'quota_per_week' | 'booking_horizon_days'>;
  /** The month shows days past the booking horizon. */
  beyondShown: boolean;
  /** The quotas that mark days of this month. */
  shownReasons: readonly BookingDayLimit[];
}

/** Under the month: what its marks mean, only the marks this month shows (drawn only). */
export function CalendarLegend({ rules, beyondShown, shownReasons }: CalendarLegendProps) {
  return (
    <ul className="month-calendar-legend" aria-hidden="true">
      <li>
        <span className="month-calendar-sample is-unavailable" /> {ui.calendar.legend}
      </li>
      {beyondShown && (
        <li>
          <span className="month-calendar-sample is-beyond" /> {horizonText(rules.booking_horizon_days)}
        </li>
      )}
      {shownReasons.map((reason) => (
        <li key={reason}>
          <span className={`month-calendar-sample is-limited-${reason}`} /> {limitReason(reason, rules)}
        </li>
      ))}
    </ul>
  );
}
