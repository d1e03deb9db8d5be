import { DoorError, messages, type GameStatus } from '@kort/contracts';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toasts';
import { errorOf, NO_ANSWER, textAmong } from '../../../lib/errors';
import { courtTitle, type GameCardState } from '../../../lib/game-card';
import { rememberOfflinePin, storedOfflinePin } from '../../../lib/offline-pins';
import { useCancelGame } from '../api/cancel-game';
import { useEndGame } from '../api/end-game';
import { offlinePinOf, useShowDoorCode } from '../api/show-door-code';
import type { HeldDoorPin } from '../components/offline-pin-modal';

/** Which of the card's calls is on its way. */
export type GameBusy = 'door' | 'end' | 'cancel' | null;

/**
 * What the game card's buttons do: ask for the door's code (or fall back to the offline PIN), end
 * and cancel the game, each behind its question. `tooEarly` words the refusal of a door not open yet.
 */
export function useGameActions(card: GameCardState, tooEarly: (refusal: string) => string) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const showDoorCode = useShowDoorCode();
  const endGame = useEndGame();
  const cancelGame = useCancelGame();
  const [doorOpen, setDoorOpen] = useState(false);
  const [offlinePin, setOfflinePin] = useState<HeldDoorPin | null>(null);
  const [confirm, setConfirm] = useState<'cancel' | 'end' | null>(null);
  // Information, not a failure: the door's time has not come yet (425).
  const [notice, setNotice] = useState<string | null>(null);
  const busy: GameBusy = showDoorCode.isPending
    ? 'door'
    : endGame.isPending
      ? 'end'
      : cancelGame.isPending
        ? 'cancel'
        : null;

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
        if (sent) rememberOfflinePin(card.gameId, sent, card.timeStart, courtTitle(card));
        // Whose link is down: the club's (the API answered with the PIN) or this phone's (no answer).
        if (sent) return setOfflinePin({ pin: sent, linkDown: 'club' });
        const held = failure.code === NO_ANSWER ? storedOfflinePin(card.gameId) : null;
        if (held) return setOfflinePin({ pin: held, linkDown: 'phone' });
        // Too early (the phone's clock ahead of the club's): when the game starts, and when the door opens.
        if (failure.code === DoorError.TooEarly) return setNotice(tooEarly(failure.detail));
        if (failure.code === DoorError.GameOver) {
          setNotice(failure.detail);
          return setStatus('over');
        }
        toast(failure.detail, 'error');
      },
    });
  };

  // "Not started" has its own text, any other failure reads "Ошибка сети".
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

  return {
    busy,
    notice,
    confirm,
    setConfirm,
    doorOpen,
    setDoorOpen,
    offlinePin,
    closeOfflinePin: () => setOfflinePin(null),
    askForCode,
    end,
    cancel,
    setStatus,
  };
}
