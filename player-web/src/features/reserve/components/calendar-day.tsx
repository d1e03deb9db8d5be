import type { BookingDayLimit, BookingRules } from '@kort/contracts';
import type { KeyboardEvent, Ref } from 'react';
import { limitReason } from '../../../lib/club-rules';
import { ui } from '../../../lib/messages';
import type { DayState } from './calendar-grid';
import { formatFullDay } from './dates';

interface CalendarDayProps {
  year: number;
  month: number;
  day: number;
  state: DayState;
  /** Which of the player's quotas refuses the day, when one does. */
  reason: BookingDayLimit | undefined;
  rules: Pick<BookingRules, 'quota_per_day' | 'quota_per_week'>;
  waitlist: boolean;
  chosen: boolean;
  today: boolean;
  enabled: boolean;
  tabStop: boolean;
  buttonRef: Ref<HTMLButtonElement>;
  onChoose: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
}

/** One day of the grid: a button named in full, with why it cannot be booked when it cannot. */
export function CalendarDay({ year, month, day, state, reason, rules, waitlist, ...props }: CalendarDayProps) {
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
    <td role="gridcell">
      <button
        ref={props.buttonRef}
        type="button"
        className={`month-calendar-day is-${state}${reason ? ` is-limited-${reason}` : ''}${props.chosen ? ' is-chosen' : ''}`}
        aria-label={`${formatFullDay(year, month, day)}${suffix}`}
        title={reason ? limitReason(reason, rules) : undefined}
        aria-pressed={props.chosen}
        aria-current={props.today ? 'date' : undefined}
        disabled={!props.enabled}
        tabIndex={props.tabStop ? 0 : -1}
        onClick={props.onChoose}
        onKeyDown={props.onKeyDown}
        onFocus={props.onFocus}
      >
        {day}
      </button>
    </td>
  );
}
