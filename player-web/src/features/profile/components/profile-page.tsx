import './my-games.css';
import { Link, useNavigate } from 'react-router';
import { ContactText } from '../../../components/ui/contact-text';
import { SiteChooser } from '../../../components/site-chooser';
import { NetworkFailure } from '../../../components/ui/network-failure';
import { ui } from '../../../lib/messages';
import { useMyGames } from '../hooks/use-my-games';
import { GameList } from './game-list';
import { PausedBlock } from './paused-block';
import { PaymentReturnBanner } from './payment-return';
import { WaitlistOffers, WaitlistPlaces } from './waitlist-places';

/**
 * / and /profile: my games, the add-game button and the club's contacts; a court freed for the
 * player from the line, their places in line, and, for a player paused for no-shows, one block that
 * says until when, why and whom to call. The offer a push led to (`?offer=<id>`) is brought into view;
 * back from the payment page (`?payment=<id>`) a banner says how that game's payment stands.
 * On a wide screen the games are a grid beside the line and the contacts.
 */
export function ProfilePage() {
  const navigate = useNavigate();
  const my = useMyGames();

  // "Повторить" asks for everything again, and the screen loads meanwhile.
  if (my.failed) return <NetworkFailure onRetry={my.retry} />;
  const { games, paused } = my;

  return (
    <main className="page my-games">
      <h1>{ui.games.title}</h1>
      <SiteChooser />
      <PaymentReturnBanner outcome={my.paymentReturn} />
      <WaitlistOffers places={my.places} pointed={my.pointed} />
      {paused && <PausedBlock limits={paused} rules={my.rules} contacts={my.contacts} />}
      <div className="my-games-layout">
        <section className="my-games-list" aria-label={ui.games.title}>
          {games === null ? (
            <p role="status">{ui.loading}</p>
          ) : games.length === 0 ? (
            // A paused player cannot book: the invitation to would contradict the block above.
            !paused && <p className="muted">{ui.games.none}</p>
          ) : (
            <GameList games={games} />
          )}
          {!paused && (
            <div className="add-game">
              <button
                type="button"
                className="primary wide"
                disabled={!my.addAllowed}
                aria-describedby={games !== null && !my.addAllowed ? 'games-limit' : undefined}
                onClick={() => void navigate('/reserve')}
              >
                {ui.games.book}
              </button>
              {games !== null && !my.addAllowed && (
                <p id="games-limit" className="notice">
                  {ui.games.limit(my.rules.quota_upcoming)}
                </p>
              )}
            </div>
          )}
        </section>
        <aside className="my-games-side">
          <WaitlistPlaces places={my.places} />
          {!paused && (
            <section className="contacts" aria-labelledby="contacts-title">
              <h2 id="contacts-title">{ui.games.contacts}</h2>
              {my.contacts ? <ContactText text={my.contacts} /> : <p>…</p>}
            </section>
          )}
          <p>
            <Link to="/court_rules">{ui.rules.title}</Link>
          </p>
        </aside>
      </div>
    </main>
  );
}
