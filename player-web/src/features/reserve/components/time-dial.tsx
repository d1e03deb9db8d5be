import { CLUB_SETTING_DEFAULTS, perDayCaption, type AvailableTimes, type BookingRules } from '@kort/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ui } from '../../../lib/messages';
import { longDate } from '../../../lib/format';
import { DialCentre } from './dial-centre';
import { formatHour } from './dates';
import {
  closedHours,
  closedNotes,
  dialHours,
  dialRadii,
  dialSummary,
  hourLabelPoint,
  hourSegmentPath,
  segmentState,
  stepFree,
  type ClubNow,
} from './dial-geometry';
import './reserve.css';
import './time-dial.css';

export interface TimeDialProps {
  /** The chosen date, 'YYYY-MM-DD'. */
  date: string;
  /** The club's local clock. */
  now: ClubNow;
  /** Local hours taken on every court. */
  reserved: number[];
  /** Local hours of the player's own games that day. */
  mine: number[];
  value: number | null;
  onChange: (hour: number) => void;
  /** Why the player's own quotas refuse this day ('Уже есть игра в этот день'): no hour is offered. */
  limit?: string | null;
  /** 1 on its own step (a phone), 2 beside the calendar (a desktop), where the page has its h1. */
  headingLevel?: 1 | 2;
  /**
   * Hours taken on every court can be chosen too, to take a place in line for them (the waitlist,
   * issue 21): they are radios beside the free ones, named as taken.
   */
  waitlist?: boolean;
  /** Taken hours the player already waits in line for. */
  queued?: readonly number[];
  /**
   * The club's rules (GET /api/booking_rules/): hours outside its opening hours are drawn closed,
   * and the caption says its games a day. The spec's by default.
   */
  rules?: BookingRules;
  /** Hours no court is open at, with the reason (`closed` of GET /api/get-available-times/). */
  closed?: AvailableTimes['closed'];
}

/**
 * The hour picker: a 24-hour clock face. Free hours are radios (roving tabindex, arrows move, Enter
 * or Space chooses), and so are taken hours when the waitlist is open (choosing one offers a place in
 * line instead of a court); past hours, the player's own, hours the club keeps closed and taken
 * hours otherwise are drawn but are not controls, so a screen reader hears them in the group's
 * description instead. Why hours are closed is said under the dial too.
 */
export function TimeDial({
  date,
  now,
  reserved,
  mine,
  value,
  onChange,
  limit = null,
  headingLevel = 1,
  waitlist = false,
  queued = [],
  rules = CLUB_SETTING_DEFAULTS,
  closed,
}: TimeDialProps) {
  const headingId = useId();
  const dateId = useId();
  const summaryId = useId();
  // useId() may contain characters that a url(#…) reference does not take.
  const hatchId = `${headingId.replace(/[^\w-]/g, '')}-hatch`;
  const crossId = `${headingId.replace(/[^\w-]/g, '')}-cross`;
  const segments = useRef(new Map<number, SVGGElement>());
  const [focused, setFocused] = useState<number | null>(null);

  const day = { date, now, reserved, mine, limit, closed: closedHours(rules, closed) };
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const states = dialHours.map((hour) => ({ hour, state: segmentState(hour, day) }));
  const free = states.filter((entry) => entry.state === 'free').map((entry) => entry.hour);
  const choosable = states
    .filter((entry) => entry.state === 'free' || (waitlist && entry.state === 'taken'))
    .map((entry) => entry.hour);
  const tabStop = [focused, value].find((hour) => hour !== null && choosable.includes(hour)) ?? free[0] ?? choosable[0];
  const lineOnly = free.length === 0 && choosable.length > 0;
  const past = states.some((entry) => entry.state === 'past');
  const closedShown = states.some((entry) => entry.state === 'closed');
  const notes = closedNotes(states, day.closed, rules);

  function focus(hour: number | undefined) {
    if (hour === undefined) return;
    setFocused(hour);
    segments.current.get(hour)?.focus();
  }

  function choose(hour: number) {
    setFocused(hour);
    onChange(hour);
  }

  function keyDown(hour: number, event: KeyboardEvent<SVGGElement>) {
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        focus(stepFree(choosable, hour, 1));
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        focus(stepFree(choosable, hour, -1));
        break;
      case 'Home':
        focus(choosable[0]);
        break;
      case 'End':
        focus(choosable[choosable.length - 1]);
        break;
      case 'Enter':
      case ' ':
        choose(hour);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  const { face } = dialRadii;

  return (
    <section className="time-dial" aria-labelledby={headingId}>
      <Heading id={headingId} className="time-dial-title">
        {ui.reserve.chooseTime}
      </Heading>
      <p id={dateId} className="time-dial-date">
        {longDate(date)}
      </p>
      <svg
        className="time-dial-face"
        viewBox={`${-face} ${-face} ${face * 2} ${face * 2}`}
        role="radiogroup"
        aria-labelledby={`${headingId} ${dateId}`}
        aria-describedby={summaryId}
      >
        <defs>
          <pattern id={hatchId} width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="8" height="8" className="time-dial-hatch-base" />
            <line x1="0" y1="0" x2="0" y2="8" className="time-dial-hatch-line" />
          </pattern>
          {/* Closed: a crossed hatch on another tint, so it is told from taken without colour. */}
          <pattern id={crossId} width="9" height="9" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="9" height="9" className="time-dial-cross-base" />
            <line x1="0" y1="0" x2="0" y2="9" className="time-dial-cross-line" />
            <line x1="0" y1="0" x2="9" y2="0" className="time-dial-cross-line" />
          </pattern>
        </defs>
        {states.map(({ hour, state }) => {
          const label = hourLabelPoint(hour);
          const shape = (
            <>
              <path className="time-dial-focus-ring" d={hourSegmentPath(hour)} />
              <path
                className="time-dial-shape"
                d={hourSegmentPath(hour)}
                fill={state === 'taken' ? `url(#${hatchId})` : state === 'closed' ? `url(#${crossId})` : undefined}
              />
              <text x={label.x} y={label.y} className="time-dial-label">
                {hour}
              </text>
            </>
          );
          if (!choosable.includes(hour))
            return (
              <g key={hour} className={`time-dial-segment is-${state}`} aria-hidden="true" data-hour={hour}>
                {shape}
              </g>
            );
          const checked = value === hour;
          const inLine = state === 'taken' && queued.includes(hour);
          const name = state === 'free' ? ui.dial.states.free : inLine ? ui.dial.takenQueued : ui.dial.takenWaitlist;
          return (
            <g
              key={hour}
              ref={(element) => {
                if (element) segments.current.set(hour, element);
                else segments.current.delete(hour);
              }}
              className={`time-dial-segment is-${state} is-choosable${inLine ? ' is-queued' : ''}${checked ? ' is-checked' : ''}`}
              role="radio"
              aria-checked={checked}
              aria-label={`${formatHour(hour)}, ${name}`}
              tabIndex={hour === tabStop ? 0 : -1}
              data-hour={hour}
              onClick={() => choose(hour)}
              onKeyDown={(event) => keyDown(hour, event)}
              onFocus={() => setFocused(hour)}
            >
              {shape}
            </g>
          );
        })}
        <DialCentre now={now} date={date} value={value} />
      </svg>
      <p id={summaryId} className="reserve-sr-only">
        {dialSummary(states, day)}
      </p>
      {notes.length > 0 && (
        <ul className="time-dial-closed">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {free.length === 0 && (
        <p className={`time-dial-empty${limit && date >= now.date ? ' is-limited' : ''}`}>
          {date < now.date
            ? ui.dial.datePassed
            : (limit ?? (lineOnly ? ui.dial.noFreeTimeWaitlist : ui.dial.noFreeTime))}
        </p>
      )}
      <ul className="time-dial-legend" aria-label={ui.dial.legendLabel}>
        <li>
          <span className="time-dial-swatch is-taken" aria-hidden="true" />
          {ui.dial.legend.taken}
        </li>
        <li>
          <span className="time-dial-swatch is-free" aria-hidden="true" />
          {ui.dial.legend.free}
        </li>
        <li>
          <span className="time-dial-swatch is-mine" aria-hidden="true" />
          {ui.dial.legend.mine}
        </li>
        {closedShown && (
          <li>
            <span className="time-dial-swatch is-closed" aria-hidden="true" />
            {ui.dial.legend.closed}
          </li>
        )}
        {past && (
          <li>
            <span className="time-dial-swatch is-past" aria-hidden="true" />
            {ui.dial.legend.past}
          </li>
        )}
      </ul>
      <p className="time-dial-caption">{perDayCaption(rules.quota_per_day)}</p>
    </section>
  );
}
