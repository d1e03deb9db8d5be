import type { WaitlistPlace } from '@kort/contracts';
import { ui } from '../../../lib/messages';

interface WaitlistChoiceProps {
  /** The chosen hour, taken on every court. */
  hour: number;
  /** The player's place in line for it, if they have one. */
  place?: WaitlistPlace | undefined;
  /** Their position in line (from the place, or from the answer of joining), null when not in line. */
  position: number | null;
}

/**
 * The waitlist, under the dial when the chosen hour is taken on every court: what the line
 * promises before the player joins it, their position once they are in it, and a freed court held
 * for them.
 */
export function WaitlistChoice({ hour, place, position }: WaitlistChoiceProps) {
  return (
    <div className="waitlist-choice">
      <p className="waitlist-choice-hour">{ui.waitlist.takenHour(hour)}</p>
      {/* A status: the position is read out when the player joins. */}
      <p role="status" className={position === null ? 'muted' : 'waitlist-choice-position'}>
        {place?.state === 'offered'
          ? `${ui.waitlist.offer(place.time, place.court, place.court_name)}. ${ui.waitlist.confirmOnMyGames}`
          : position === null
            ? ui.waitlist.joinHint
            : ui.waitlist.position(position)}
      </p>
    </div>
  );
}
