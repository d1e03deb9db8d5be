import { placeHour, useWaitlistPlaces } from '../../../lib/waitlist';
import type { LineState } from '../components/time-step';

interface LineInput {
  date: string | null;
  /** The hour chosen on the dial or the list. */
  picked: number | null;
  /** The day's taken hours can take a place in line (the player's quotas allow the day). */
  open: boolean;
  /** The day has hours taken on every court. */
  anyTaken: boolean;
  /** A taken hour, not the player's own, that takes a place in line instead of a court. */
  takenForLine: (hour: number) => boolean;
  /** The answer of the last join, shown until the places are read again. */
  joined: { date: string; hour: number; position: number } | null;
  joining: boolean;
  join: (date: string, hour: number) => void;
}

/**
 * The line for the chosen day (GET /api/waitlist/, asked only when the day has taken hours it is
 * open for): which hours the player waits for, and what the chosen hour offers.
 */
export function useReserveLine({
  date,
  picked,
  open,
  anyTaken,
  takenForLine,
  joined,
  joining,
  join,
}: LineInput): LineState {
  const places = useWaitlistPlaces({ enabled: date !== null && open && anyTaken });
  const ofDay = (places.data ?? []).filter((place) => placeHour(place).date === date);
  const joinedToday = joined && joined.date === date ? joined : null;
  return {
    open,
    queued: [...ofDay.map((place) => placeHour(place).hour), ...(joinedToday ? [joinedToday.hour] : [])],
    chosenTaken: picked !== null && takenForLine(picked),
    place: ofDay.find((place) => placeHour(place).hour === picked),
    position: joinedToday && joinedToday.hour === picked ? joinedToday.position : null,
    joining,
    onJoin: () => date !== null && picked !== null && join(date, picked),
  };
}
