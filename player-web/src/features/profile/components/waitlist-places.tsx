import type { WaitlistPlace } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toasts';
import { minutesAndSeconds, useTimeLeft } from '../../../lib/countdown';
import { errorOf } from '../../../lib/errors';
import { dayText, gameDayAndHour } from '../../../lib/format';
import { ui } from '../../../lib/messages';
import { queryKeys } from '../../../lib/query-keys';
import { useClubToday } from '../../../lib/site-clock';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import './game-list.css';

/** Asks before the player gives up a place (they would join again at the end of the line). */
function useLeave() {
  const toast = useToast();
  const leave = useLeaveWaitlist();
  const [asked, setAsked] = useState<WaitlistPlace | null>(null);
  const today = useClubToday();
  const confirmLeave = () => {
    if (!asked) return;
    setAsked(null);
    leave.mutate(asked.id, {
      onSuccess: (answer) => toast(answer.detail),
      onError: (failure) => toast(errorOf(failure).text, 'error'),
    });
  };
  const modal = (
    <ConfirmDialog
      open={asked !== null}
      title={ui.waitlist.leaveQuestion}
      confirmLabel={ui.waitlist.leaveYes}
      tone="danger"
      onConfirm={confirmLeave}
      onCancel={() => setAsked(null)}
    >
      {asked && <p>{ui.waitlist.placeName(gameDayAndHour(asked.time_start, today))}</p>}
      <p>{asked?.state === 'offered' ? ui.waitlist.leaveOfferWarning : ui.waitlist.leaveWarning}</p>
    </ConfirmDialog>
  );
  return { ask: setAsked, pending: leave.isPending ? leave.variables : null, modal };
}

interface OfferProps {
  place: WaitlistPlace;
  onConfirm: () => void;
  onLeave: () => void;
  /** What is on its way for this offer. */
  busy: 'confirm' | 'leave' | null;
  /** The offer a push led to (`/profile?offer=<id>`): brought into view, marked and focused. */
  pointed: boolean;
}

/** A freed court held for the player: the in-app notice with the hold's countdown and "Подтвердить". */
function Offer({ place, onConfirm, onLeave, busy, pointed }: OfferProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const card = useRef<HTMLElement>(null);
  // Once, when the offer the push named is on screen: a screen reader lands on it too.
  useEffect(() => {
    if (!pointed || !card.current) return;
    card.current.scrollIntoView?.({ block: 'center' });
    card.current.focus({ preventScroll: true });
  }, [pointed]);
  const today = useClubToday();
  const left = useTimeLeft(place.hold_until);
  const over = left === 0;
  // The hold ran out: the server has passed the court on; the places are read again.
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: queryKeys.waitlist });
  }, [over, queryClient]);
  const [minutes, seconds] = minutesAndSeconds(left);

  return (
    <article
      ref={card}
      className={pointed ? 'offer is-pointed' : 'offer'}
      aria-labelledby={titleId}
      tabIndex={pointed ? -1 : undefined}
    >
      <p id={titleId} className="offer-title">
        {ui.waitlist.offer(place.time, place.court, place.court_name)}
      </p>
      <p className="offer-date">{dayText(place.time_start.slice(0, 10), today)}</p>
      {/* Not read out every second: the region around announces the offer, not its countdown. */}
      <p className="offer-left" aria-live="off">
        {over ? ui.waitlist.holdOver : ui.waitlist.holdLeft(minutes, seconds)}
      </p>
      <div className="actions">
        <button type="button" className="primary" disabled={over || busy !== null} onClick={onConfirm}>
          {busy === 'confirm' ? ui.wait : ui.waitlist.confirm}
        </button>
        <button type="button" disabled={busy !== null} onClick={onLeave}>
          {busy === 'leave' ? ui.wait : ui.waitlist.leave}
        </button>
      </div>
    </article>
  );
}

/**
 * The offers held for the player, above my games (announced when one arrives while the page is
 * open). `pointed`: the one a push notice led to, if it is still held.
 */
export function WaitlistOffers({
  places,
  pointed = null,
}: {
  places: readonly WaitlistPlace[];
  pointed?: number | null;
}) {
  const toast = useToast();
  // Here, not in the offer: a confirmed offer leaves the screen, its answer is still said.
  const confirm = useConfirmWaitlist();
  const leave = useLeave();
  const offers = places.filter((place) => place.state === 'offered');
  const busyWith = (id: number) =>
    confirm.isPending && confirm.variables === id ? 'confirm' : leave.pending === id ? 'leave' : null;
  return (
    <>
      <div className="offers" aria-live="polite">
        {offers.map((place) => (
          <Offer
            key={place.id}
            place={place}
            busy={busyWith(place.id)}
            pointed={place.id === pointed}
            onLeave={() => leave.ask(place)}
            onConfirm={() =>
              confirm.mutate(place.id, {
                onSuccess: (answer) => toast(answer.detail),
                // The hold ran out meanwhile (410): the server says so and the court has gone on.
                onError: (failure) => toast(errorOf(failure).text, 'error'),
              })
            }
          />
        ))}
      </div>
      {leave.modal}
    </>
  );
}

/** The player's places in line (waiting for a court), each with its position and "Выйти из очереди". */
export function WaitlistPlaces({ places }: { places: readonly WaitlistPlace[] }) {
  const leave = useLeave();
  const today = useClubToday();
  const waiting = places.filter((place) => place.state === 'waiting');
  if (waiting.length === 0) return leave.modal;
  return (
    <section className="waitlist" aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">{ui.waitlist.title}</h2>
      <ul className="waitlist-places">
        {waiting.map((place) => (
          <li key={place.id} className="waitlist-place">
            <span id={`waitlist-place-${place.id}`} className="waitlist-when">
              {gameDayAndHour(place.time_start, today)}
            </span>
            <span className="waitlist-position">{ui.waitlist.position(place.position)}</span>
            <button
              type="button"
              aria-describedby={`waitlist-place-${place.id}`}
              disabled={leave.pending === place.id}
              onClick={() => leave.ask(place)}
            >
              {leave.pending === place.id ? ui.wait : ui.waitlist.leave}
            </button>
          </li>
        ))}
      </ul>
      {leave.modal}
    </section>
  );
}
