import { perDayCaption } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import type { SegmentState } from './dial-geometry';

interface DialNotesProps {
  date: string;
  today: string;
  states: readonly { hour: number; state: SegmentState }[];
  /** Why hours are closed, one line per reason. */
  notes: readonly string[];
  /** No hour is free. */
  empty: boolean;
  /** No hour is free, but taken ones can be waited for. */
  lineOnly: boolean;
  limit: string | null;
  quotaPerDay: number;
}

/**
 * Under the dial: why hours are closed, why no hour is offered (the day is past, the player's own
 * quota, or every hour is taken), the legend (closed and past only when the day has them) and the
 * club's games a day.
 */
export function DialNotes({ date, today, states, notes, empty, lineOnly, limit, quotaPerDay }: DialNotesProps) {
  const past = states.some((entry) => entry.state === 'past');
  const closedShown = states.some((entry) => entry.state === 'closed');
  return (
    <>
      {notes.length > 0 && (
        <ul className="time-dial-closed">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {empty && (
        <p className={`time-dial-empty${limit && date >= today ? ' is-limited' : ''}`}>
          {date < today ? ui.dial.datePassed : (limit ?? (lineOnly ? ui.dial.noFreeTimeWaitlist : ui.dial.noFreeTime))}
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
      <p className="time-dial-caption">{perDayCaption(quotaPerDay)}</p>
    </>
  );
}
