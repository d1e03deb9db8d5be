import type { GameStatus } from '@kort/contracts';
import type { GamePhase } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import type { GameBusy } from '../hooks/use-game-actions';
import './game.css';

/**
 * The card's buttons, only those that fit the game now: «Оплатить» (an upcoming game waiting for its
 * payment: the door stays shut until it is paid, so it comes first), «Открыть дверь» (on once the
 * door's window opens), «Завершить игру» (from the game's start, or once the door opened it),
 * «Отменить игру» (upcoming games; off within the last hour), «Назад». A game that is over or a
 * no-show has only «Назад».
 */
export function GameControls({ status, phase, cancelClosed, busy, notice, unpaid, on }: GameControlsProps) {
  const live = status === 'upcoming' || status === 'playing';
  const payable = unpaid && status === 'upcoming';
  const canEnd = status === 'playing' || (status === 'upcoming' && phase === 'started');
  return (
    <div className="game-controls">
      {notice && (
        <p className="info" role="status">
          {notice}
        </p>
      )}
      <div className="actions">
        {payable && (
          <button type="button" className="primary" onClick={on.pay}>
            {ui.payment.pay}
          </button>
        )}
        {live && (
          <button
            type="button"
            className={payable ? undefined : 'primary'}
            disabled={(status === 'upcoming' && phase === 'waiting') || busy !== null}
            aria-describedby={status === 'upcoming' && phase === 'waiting' ? 'door-opens' : undefined}
            onClick={on.door}
          >
            {busy === 'door' ? ui.wait : ui.game.openDoor}
          </button>
        )}
        {canEnd && (
          <button type="button" disabled={busy !== null} onClick={on.end}>
            {busy === 'end' ? ui.wait : ui.game.end}
          </button>
        )}
        {status === 'upcoming' && (
          <button
            type="button"
            className="danger"
            disabled={cancelClosed || busy !== null}
            aria-describedby={cancelClosed ? 'cancel-closed' : undefined}
            onClick={on.cancel}
          >
            {busy === 'cancel' ? ui.wait : ui.game.cancel}
          </button>
        )}
        <button type="button" onClick={on.back}>
          {ui.back}
        </button>
      </div>
      {status === 'upcoming' && cancelClosed && (
        <p id="cancel-closed" className="muted">
          {ui.game.cancelClosed}
        </p>
      )}
    </div>
  );
}
interface GameControlsProps {
  status: GameStatus;
  phase: GamePhase;
  cancelClosed: boolean;
  busy: GameBusy;
  notice: string | null;
  /** The game waits for its payment. */
  unpaid: boolean;
  on: { door: () => void; end: () => void; cancel: () => void; back: () => void; pay: () => void };
}
