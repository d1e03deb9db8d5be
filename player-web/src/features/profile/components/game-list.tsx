import type { MyOrder } from '@kort/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PayDialog } from '../../../components/pay-panel';
import { PaymentChip } from '../../../components/payment-chip';
import { dayText, gameDayAndHour } from '../../../lib/format';
import { cardState, courtTitle, gameWords } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { useClubToday } from '../../../lib/site-clock';
import './game-list.css';

/** A game's line in the list: in progress, over, released as a no-show, or today's (my-orders' status and today flag). */
function statusBadge(game: MyOrder): { text: string; tone: string } | null {
  if (game.status === 'cancelled') return null;
  if (game.status === 'playing') return { text: ui.games.playing, tone: 'is-playing' };
  if (game.status === 'over') return { text: ui.games.over, tone: 'is-over' };
  if (game.status === 'no_show') return { text: ui.games.noShow, tone: 'is-no-show' };
  return game.today ? { text: ui.today, tone: '' } : null;
}

/** A game booked and not paid yet, whose hour is still ahead: it can be paid from the list. */
const payable = (game: MyOrder) => game.payment?.status === 'pending' && game.status === 'upcoming';

/**
 * A game the club cancelled, kept a week: greyed, its hour struck through, the club's reason in
 * words. Nothing to open or do, so not a button; a paid one says what came back.
 */
function CancelledGame({ game, manySites, today }: { game: MyOrder; manySites: boolean; today: string }) {
  const card = cardState(game);
  return (
    <li>
      <div className="game is-cancelled">
        <span className="game-date">{dayText(game.time_start.slice(0, 10), today)}</span>
        <span className="game-time">
          <s>{game.time}</s>
        </span>
        <span className="game-court">{courtTitle(card)}</span>
        {manySites && <span className="game-site">{game.site_name}</span>}
        <span className="game-cancelled">{ui.games.clubCancelled(game.cancelled?.reason ?? null)}</span>
        {game.payment && <PaymentChip payment={game.payment} />}
      </div>
    </li>
  );
}

/**
 * My games as cards (a grid on a wide screen): the club's day ('пн, 23 ноября'), the hour
 * in large type, the court, the state, and a priced game's money («Ждёт оплаты до 18:15», «Оплачено
 * 1 500 ₽»). A card opens the game with its card state; a game waiting for its payment has
 * «Оплатить» under its card, which asks how to pay in a dialog. A game the club cancelled stays a
 * week, greyed, with the reason («Отменена клубом: Ремонт покрытия»).
 */
export function GameList({ games }: { games: MyOrder[] }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState<MyOrder | null>(null);
  const today = useClubToday();
  // Games at more than one club: each card says where (with one, every game is the player's club).
  const manySites = new Set(games.map((game) => game.site_id)).size > 1;
  return (
    <>
      <ul className="games">
        {games.map((game) => {
          if (game.status === 'cancelled')
            return <CancelledGame key={game.id} game={game} manySites={manySites} today={today} />;
          const badge = statusBadge(game);
          const card = cardState(game);
          return (
            <li key={game.id} className={payable(game) ? 'has-pay' : undefined}>
              <button
                type="button"
                className={`game is-${game.status}${game.today ? ' today' : ''}`}
                onClick={() => void navigate('/game', { state: card })}
              >
                <span className="game-date">{dayText(game.time_start.slice(0, 10), today)}</span>
                <span className="game-time">{game.time}</span>
                <span className="game-court">{courtTitle(card)}</span>
                {manySites && <span className="game-site">{game.site_name}</span>}
                {badge && <span className={`badge ${badge.tone}`}>{badge.text}</span>}
                {/* A sport school's game booked by its term: which term, so the school tells them apart. */}
                {game.series && <span className="game-series">{game.series.label}</span>}
                {game.payment && <PaymentChip payment={game.payment} />}
              </button>
              {payable(game) && (
                <button
                  type="button"
                  className="primary game-pay"
                  aria-label={ui.payment.payFor(gameDayAndHour(game.time_start, today))}
                  onClick={() => setPaying(game)}
                >
                  {ui.payment.pay}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {paying?.payment && (
        <PayDialog
          open
          game={gameWords(paying, today)}
          bookingId={paying.id}
          amount={paying.payment.amount}
          payUntil={paying.payment.pay_until}
          onClose={() => setPaying(null)}
        />
      )}
    </>
  );
}
