import './game.css';
import type { GameStatus } from '@kort/contracts';
import { PaymentChip } from '../../../components/payment-chip';
import { dayText } from '../../../lib/format';
import { courtTitle, gameHours, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';

/** The card's own line under its court: the game's state, or when its door opens. */
function StateLine({ status, active, doorText, noShowAfterMin }: StateLineProps) {
  if (status === 'playing')
    return (
      <>
        <p className="badge is-playing">{ui.games.playing}</p>
        <p className="muted">{ui.game.playingNow}</p>
      </>
    );
  if (status === 'over')
    return (
      <>
        <p className="badge is-over">{ui.games.over}</p>
        <p className="muted">{ui.game.overNow}</p>
      </>
    );
  if (status === 'no_show')
    return (
      <>
        <p className="badge is-no-show">{ui.games.noShow}</p>
        <p className="muted">{ui.game.noShowNow(noShowAfterMin)}</p>
      </>
    );
  return (
    <>
      {active && <p className="badge">{ui.today}</p>}
      {doorText && (
        <p id="door-opens" className="door-opens">
          {doorText}
        </p>
      )}
    </>
  );
}
interface StateLineProps {
  status: GameStatus;
  active: boolean;
  doorText: string | null;
  noShowAfterMin: number;
}

/**
 * The game as the door display would say it: the day, the hour in large type, the court, one line
 * of state (today, on, over, a no-show, or when the door opens), and a priced game's money («Ждёт
 * оплаты до 18:15», «Оплачено 1 500 ₽»).
 */
export function GameCardView({ card, today, status, doorText, noShowAfterMin }: GameCardViewProps) {
  return (
    <article className={`game-card is-${status}`} aria-label={ui.game.card}>
      <p className="game-date">{dayText(card.timeStart.slice(0, 10), today)}</p>
      <p className="game-time">{gameHours(card)}</p>
      <p className="game-court">{courtTitle(card)}</p>
      <StateLine status={status} active={card.active} doorText={doorText} noShowAfterMin={noShowAfterMin} />
      {card.payment && <PaymentChip payment={card.payment} as="p" />}
    </article>
  );
}
interface GameCardViewProps {
  card: GameCardState;
  /** The club's date now ('YYYY-MM-DD'): a day of this year is written without it. */
  today: string;
  status: GameStatus;
  /** «Дверь откроется в 17:45» while the door is not open yet, else null. */
  doorText: string | null;
  noShowAfterMin: number;
}
