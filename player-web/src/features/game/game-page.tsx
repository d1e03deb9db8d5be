import { bookingRules, messages } from '@kort/contracts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { useToast } from '../../components/ui/toasts';
import { ApiError, NetworkError } from '../../lib/api-client';
import { rememberOfflinePin, storedOfflinePin } from '../../lib/offline-pins';
import { siteNowMs, useSiteNow } from '../../lib/site-clock';
import type { GameCardState } from '../profile/profile-page';
import { cancelGame, endGame, offlinePinOf, showDoorCode } from './api';
import { DoorModal } from './door-modal';
import { OfflinePinModal } from './offline-pin-modal';

/** Spec section 8: ending a game. */
export function endGameError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 418) return messages.gameNotStarted;
  return messages.networkError;
}

/** Cancelling: the server's text (409 "less than an hour"), network trouble otherwise. */
export function cancelError(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 409) return messages.cancelTooLate;
  if (failure instanceof ApiError && failure.status < 500) return failure.detail;
  return messages.networkTrouble;
}

/** /game: the game card with open door, end game, cancel and back (spec sections 2 and 4). */
export function GamePage() {
  const game = useLocation().state as GameCardState | null;
  const navigate = useNavigate();
  const toast = useToast();
  const [doorOpen, setDoorOpen] = useState(false);
  const [offlinePin, setOfflinePin] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [busy, setBusy] = useState<'door' | 'end' | 'cancel' | null>(null);
  // The club's clock (read once a visit); until it is known the server alone judges a cancellation.
  const clubNow = useSiteNow();

  if (!game) return <Navigate to="/profile" replace />;
  const card = game;
  // The server decides; the card only spares the player a refusal they can see coming.
  const cancelClosed =
    clubNow !== null && Date.parse(card.timeStart) - siteNowMs() < bookingRules.cancelBeforeMinutes * 60_000;

  async function run(kind: 'door' | 'end' | 'cancel', work: () => Promise<void>) {
    setBusy(kind);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const askForCode = () =>
    run('door', async () => {
      try {
        await showDoorCode(card.gameId);
        setDoorOpen(true);
      } catch (failure) {
        // The court's equipment has no link: its keypad takes the game's offline PIN, which comes
        // with the 503, or, when the phone cannot reach the API either, from the phone's own copy.
        const sent = offlinePinOf(failure);
        if (sent) rememberOfflinePin(card.gameId, sent, card.timeStart);
        const pin = sent ?? (failure instanceof NetworkError ? storedOfflinePin(card.gameId) : null);
        if (pin) return setOfflinePin(pin);
        // 425: too early ("Игра начнётся в 18:00. Пожалуйста, подождите"), 410 over, 503 offline.
        toast(failure instanceof ApiError ? failure.detail : messages.networkTrouble, 'error');
      }
    });

  const end = () =>
    run('end', async () => {
      try {
        toast((await endGame(card.gameId)).detail);
        void navigate('/profile');
      } catch (failure) {
        toast(endGameError(failure), 'error');
      }
    });

  const cancel = () =>
    run('cancel', async () => {
      setConfirmCancel(false);
      try {
        toast((await cancelGame(card.idCort, card.timeStart)).detail);
        void navigate('/profile');
      } catch (failure) {
        toast(cancelError(failure), 'error');
      }
    });

  return (
    <main className="page">
      <h1>Игра</h1>
      <article className="game-card" aria-label="Карточка игры">
        <p className="game-date">
          {card.date}, {card.weekday}
        </p>
        <p className="game-time">{card.time}</p>
        <p className="game-court">Корт {card.court}</p>
        {card.active ? (
          <p className="badge">Сегодня</p>
        ) : (
          <p className="muted">Дверь можно открыть в день игры, за 15 минут до начала</p>
        )}
      </article>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={!card.active || busy !== null}
          onClick={() => void askForCode()}
        >
          {busy === 'door' ? 'Подождите…' : 'Открыть дверь'}
        </button>
        <button type="button" disabled={!card.active || busy !== null} onClick={() => void end()}>
          {busy === 'end' ? 'Подождите…' : 'Завершить игру'}
        </button>
        <button
          type="button"
          className="danger"
          disabled={cancelClosed || busy !== null}
          aria-describedby={cancelClosed ? 'cancel-closed' : undefined}
          onClick={() => setConfirmCancel(true)}
        >
          {busy === 'cancel' ? 'Подождите…' : 'Отменить игру'}
        </button>
        {cancelClosed && (
          <p id="cancel-closed" className="muted">
            Отменить игру можно не позже чем за час до начала
          </p>
        )}
        <button type="button" onClick={() => void navigate('/profile')}>
          Назад
        </button>
      </div>
      <Modal
        open={confirmCancel}
        title="Точно хотите отменить игру?"
        onClose={() => setConfirmCancel(false)}
        closeLabel={null}
      >
        <p>
          {card.date}, {card.time}, корт {card.court}
        </p>
        <div className="actions">
          <button type="button" className="danger" onClick={() => void cancel()}>
            Да, отменить
          </button>
          <button type="button" onClick={() => setConfirmCancel(false)}>
            Нет
          </button>
        </div>
      </Modal>
      <DoorModal open={doorOpen} onClose={() => setDoorOpen(false)} />
      <OfflinePinModal pin={offlinePin} onClose={() => setOfflinePin(null)} />
    </main>
  );
}
