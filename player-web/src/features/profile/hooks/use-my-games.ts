import { CLUB_SETTING_DEFAULTS } from '@kort/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBookingLimits } from '../../../lib/booking-limits';
import { useClubRules } from '../../../lib/club-rules';
import { useWaitlistPlaces } from '../../../lib/waitlist';
import { useClubContacts } from '../api/club-contacts';
import { useMyOrders } from '../api/my-orders';
import { useSportSchool } from '../api/sport-school';
import { usePaymentReturn } from './use-payment-return';

/**
 * The add-game button is off at the club's limit of upcoming games (`quota_upcoming`, the spec's 5),
 * unless the account is a sport school.
 */
export const canAddGame = (
  games: number,
  sportSchool: boolean,
  upcoming: number = CLUB_SETTING_DEFAULTS.quota_upcoming,
) => sportSchool || games < upcoming;

/** The calendar month on the phone: the upcoming-games flag does not depend on it. */
const thisMonth = () => {
  const today = new Date();
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
};

/** The waitlist place a push notice's tap leads to: `/profile?offer=<id>`, else null. */
function usePointedOffer(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('offer'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Everything My games shows: the games, whether a game may be added (the server's count when it
 * answered, else the games not over yet against the club's limit), a pause for no-shows, the places
 * in line (asked again every 30 s, so an offer shows without a reload), the club's contacts, and the
 * payment of the game the player comes back from paying for (use-payment-return.ts).
 */
export function useMyGames() {
  const pointed = usePointedOffer();
  const orders = useMyOrders();
  // Neither is worth a failure screen: without them the button follows the player's limit and
  // the contacts stay "…".
  const sportSchool = useSportSchool();
  const contacts = useClubContacts();
  const [month] = useState(thisMonth);
  const limits = useBookingLimits(month);
  // Not worth a failure screen either: without it the page shows no line.
  const places = useWaitlistPlaces({ poll: true });
  const rules = useClubRules();

  const games = orders.data ?? null;
  const paymentReturn = usePaymentReturn(games);
  const paused = limits.data?.paused_until ? limits.data : null;
  const addAllowed =
    games !== null &&
    paused === null &&
    (limits.data
      ? !limits.data.upcoming_full
      : canAddGame(
          games.filter((game) => game.status === 'upcoming' || game.status === 'playing').length,
          sportSchool.data ?? false,
          rules.quota_upcoming,
        ));
  const retry = () =>
    void Promise.all([orders.refetch(), sportSchool.refetch(), contacts.refetch(), limits.refetch(), places.refetch()]);

  return {
    failed: orders.isError && !orders.isFetching,
    retry,
    games,
    paused,
    addAllowed,
    rules,
    contacts: contacts.data,
    places: places.data ?? [],
    pointed,
    paymentReturn,
  };
}
