import { bookingRules, type GameStatus } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PayDialog } from '../../../components/pay-panel';
import { useClubRules } from '../../../lib/club-rules';
import { gameDayAndHour } from '../../../lib/format';
import { courtWords, doorOpensAt, gamePhase, type GameCardState } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { siteNowMs, useClubToday, useSiteNow } from '../../../lib/site-clock';
import { useGameActions } from '../hooks/use-game-actions';
import { DoorModal } from './door-modal';
import { GameCardView } from './game-card-view';
import { GameConfirms } from './game-confirms';
import { GameControls } from './game-controls';
import { OfflinePinModal } from './offline-pin-modal';
import './game.css';

/** The door code of `?door=` (the door screen's QR opened by a phone's camera), or null. */
export function doorCodeParam(params: URLSearchParams): string | null {
  const code = params.get('door');
  return code !== null && /^[0-9]{4}$/.test(code) ? code : null;
}

/**
 * /game: the game card with open door, end game, cancel and back. The card follows the game:
 * upcoming (its door opens the club's window before the start, and it can be ended only from the
 * start), on once the door has opened, over once ended or its hour is past, or released as a
 * no-show. `?door=<code>` opens the door modal with that code (the door screen's QR). A game waiting
 * for its payment offers «Оплатить» (the same dialog as My games).
 */
export function GamePage() {
  const location = useLocation();
  const game = location.state as GameCardState | null;
  if (!game) return <Navigate to="/profile" replace />;
  return <GameCard card={game} />;
}

function GameCard({ card }: { card: GameCardState }) {
  const navigate = useNavigate();
  const rules = useClubRules();
  // The club's clock (read once a visit, ticking): until it is known the server alone judges.
  const clubNow = useSiteNow();
  const nowMs = clubNow === null ? null : siteNowMs();
  const today = useClubToday();
  const door = doorOpensAt(card, rules.door_opens_before_min);
  const actions = useGameActions(card, (refusal) => ui.game.tooEarly(refusal, door.time));
  const link = useDoorLink(card, actions.setDoorOpen);
  const [paying, setPaying] = useState(false);

  const startMs = Date.parse(card.timeStart);
  // The server decides; the card only spares the player a refusal they can see coming.
  const cancelClosed = nowMs !== null && startMs - nowMs < bookingRules.cancelBeforeMinutes * 60_000;
  // A game whose hour has passed is over, whatever the card was told when it opened (a no-show stays one).
  const hourPast = nowMs !== null && startMs + bookingRules.gameMinutes * 60_000 <= nowMs;
  const status: GameStatus = card.status === 'no_show' ? 'no_show' : hourPast ? 'over' : (card.status ?? 'upcoming');
  const phase = gamePhase(card, nowMs, rules.door_opens_before_min);
  const doorText =
    status !== 'upcoming' || phase !== 'waiting'
      ? null
      : card.active
        ? ui.game.doorOpensToday(door.time)
        : ui.game.doorOpensOnItsDay(door.time);

  return (
    <main className="page">
      <h1>{ui.game.title}</h1>
      <div className="game-layout">
        <GameCardView
          card={card}
          today={today}
          status={status}
          doorText={doorText}
          noShowAfterMin={rules.no_show_after_min}
        />
        <GameControls
          status={status}
          phase={phase}
          cancelClosed={cancelClosed}
          busy={actions.busy}
          notice={actions.notice}
          unpaid={card.payment?.status === 'pending'}
          on={{
            pay: () => setPaying(true),
            door: actions.askForCode,
            end: () => actions.setConfirm('end'),
            cancel: () => actions.setConfirm('cancel'),
            back: () => void navigate('/profile'),
          }}
        />
      </div>
      <GameConfirms
        card={card}
        asking={actions.confirm}
        onClose={() => actions.setConfirm(null)}
        onCancel={actions.cancel}
        onEnd={actions.end}
      />
      <DoorModal
        open={actions.doorOpen}
        initialCode={link.code}
        onClose={() => (actions.setDoorOpen(false), link.forget())}
        onOpened={() => actions.setStatus('playing')}
      />
      <OfflinePinModal held={actions.offlinePin} onClose={actions.closeOfflinePin} />
      {card.payment && (
        <PayDialog
          open={paying}
          game={ui.games.gameLine(gameDayAndHour(card.timeStart, today), courtWords(card))}
          bookingId={card.gameId}
          amount={card.payment.amount}
          payUntil={card.payment.pay_until}
          onClose={() => setPaying(false)}
        />
      )}
    </main>
  );
}

/**
 * A code from the door screen's QR (`?door=`): the door modal opens with it, and the address drops it
 * at once (a reload or Back must not send it again). Only for a game whose door can open; the code
 * is used once (`forget` on closing the modal).
 */
function useDoorLink(card: GameCardState, openModal: (open: boolean) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = doorCodeParam(params);
  const live = card.status === 'upcoming' || card.status === 'playing';
  const [linked, setLinked] = useState<string | null>(null);
  useEffect(() => {
    if (code === null) return;
    if (live) {
      setLinked(code);
      openModal(true);
    }
    void navigate(location.pathname, { replace: true, state: location.state as unknown });
  }, [code, live, openModal, navigate, location.pathname, location.state]);
  return { code: linked, forget: () => setLinked(null) };
}
