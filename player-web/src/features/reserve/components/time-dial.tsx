import { CLUB_SETTING_DEFAULTS, type AvailableTimes, type BookingRules } from '@kort/contracts';
import { useId } from 'react';
import { ui } from '../../../lib/messages';
import { dayText } from '../../../lib/format';
import { useTimeDial } from '../hooks/use-time-dial';
import { DialCentre } from './dial-centre';
import { dialRadii, dialSummary, nightArc, type ClubNow } from './dial-geometry';
import { DialNotes } from './dial-notes';
import { DialPatterns, DialSegment } from './dial-segment';
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
   * Hours taken on every court can be chosen too, to take a place in line for them (the
   * waitlist): they are radios beside the free ones, named as taken.
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
  /** A club with prices: each priced hour's price in kopecks, written under a free hour's number. */
  prices?: ReadonlyMap<number, number>;
}

/**
 * The hour picker: a 24-hour clock face. Free hours are radios (roving tabindex, arrows move, Enter
 * or Space chooses), and so are taken hours when the waitlist is open (choosing one offers a place in
 * line instead of a court); past hours, the player's own, hours the club keeps closed and taken
 * hours otherwise are drawn but are not controls, so a screen reader hears them in the group's
 * description instead. Why hours are closed is said under the dial too. At a club with prices a
 * free hour's price is written under its number and said with its name.
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
  prices,
}: TimeDialProps) {
  const headingId = useId();
  const dateId = useId();
  const summaryId = useId();
  // useId() may contain characters that a url(#…) reference does not take.
  const hatchId = `${headingId.replace(/[^\w-]/g, '')}-hatch`;
  const crossId = `${headingId.replace(/[^\w-]/g, '')}-cross`;
  const dial = useTimeDial({ date, now, reserved, mine, limit, waitlist, rules, closed, value, onChange });
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { face } = dialRadii;

  return (
    <section className="time-dial" aria-labelledby={headingId}>
      <Heading id={headingId} className="time-dial-title">
        {ui.reserve.chooseTime}
      </Heading>
      <p id={dateId} className="time-dial-date">
        {dayText(date, now.date)}
      </p>
      <svg
        className="time-dial-face"
        viewBox={`${-face} ${-face} ${face * 2} ${face * 2}`}
        role="radiogroup"
        aria-labelledby={`${headingId} ${dateId}`}
        aria-describedby={summaryId}
      >
        <DialPatterns hatchId={hatchId} crossId={crossId} />
        <g aria-hidden="true">
          <path className="time-dial-night" d={nightArc.path} />
          <text className="time-dial-night-label" x={nightArc.label.x} y={nightArc.label.y}>
            {ui.dial.night}
          </text>
        </g>
        {dial.states.map(({ hour, state }) => (
          <DialSegment
            key={hour}
            hour={hour}
            state={state}
            hatchId={hatchId}
            crossId={crossId}
            price={state === 'free' ? prices?.get(hour) : undefined}
            radio={
              dial.choosable.includes(hour)
                ? {
                    checked: value === hour,
                    inLine: state === 'taken' && queued.includes(hour),
                    tabStop: hour === dial.tabStop,
                    ref: dial.register(hour),
                    onChoose: () => dial.choose(hour),
                    onKeyDown: (event) => dial.keyDown(hour, event),
                    onFocus: () => dial.setFocused(hour),
                  }
                : undefined
            }
          />
        ))}
        <DialCentre now={now} date={date} value={value} />
      </svg>
      <p id={summaryId} className="reserve-sr-only">
        {dialSummary(dial.states, dial.day)}
      </p>
      <DialNotes
        date={date}
        today={now.date}
        states={dial.states}
        notes={dial.notes}
        empty={dial.free.length === 0}
        lineOnly={dial.lineOnly}
        limit={limit}
        quotaPerDay={rules.quota_per_day}
      />
    </section>
  );
}
