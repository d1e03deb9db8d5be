import { CLUB_SETTING_DEFAULTS, type MyOrder } from '@kort/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ContactText } from '../../../components/ui/contact-text';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { pausedUntilText, useBookingLimits } from '../../../lib/booking-limits';
import { useClubRules } from '../../../lib/club-rules';
import { cardState, courtTitle } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { useWaitlistPlaces } from '../../../lib/waitlist';
import { useClubContacts } from '../api/club-contacts';
import { useMyOrders } from '../api/my-orders';
import { useSportSchool } from '../api/sport-school';
import { WaitlistOffers, WaitlistPlaces } from './waitlist-places';

/**
 * The add-game button is off at the club's limit of upcoming games (`quota_upcoming`, the spec's 5),
 * unless the account is a sport school.
 */
export const canAddGame = (
  games: number,
  sportSchool: boolean,
  upcoming: number = CLUB_SETTING_DEFAULTS.quota_upcoming,
) => sportSchool || games < upcoming;

/** A game's line in the list: in progress, over, released as a no-show, or today's (my-orders' status and today flag). */
function statusBadge(game: MyOrder): { text: string; tone: string } | null {
  if (game.status === 'playing') return { text: ui.games.playing, tone: 'is-playing' };
  if (game.status === 'over') return { text: ui.games.over, tone: 'is-over' };
  if (game.status === 'no_show') return { text: ui.games.noShow, tone: 'is-no-show' };
  return game.today ? { text: ui.today, tone: '' } : null;
}

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
 * / and /profile: my games, the add-game button and the club's contacts (spec section 2); a court
 * freed for the player from the line, their places in line (asked again every 30 s while the page is
 * open, so an offer shows without a reload) and a pause of new bookings for no-shows (issue 21); the
 * offer a push led to (`?offer=<id>`) is brought into view.
 */
export function ProfilePage() {
  const navigate = useNavigate();
  const pointed = usePointedOffer();
  const orders = useMyOrders();
  // Neither is worth a failure screen: without them the button follows the player's limit and
  // the contacts stay "…".
  const sportSchool = useSportSchool();
  const contacts = useClubContacts();
  // Whether five games ahead already refuse a booking, as the server counts them (issue 19).
  const [month] = useState(thisMonth);
  const limits = useBookingLimits(month);
  // Not worth a failure screen either: without it the page shows no line.
  const places = useWaitlistPlaces({ poll: true });
  // The club's limit of games ahead, for the button's fallback and its text (the spec's 5 meanwhile).
  const rules = useClubRules();

  // "Повторить" asks for everything again, and the screen loads meanwhile.
  if (orders.isError && !orders.isFetching)
    return (
      <NetworkFailure
        onRetry={() =>
          void Promise.all([
            orders.refetch(),
            sportSchool.refetch(),
            contacts.refetch(),
            limits.refetch(),
            places.refetch(),
          ])
        }
      />
    );
  const games = orders.data ?? null;
  const paused = limits.data?.paused_until ?? null;
  // The server's own count when it answered; else the games not over yet against the limit.
  const addAllowed =
    games !== null &&
    paused === null &&
    (limits.data
      ? !limits.data.upcoming_full
      : canAddGame(
          games.filter((game) => game.status !== 'over' && game.status !== 'no_show').length,
          sportSchool.data ?? false,
          rules.quota_upcoming,
        ));

  return (
    <main className="page">
      <h1>{ui.games.title}</h1>
      <WaitlistOffers places={places.data ?? []} pointed={pointed} />
      {games === null ? (
        <p role="status">{ui.loading}</p>
      ) : games.length === 0 ? (
        <p className="muted">{ui.games.none}</p>
      ) : (
        <ul className="games">
          {games.map((game) => {
            const badge = statusBadge(game);
            return (
              <li key={game.id}>
                <button
                  type="button"
                  className={`game is-${game.status}${game.today ? ' today' : ''}`}
                  onClick={() => void navigate('/game', { state: cardState(game) })}
                >
                  <span className="game-date">
                    {game.date}, {game.day_of_week}
                  </span>
                  <span className="game-time">{game.time}</span>
                  <span className="game-court">{courtTitle(cardState(game))}</span>
                  {badge && <span className={`badge ${badge.tone}`}>{badge.text}</span>}
                  {/* A sport school's game booked by its term: which term, so the school tells them apart. */}
                  {game.series && <span className="game-series">{game.series.label}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        className="primary wide"
        disabled={!addAllowed}
        aria-describedby={games !== null && !addAllowed ? 'games-limit' : undefined}
        onClick={() => void navigate('/reserve')}
      >
        {paused === null ? ui.games.book : ui.games.paused(pausedUntilText(paused))}
      </button>
      {games !== null && !addAllowed && (
        <p id="games-limit" className="notice">
          {paused === null ? ui.games.limit(rules.quota_upcoming) : ui.games.pausedWhy}
        </p>
      )}
      <WaitlistPlaces places={places.data ?? []} />
      <section className="contacts" aria-labelledby="contacts-title">
        <h2 id="contacts-title">{ui.games.contacts}</h2>
        {contacts.data ? <ContactText text={contacts.data} /> : <p>…</p>}
        <Link to="/court_rules">{ui.rules.title}</Link>
      </section>
    </main>
  );
}
