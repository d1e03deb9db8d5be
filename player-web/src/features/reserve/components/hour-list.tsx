import { formatRoubles } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import { hourRange } from '../../../lib/format';
import { dialHours, segmentState, type DialDay, type SegmentState } from './dial-geometry';
import './reserve.css';
import './hour-list.css';

interface HourListProps {
  /** The same day the dial draws. */
  day: DialDay;
  value: number | null;
  onChange: (hour: number) => void;
  /** Taken hours can be chosen too, for a place in line (as on the dial). */
  waitlist: boolean;
  /** Taken hours the player already waits in line for. */
  queued: readonly number[];
}

/** What a row says of its hour: the dial's states in words, a closed hour with its reason. */
function stateText(hour: number, state: SegmentState, { day, waitlist, queued }: HourListProps): string {
  switch (state) {
    case 'taken':
      return waitlist
        ? queued.includes(hour)
          ? ui.dial.takenQueued
          : ui.reserve.hourList.takenLine
        : ui.dial.states.taken;
    case 'closed': {
      const reason = day.closed?.find((entry) => entry.hour === hour)?.reason;
      return reason ? ui.dial.closedBecause(reason) : ui.dial.legend.closed;
    }
    case 'limited':
    case 'free':
    case 'past':
    case 'mine':
      return ui.dial.states[state];
  }
}

/**
 * The dial's hours as a plain list, beside it: quicker with a mouse, and read in order by a screen
 * reader. Each hour says its state (and, at a club with prices, a free hour its price); the hours the
 * dial lets the player choose (free, or taken with the line open) are buttons that choose exactly as
 * the dial does. Hours already past are left out, and so are the hours of a day the player's quotas
 * refuse: the reason is said once instead.
 */
export function HourList(props: HourListProps) {
  const { day, value, onChange, waitlist } = props;
  // A day the player's quotas refuse says so once, under the dial: the list keeps only the hours
  // still worth a look (their own game, closed ones), not the reason on each of its hours.
  const rows = dialHours
    .map((hour) => ({ hour, state: segmentState(hour, day) }))
    .filter((row) => row.state !== 'past' && row.state !== 'limited');
  if (rows.length === 0) return null;
  return (
    <section className="hour-list" aria-label={ui.reserve.hourList.label}>
      <ul>
        {rows.map(({ hour, state }) => {
          const choosable = state === 'free' || (waitlist && state === 'taken');
          const said = stateText(hour, state, props);
          const kopecks = state === 'free' ? day.prices?.get(hour) : undefined;
          const price = kopecks === undefined ? null : formatRoubles(kopecks);
          const content = (
            <>
              <span className="hour-list-time">{hourRange(hour)}</span>
              {/* Read as one line, '18:00–19:00, свободно', where it is read as text. */}
              <span className="reserve-sr-only">, </span>
              <span className="hour-list-state">{said}</span>
              {price && (
                <>
                  <span className="reserve-sr-only">, </span>
                  <span className="hour-list-price">{price}</span>
                </>
              )}
            </>
          );
          return (
            <li key={hour}>
              {choosable ? (
                <button
                  type="button"
                  className={`hour-list-item is-${state}`}
                  aria-pressed={value === hour}
                  aria-label={`${hourRange(hour)}, ${said}${price ? `, ${price}` : ''}`}
                  onClick={() => onChange(hour)}
                >
                  {content}
                </button>
              ) : (
                <span className={`hour-list-item is-${state}`}>{content}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
