import { CLUB_SETTING_DEFAULTS, horizonText, type BookingLimits, type BookingRules } from '@kort/contracts';
import { limitReason } from '../../../lib/club-rules';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ui } from '../../../lib/messages';
import { dayState, monthGrid, shiftMonth, stepDay } from './calendar-grid';
import { daysInMonth, formatFullDay, isoDate, parseIsoDate } from './dates';
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
   * A day with no free hour stays choosable: its taken hours take a place in line (the waitlist,
   * issue 21). Without it such a day is disabled.
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
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const current = parseIsoDate(today);
  const atFirstMonth = year * 12 + month <= current.year * 12 + current.month;
  const last = lastDate === undefined ? null : parseIsoDate(lastDate);
  const atLastMonth = last !== null && year * 12 + month >= last.year * 12 + last.month;
  const weeks = monthGrid(year, month);
  const lastDay = daysInMonth(year, month);
  const limitedDays = limits.map((limit) => limit.day);
  const stateOf = (day: number) => dayState(year, month, day, { today, lastDate, unavailableDays, limitedDays });
  const reasonOf = (day: number) => limits.find((limit) => limit.day === day)?.reason;
  const enabled = (day: number) => {
    const state = stateOf(day);
    return !loading && (state === 'available' || state === 'limited' || (waitlist && state === 'unavailable'));
  };
  // The legend names only the marks this month shows.
  const shownReasons = (['day', 'week'] as const).filter((reason) =>
    limits.some((limit) => limit.reason === reason && stateOf(limit.day) === 'limited'),
  );
  const beyondShown = last !== null && atLastMonth && stateOf(lastDay) === 'beyond';
  const dayOf = (date: string | null) => {
    if (date === null) return undefined;
    const parts = parseIsoDate(date);
    return parts.year === year && parts.month === month && enabled(parts.day) ? parts.day : undefined;
  };
  const tabStop = dayOf(focused) ?? dayOf(value) ?? dayOf(today) ?? stepDay(0, 1, lastDay, enabled);

  function changeMonth(delta: number) {
    const target = shiftMonth(year, month, delta);
    // Going back to today's month disables the "previous" button: keep the focus on the page.
    if (target.year === current.year && target.month === current.month) next.current?.focus();
    // So does going on to the horizon's month for the "next" button.
    if (last !== null && target.year === last.year && target.month === last.month) previous.current?.focus();
    onMonthChange(target.year, target.month);
  }

  function focus(day: number | undefined) {
    if (day === undefined) return;
    setFocused(isoDate(year, month, day));
    buttons.current.get(day)?.focus();
  }

  function keyDown(day: number, event: KeyboardEvent<HTMLButtonElement>) {
    const week = weeks.find((cells) => cells.includes(day)) ?? [];
    const weekDays = week.filter((cell): cell is number => cell !== null && enabled(cell));
    switch (event.key) {
      case 'ArrowRight':
        focus(stepDay(day, 1, lastDay, enabled));
        break;
      case 'ArrowLeft':
        focus(stepDay(day, -1, lastDay, enabled));
        break;
      case 'ArrowDown':
        focus(stepDay(day, 7, lastDay, enabled));
        break;
      case 'ArrowUp':
        focus(stepDay(day, -7, lastDay, enabled));
        break;
      case 'Home':
        focus(weekDays[0]);
        break;
      case 'End':
        focus(weekDays[weekDays.length - 1]);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <section className="month-calendar" aria-labelledby={titleId}>
      <div className="month-calendar-head">
        <button
          ref={previous}
          type="button"
          className="month-calendar-nav"
          aria-label={ui.calendar.previousMonth}
          disabled={atFirstMonth}
          onClick={() => changeMonth(-1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <h2 id={titleId} aria-live="polite">
          {ui.calendar.months[month - 1]} {year}
        </h2>
        <button
          ref={next}
          type="button"
          className="month-calendar-nav"
          aria-label={ui.calendar.nextMonth}
          disabled={atLastMonth}
          onClick={() => changeMonth(1)}
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
          {weeks.map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                // Explicit roles: not every tool maps a <td> of a role="grid" table to a gridcell.
                if (day === null) return <td key={`blank-${column}`} role="gridcell" />;
                const date = isoDate(year, month, day);
                const state = stateOf(day);
                const chosen = value === date;
                const reason = state === 'limited' ? reasonOf(day) : undefined;
                const suffix =
                  state === 'unavailable'
                    ? waitlist
                      ? ui.calendar.noFreeTimeWaitlist
                      : ui.calendar.noFreeTime
                    : state === 'beyond'
                      ? ui.calendar.beyondHorizon
                      : reason
                        ? ui.calendar.limited(limitReason(reason, rules))
                        : '';
                return (
                  <td key={day} role="gridcell">
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(day, element);
                        else buttons.current.delete(day);
                      }}
                      type="button"
                      className={`month-calendar-day is-${state}${reason ? ` is-limited-${reason}` : ''}${chosen ? ' is-chosen' : ''}`}
                      aria-label={`${formatFullDay(year, month, day)}${suffix}`}
                      title={reason ? limitReason(reason, rules) : undefined}
                      aria-pressed={chosen}
                      aria-current={date === today ? 'date' : undefined}
                      disabled={!enabled(day)}
                      tabIndex={day === tabStop ? 0 : -1}
                      onClick={() => {
                        setFocused(date);
                        onChange(date);
                      }}
                      onKeyDown={(event) => keyDown(day, event)}
                      onFocus={() => setFocused(date)}
                    >
                      {day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
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
    </section>
  );
}
