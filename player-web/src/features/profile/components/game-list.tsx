import type { MyOrder } from '@kort/contracts';
import { useNavigate } from 'react-router';
import { longDate } from '../../../lib/format';
import { cardState, courtTitle } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import './game-list.css';

/** A game's line in the list: in progress, over, released as a no-show, or today's (my-orders' status and today flag). */
function statusBadge(game: MyOrder): { text: string; tone: string } | null {
  if (game.status === 'playing') return { text: ui.games.playing, tone: 'is-playing' };
  if (game.status === 'over') return { text: ui.games.over, tone: 'is-over' };
  if (game.status === 'no_show') return { text: ui.games.noShow, tone: 'is-no-show' };
  return game.today ? { text: ui.today, tone: '' } : null;
}

/**
 * My games as cards (a grid on a wide screen): the club's day ('понедельник, 23 ноября'), the hour
 * in large type, the court, the state. A card opens the game with its card state.
 */
export function GameList({ games }: { games: MyOrder[] }) {
  const navigate = useNavigate();
  // Games at more than one club: each card says where (with one, every game is the player's club).
  const manySites = new Set(games.map((game) => game.site_id)).size > 1;
  return (
    <ul className="games">
      {games.map((game) => {
        const badge = statusBadge(game);
        const card = cardState(game);
        return (
          <li key={game.id}>
            <button
              type="button"
              className={`game is-${game.status}${game.today ? ' today' : ''}`}
              onClick={() => void navigate('/game', { state: card })}
            >
              <span className="game-date">{longDate(game.time_start.slice(0, 10))}</span>
              <span className="game-time">{game.time}</span>
              <span className="game-court">{courtTitle(card)}</span>
              {manySites && <span className="game-site">{game.site_name}</span>}
              {badge && <span className={`badge ${badge.tone}`}>{badge.text}</span>}
              {/* A sport school's game booked by its term: which term, so the school tells them apart. */}
              {game.series && <span className="game-series">{game.series.label}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
