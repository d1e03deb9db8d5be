import { bookingRules, DoorError, messages } from '@kort/contracts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toasts';
import { errorOf, NO_ANSWER, textAmong } from '../../../lib/errors';
import type { GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { rememberOfflinePin, storedOfflinePin } from '../../../lib/offline-pins';
import { siteNowMs, useSiteNow } from '../../../lib/site-clock';
import { useCancelGame } from '../api/cancel-game';
import { useEndGame } from '../api/end-game';
import { offlinePinOf, useShowDoorCode } from '../api/show-door-code';
import { DoorModal } from './door-modal';
import { OfflinePinModal } from './offline-pin-modal';

/** /game: the game card with open door, end game, cancel and back (spec sections 2 and 4). */
export function GamePage() {
  const game = useLocation().state as GameCardState | null;
  const navigate = useNavigate();
  const toast = useToast();
  const showDoorCode = useShowDoorCode();
  const endGame = useEndGame();
  const cancelGame = useCancelGame();
  const [doorOpen, setDoorOpen] = useState(false);
  const [offlinePin, setOfflinePin] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The club's clock (read once a visit); until it is known the server alone judges a cancellation.
  const clubNow = useSiteNow();

  if (!game) return <Navigate to="/profile" replace />;
  const card = game;
  // The server decides; the card only spares the player a refusal they can see coming.
  const cancelClosed =
    clubNow !== null && Date.parse(card.timeStart) - siteNowMs() < bookingRules.cancelBeforeMinutes * 60_000;
  const busy = showDoorCode.isPending ? 'door' : endGame.isPending ? 'end' : cancelGame.isPending ? 'cancel' : null;

  const askForCode = () =>
    showDoorCode.mutate(card.gameId, {
      onSuccess: () => setDoorOpen(true),
      onError: (error) => {
        // The court's equipment has no link: its keypad takes the game's offline PIN, which comes
        // with the refusal, or, when the phone cannot reach the API either, from the phone's own copy.
        const failure = errorOf(error);
        const sent = offlinePinOf(error);
        if (sent) rememberOfflinePin(card.gameId, sent, card.timeStart);
        const pin = sent ?? (failure.code === NO_ANSWER ? storedOfflinePin(card.gameId) : null);
        if (pin) return setOfflinePin(pin);
        // The server's words: too early ("Игра начнётся в 18:00. Пожалуйста, подождите"), over, offline.
        toast(failure.detail, 'error');
      },
    });

  // Spec section 8: "not started" has its text, any other failure reads "Ошибка сети".
  const end = () =>
    endGame.mutate(card.gameId, {
      onSuccess: (answer) => (toast(answer.detail), void navigate('/profile')),
      onError: (error) => toast(textAmong(errorOf(error), [DoorError.GameNotStarted], messages.networkError), 'error'),
    });

  const cancel = () => {
    setConfirmCancel(false);
    cancelGame.mutate(
      { idCort: card.idCort, timeStart: card.timeStart },
      {
        onSuccess: (answer) => (toast(answer.detail), void navigate('/profile')),
        onError: (error) => toast(errorOf(error).text, 'error'),
      },
    );
  };

  return (
    <main className="page">
      <h1>{ui.game.title}</h1>
      <article className="game-card" aria-label={ui.game.card}>
        <p className="game-date">
          {card.date}, {card.weekday}
        </p>
        <p className="game-time">{card.time}</p>
        <p className="game-court">{ui.court(card.court)}</p>
        {card.active ? <p className="badge">{ui.today}</p> : <p className="muted">{ui.game.doorOnGameDay}</p>}
      </article>
      <div className="actions">
        <button type="button" className="primary" disabled={!card.active || busy !== null} onClick={askForCode}>
          {busy === 'door' ? ui.wait : ui.game.openDoor}
        </button>
        <button type="button" disabled={!card.active || busy !== null} onClick={end}>
          {busy === 'end' ? ui.wait : ui.game.end}
        </button>
        <button
          type="button"
          className="danger"
          disabled={cancelClosed || busy !== null}
          aria-describedby={cancelClosed ? 'cancel-closed' : undefined}
          onClick={() => setConfirmCancel(true)}
        >
          {busy === 'cancel' ? ui.wait : ui.game.cancel}
        </button>
        {cancelClosed && (
          <p id="cancel-closed" className="muted">
            {ui.game.cancelClosed}
          </p>
        )}
        <button type="button" onClick={() => void navigate('/profile')}>
          {ui.back}
        </button>
      </div>
      <Modal
        open={confirmCancel}
        title={ui.game.cancelQuestion}
        onClose={() => setConfirmCancel(false)}
        closeLabel={null}
      >
        <p>{ui.game.cancelWhat(card.date, card.time, card.court)}</p>
        <div className="actions">
          <button type="button" className="danger" onClick={cancel}>
            {ui.game.cancelYes}
          </button>
          <button type="button" onClick={() => setConfirmCancel(false)}>
            {ui.no}
          </button>
        </div>
      </Modal>
      <DoorModal open={doorOpen} onClose={() => setDoorOpen(false)} />
      <OfflinePinModal pin={offlinePin} onClose={() => setOfflinePin(null)} />
    </main>
  );
}
