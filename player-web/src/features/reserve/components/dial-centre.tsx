import { dayText, hourText } from '../../../lib/format';
import { ui } from '../../../lib/messages';
import { dialRadii, hourHandAngle, minuteHandAngle, polar, type ClubNow } from './dial-geometry';

const ticks = Array.from({ length: 12 }, (_, sector) => sector * 30);

interface DialCentreProps {
  now: ClubNow;
  /** The chosen date, 'YYYY-MM-DD'. */
  date: string;
  /** The chosen hour, once chosen. */
  value: number | null;
}

/**
 * The dial's hub. Today, until an hour is chosen, it is a clock at the club's current time, marked
 * «сейчас». On any other day the hands (the spec's, at the club's time) step back and the hub says
 * the day, so a clock is not read as a booked hour weeks ahead. Once an hour is chosen it says the
 * choice itself: the weekday, the date and the hour. Drawn only: the dial's heading, date line and
 * radios say the same to a screen reader.
 */
export function DialCentre({ now, date, value }: DialCentreProps) {
  const { hub } = dialRadii;
  // The hub is small: the weekday over the day and month, never the year (the heading above the dial
  // has it when it is not this year's): the date as its own 'today' is always this year's.
  const [weekday = '', day = ''] = dayText(date, date).split(', ');
  const chosen = value !== null;
  const live = !chosen && date === now.date;
  return (
    <g className={`time-dial-clock${live ? '' : ' is-stepped-back'}`} aria-hidden="true">
      <circle r={hub} className="time-dial-hub" />
      <g className="time-dial-clockwork">
        {ticks.map((angle) => {
          const from = polar(hub - (angle % 90 === 0 ? 11 : 7), angle);
          const to = polar(hub - 3, angle);
          return <line key={angle} x1={from.x} y1={from.y} x2={to.x} y2={to.y} className="time-dial-tick" />;
        })}
        <line
          className="time-dial-hand is-hour"
          data-hand="hour"
          x1="0"
          y1="7"
          x2="0"
          y2={-(hub - 26)}
          transform={`rotate(${hourHandAngle(now.hour, now.minute)})`}
        />
        <line
          className="time-dial-hand is-minute"
          data-hand="minute"
          x1="0"
          y1="9"
          x2="0"
          y2={-(hub - 12)}
          transform={`rotate(${minuteHandAngle(now.minute)})`}
        />
        <circle r="4" className="time-dial-pin" />
      </g>
      {live ? (
        <text className="time-dial-now" x="0" y={hub - 22} textAnchor="middle">
          {ui.reserve.dialNow}
        </text>
      ) : (
        // Another day, or the choice: the weekday and the date, and the hour once one is chosen.
        <text className="time-dial-choice" data-testid={chosen ? 'dial-choice' : 'dial-day'} textAnchor="middle">
          <tspan x="0" y={chosen ? -17 : -6} className="time-dial-choice-day">
            {weekday}
          </tspan>
          <tspan x="0" y={chosen ? -1 : 12} className="time-dial-choice-day">
            {day}
          </tspan>
          {chosen && (
            <tspan x="0" y="27" className="time-dial-choice-hour">
              {hourText(value)}
            </tspan>
          )}
        </text>
      )}
    </g>
  );
}
