import { bookingRules, DoorError, messages, type GameStatus } from '@kort/contracts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useToast } from '../../../components/ui/toasts';
import { errorOf, NO_ANSWER, textAmong } from '../../../lib/errors';
import { courtTitle, courtWords, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { rememberOfflinePin, storedOfflinePin } from '../../../lib/offline-pins';
import { siteNowMs, useSiteNow } from '../../../lib/site-clock';
import { useCancelGame } from '../api/cancel-game';
import { useEndGame } from '../api/end-game';
import { offlinePinOf, useShowDoorCode } from '../api/show-door-code';
import { DoorModal } from './door-modal';
import { OfflinePinModal } from './offline-pin-modal';

/**
 * /game: the game card with open door, end game, cancel and back (spec sections 2 and 4). The card
 * follows the game (issue 19): upcoming, on once the door has opened, over once ended or its hour
 * is past; a game that is over has neither "Открыть дверь" nor "Завершить игру". Nor has a game
 * released as a no-show (issue 21): the card says «Неявка».
 */
export function GamePage() {
  const location = useLocation();
  const game = location.state as GameCardState | null;
  const navigate = useNavigate();
  const toast = useToast();
  const showDoorCode = useShowDoorCode();
  const endGame = useEndGame();
  const cancelGame = useCancelGame();
  const [doorOpen, setDoorOpen] = useState(false);
  const [offlinePin, setOfflinePin] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'end' | null>(null);
  // Information, not a failure: the door's time has not come yet (425).
  const [notice, setNotice] = useState<string | null>(null);
  // The club's clock (read once a visit); until it is known the server alone judges a cancellation.
  const clubNow = useSiteNow();

  if (!game) return <Navigate to="/profile" replace />;
  const card = game;
  const startMs = Date.parse(card.timeStart);
  // The server decides; the card only spares the player a refusal they can see coming.
  const cancelClosed = clubNow !== null && startMs - siteNowMs() < bookingRules.cancelBeforeMinutes * 60_000;
  // A game whose hour has passed is over, whatever the card was told when it opened (a no-show stays one).
  const hourPast = clubNow !== null && startMs + bookingRules.gameMinutes * 60_000 <= siteNowMs();
  const noShow = card.status === 'no_show';
  const status: GameStatus = noShow ? 'no_show' : hourPast ? 'over' : (card.status ?? 'upcoming');
  const doorControls = status === 'upcoming' || status === 'playing';
  const busy = showDoorCode.isPending ? 'door' : endGame.isPending ? 'end' : cancelGame.isPending ? 'cancel' : null;

  /** The card's new state, kept in the history entry so that a reload shows it too. */
  const setStatus = (next: GameStatus) =>
    void navigate(location.pathname, { replace: true, state: { ...card, status: next } satisfies GameCardState });

  const askForCode = () => {
    setNotice(null);
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
        // Too early: when the game starts, in the server's words ("Игра начнётся в 18:00. …").
        if (failure.code === DoorError.TooEarly) return setNotice(failure.detail);
        if (failure.code === DoorError.GameOver) {
          setNotice(failure.detail);
          return setStatus('over');
        }
        toast(failure.detail, 'error');
      },
    });
  };

  // Spec section 8: "not started" has its text, any other failure reads "Ошибка сети".
  const end = () => {
    setConfirm(null);
    setNotice(null);
    endGame.mutate(card.gameId, {
      onSuccess: (answer) => (toast(answer.detail), setStatus('over')),
      onError: (error) => toast(textAmong(errorOf(error), [DoorError.GameNotStarted], messages.networkError), 'error'),
    });
  };

  const cancel = () => {
    setConfirm(null);
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
      <div className="game-layout">
        <article className={`game-card is-${status}`} aria-label={ui.game.card}>
          <p className="game-date">
            {card.date}, {card.weekday}
          </p>
          <p className="game-time">{card.time}</p>
          <p className="game-court">{courtTitle(card)}</p>
          {status === 'playing' ? (
            <>
              <p className="badge is-playing">{ui.games.playing}</p>
              <p className="muted">{ui.game.playingNow}</p>
            </>
          ) : status === 'over' ? (
            <>
              <p className="badge is-over">{ui.games.over}</p>
              <p className="muted">{ui.game.overNow}</p>
            </>
          ) : status === 'no_show' ? (
            <>
              <p className="badge is-no-show">{ui.games.noShow}</p>
              <p className="muted">{ui.game.noShowNow}</p>
            </>
          ) : card.active ? (
            <p className="badge">{ui.today}</p>
          ) : (
            <p className="muted">{ui.game.doorOnGameDay}</p>
          )}
        </article>
        <div className="game-controls">
          {notice && (
            <p className="info" role="status">
              {notice}
            </p>
          )}
          <div className="actions">
            {doorControls && (
              <>
                <button type="button" className="primary" disabled={!card.active || busy !== null} onClick={askForCode}>
                  {busy === 'door' ? ui.wait : ui.game.openDoor}
                </button>
                <button type="button" disabled={!card.active || busy !== null} onClick={() => setConfirm('end')}>
                  {busy === 'end' ? ui.wait : ui.game.end}
                </button>
              </>
            )}
            {status === 'upcoming' && (
              <button
                type="button"
                className="danger"
                disabled={cancelClosed || busy !== null}
                aria-describedby={cancelClosed ? 'cancel-closed' : undefined}
                onClick={() => setConfirm('cancel')}
              >
                {busy === 'cancel' ? ui.wait : ui.game.cancel}
              </button>
            )}
            <button type="button" onClick={() => void navigate('/profile')}>
              {ui.back}
            </button>
          </div>
          {status === 'upcoming' && cancelClosed && (
            <p id="cancel-closed" className="muted">
              {ui.game.cancelClosed}
            </p>
          )}
        </div>
      </div>
      <Modal
        open={confirm === 'cancel'}
        title={ui.game.cancelQuestion}
        onClose={() => setConfirm(null)}
        closeLabel={null}
      >
        <p>{ui.game.cancelWhat(card.date, card.time, courtWords(card))}</p>
        <div className="actions">
          <button type="button" className="danger" onClick={cancel}>
            {ui.game.cancelYes}
          </button>
          <button type="button" onClick={() => setConfirm(null)}>
            {ui.no}
          </button>
        </div>
      </Modal>
      <Modal open={confirm === 'end'} title={ui.game.endQuestion} onClose={() => setConfirm(null)} closeLabel={null}>
        <p>{ui.game.cancelWhat(card.date, card.time, courtWords(card))}</p>
        <p>{ui.game.endWarning}</p>
        <div className="actions">
          <button type="button" className="primary" onClick={end}>
            {ui.game.endYes}
          </button>
          <button type="button" onClick={() => setConfirm(null)}>
            {ui.no}
          </button>
        </div>
      </Modal>
      <DoorModal open={doorOpen} onClose={() => setDoorOpen(false)} onOpened={() => setStatus('playing')} />
      <OfflinePinModal pin={offlinePin} onClose={() => setOfflinePin(null)} />
    </main>
  );
}
