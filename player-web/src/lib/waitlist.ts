import type { DetailResponse, WaitlistPlace } from '@kort/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/waitlist/: the player's places in line for hours taken on every court, an offer held for
 * them included. Shared by the dial (reserve: "you are 2nd in line" on a taken hour) and
 * my games (profile: the places, the offers), hence here and not in one feature.
 */
export const waitlistPlaces = () => api<DetailResponse<WaitlistPlace[]>>('GET', '/api/waitlist/');

/** How often my games asks again while open, so that an offer shows without a reload. */
export const WAITLIST_POLL_MS = 30_000;
/**
 * How often it asks while the player holds a place or an offer: an offer is held for minutes, and
 * each second it waits unseen is a second less to confirm it.
 */
export const WAITLIST_WAITING_POLL_MS = 10_000;

/**
 * The places in line. `poll`: asked again while the screen is open (my games), every
 * WAITLIST_WAITING_POLL_MS while there is a place, else every WAITLIST_POLL_MS (a place taken on
 * another device); `enabled` false: not asked for (a day on the dial with no taken hour).
 */
export const useWaitlistPlaces = ({ enabled = true, poll = false }: { enabled?: boolean; poll?: boolean } = {}) =>
  useQuery({
    queryKey: queryKeys.waitlist,
    queryFn: enabled ? waitlistPlaces : skipToken,
    select: (answer) => answer.detail,
    refetchInterval: poll
      ? (query) => (query.state.data?.detail.length ? WAITLIST_WAITING_POLL_MS : WAITLIST_POLL_MS)
      : false,
  });

/** The club's date and hour of a place: its `time_start` carries the club's offset ('2026-11-25T18:00:00+03:00'). */
export const placeHour = (place: Pick<WaitlistPlace, 'time_start'>) => ({
  date: place.time_start.slice(0, 10),
  hour: Number(place.time_start.slice(11, 13)),
});
