import { bookingRules, type MyOrder } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ContactText } from '../../components/ui/contact-text';
import { NetworkFailure } from '../../components/ui/network-failure';
import { rememberOfflinePins } from '../../lib/offline-pins';
import { clubContacts, isSportSchool, myOrders } from './api';

/** What /game receives in its navigation state (spec section 2: date, weekday, time, active, court, id). */
export interface GameCardState {
  gameId: number;
  date: string;
  weekday: string;
  time: string;
  active: boolean;
  court: number;
  idCort: number;
  timeStart: string;
}

export const cardState = (game: MyOrder): GameCardState => ({
  gameId: game.id,
  date: game.date,
  weekday: game.day_of_week,
  time: game.time,
  active: game.today,
  court: game.name,
  idCort: game.id_cort,
  timeStart: game.time_start,
});

/** The add-game button is off at the limit of upcoming games, unless the account is a sport school. */
export const canAddGame = (games: number, sportSchool: boolean) => sportSchool || games < bookingRules.upcoming;

/** / and /profile: my games, the add-game button and the club's contacts (spec section 2). */
export function ProfilePage() {
  const navigate = useNavigate();
  const [games, setGames] = useState<MyOrder[] | null>(null);
  const [sportSchool, setSportSchool] = useState(false);
  const [contacts, setContacts] = useState('');
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    myOrders().then(
      (answer) => {
        // Today's offline PINs stay on the phone for the door's keypad (issue 15); not on screen.
        rememberOfflinePins(answer.detail);
        setGames(answer.detail);
      },
      () => setFailed(true),
    );
    isSportSchool().then(
      (answer) => setSportSchool(answer.detail),
      () => undefined,
    );
    clubContacts().then(
      (answer) => setContacts(answer.detail),
      () => undefined,
    );
  }, [attempt]);

  if (failed) return <NetworkFailure onRetry={() => setAttempt((n) => n + 1)} />;
  const addAllowed = games !== null && canAddGame(games.length, sportSchool);

  return (
    <main className="page">
      <h1>Мои игры</h1>
      {games === null ? (
        <p role="status">Загрузка…</p>
      ) : games.length === 0 ? (
        <p className="muted">У вас пока нет игр. Забронируйте корт на удобное время.</p>
      ) : (
        <ul className="games">
          {games.map((game) => (
            <li key={game.id}>
              <button
                type="button"
                className={`game ${game.today ? 'today' : ''}`}
                onClick={() => void navigate('/game', { state: cardState(game) })}
              >
                <span className="game-date">
                  {game.date}, {game.day_of_week}
                </span>
                <span className="game-time">{game.time}</span>
                <span className="game-court">Корт {game.name}</span>
                {game.today && <span className="badge">Сегодня</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="primary wide"
        disabled={!addAllowed}
        aria-describedby={games !== null && !addAllowed ? 'games-limit' : undefined}
        onClick={() => void navigate('/reserve')}
      >
        Забронировать игру
      </button>
      {games !== null && !addAllowed && (
        <p id="games-limit" className="muted">
          Можно иметь не больше {bookingRules.upcoming} предстоящих игр
        </p>
      )}
      <section className="contacts" aria-labelledby="contacts-title">
        <h2 id="contacts-title">Контакты клуба</h2>
        {contacts ? <ContactText text={contacts} /> : <p>…</p>}
        <Link to="/court_rules">Правила клуба</Link>
      </section>
    </main>
  );
}
