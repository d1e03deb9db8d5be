import { CLUB_SETTING_DEFAULTS, type BookingLimits, type BookingRules } from '@kort/contracts';
import { useId } from 'react';
import { ui } from '../../../lib/messages';
import { useMonthCalendar } from '../hooks/use-month-calendar';
import { CalendarDay } from './calendar-day';
import { CalendarLegend } from './calendar-legend';
import { isoDate } from './dates';
import './reserve.css';
import './month-calendar.css';

export interface MonthCalendarProps {
  year: number;
  /** 1-12 */
  month: number;
  /** 'YYYY-MM-DD', the club's local date. */
  today: string;
  /** 'YYYY-MM-DD', the last day the booking horizon opens: later days and months are not offered. */
  lastDate?: string;
  /**
   * The club's quotas and horizon (GET /api/booking_rules/): how a day's limit reads, and the
   * legend under a month past the horizon. The spec's by default.
   */
  rules?: Pick<BookingRules, 'quota_per_day' | 'quota_per_week' | 'booking_horizon_days'>;
  /** Days of this month with no free hour (from the API). */
  unavailableDays: number[];
  /** Days of this month the player's own quotas refuse, with the reason (GET /api/booking_limits/). */
  limits?: BookingLimits['days'];
  /** The chosen date, 'YYYY-MM-DD'. */
  value: string | null;
  onChange: (date: string) => void;
  /** The parent loads the month's days and clears the chosen date. */
  onMonthChange: (year: number, month: number) => void;
  /** The month's unavailable days are being fetched: no day can be chosen yet. */
  loading?: boolean;
  /**
   * A day with no free hour stays choosable: its taken hours take a place in line (the
   * waitlist). Without it such a day is disabled.
   */
  waitlist?: boolean;
}

/**
 * The date picker: one month, Monday first. Every day is a button named in full for screen readers;
 * past days, days beyond the booking horizon and (without the waitlist) days without a free hour are
 * disabled; the months after the horizon's are not offered. Days the player's own quotas refuse are
 * marked with the reason (in their name and in the legend) and stay choosable, so the dial can
 * show the player's game that day. Arrow keys move between the enabled days (one tab stop for the
 * whole month), Home and End to the ends of the week.
 */
export function MonthCalendar({
  year,
  month,
  today,
  lastDate,
  rules = CLUB_SETTING_DEFAULTS,
  unavailableDays,
  limits = [],
  value,
  onChange,
  onMonthChange,
  loading = false,
  waitlist = false,
}: MonthCalendarProps) {
  const titleId = useId();
  const calendar = useMonthCalendar({
    ...{ year, month, today, lastDate, unavailableDays, limits, value, onChange, onMonthChange, loading, waitlist },
  });

  return (
    <section className="month-calendar" aria-labelledby={titleId}>
      <div className="month-calendar-head">
        <button
          ref={calendar.previous}
          type="button"
          className="month-calendar-nav"
          aria-label={ui.calendar.previousMonth}
          disabled={calendar.atFirstMonth}
          onClick={() => calendar.changeMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2 id={titleId} aria-live="polite">
          {ui.calendar.months[month - 1]} {year}
        </h2>
        <button
          ref={calendar.next}
          type="button"
          className="month-calendar-nav"
          aria-label={ui.calendar.nextMonth}
          disabled={calendar.atLastMonth}
          onClick={() => calendar.changeMonth(1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <table className="month-calendar-grid" role="grid" aria-labelledby={titleId} aria-busy={loading}>
        <thead>
          <tr>
            {ui.calendar.weekdays.map(({ short, full }) => (
              <th key={short} scope="col">
                <span aria-hidden="true">{short}</span>
                <span className="reserve-sr-only">{full}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                // Explicit roles: not every tool maps a <td> of a role="grid" table to a gridcell.
                if (day === null) return <td key={`blank-${column}`} role="gridcell" />;
                const date = isoDate(year, month, day);
                const state = calendar.stateOf(day);
                return (
                  <CalendarDay
                    key={day}
                    {...{ year, month, day, state, rules, waitlist }}
                    reason={state === 'limited' ? calendar.reasonOf(day) : undefined}
                    chosen={value === date}
                    today={date === today}
                    enabled={calendar.enabled(day)}
                    tabStop={day === calendar.tabStop}
                    buttonRef={calendar.register(day)}
                    onChoose={() => calendar.choose(date)}
                    onKeyDown={(event) => calendar.keyDown(day, event)}
                    onFocus={() => calendar.setFocused(date)}
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <CalendarLegend rules={rules} beyondShown={calendar.beyondShown} shownReasons={calendar.shownReasons} />
    </section>
  );
}
