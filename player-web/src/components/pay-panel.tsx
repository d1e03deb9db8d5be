import './pay-panel.css';
import { PaymentError, type PaymentMethod } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { minutesAndSeconds, useTimeLeft } from '../lib/countdown';
import { errorOf } from '../lib/errors';
import { ui } from '../lib/messages';
import { clubTimeOf, roubles } from '../lib/money';
import { usePayGame } from '../lib/payments';
import { refreshBookings } from '../lib/query-keys';
import { useSiteClock } from '../lib/site-clock';
import { Modal } from './ui/modal';

interface PayPanelProps {
  /** The game held for its payment. */
  bookingId: number;
  /** Roubles with kopecks, as the API sends them ("1500.00"). */
  amount: string;
  /** When the hold ends (ISO with the club's offset); absent: no countdown. */
  payUntil?: string;
  /** «Оплатить позже»: the way out without paying. */
  onLater: () => void;
  /** That button's words once the hold is over («К моим играм», «Закрыть»). */
  overLabel: string;
  /** Say under it that My games has the game to pay for later (the booking's own step). */
  laterHint?: boolean;
}

/**
 * What a game held for its payment needs: the amount, the hold's countdown by the server's clock
 * («Игра ждёт оплаты ещё 14:32»), the two ways to pay and the way out. A tap asks the API for a
 * payment and the browser leaves for its page; both buttons wait meanwhile, and a refusal is said in
 * the API's words (the hold ran out, YooKassa does not answer). Once the hold is over the game is
 * gone: the buttons are off and my games and the hours are asked again.
 */
export function PayPanel({ bookingId, amount, payUntil, onLater, overLabel, laterHint = false }: PayPanelProps) {
  const queryClient = useQueryClient();
  const pay = usePayGame();
  const left = useTimeLeft(payUntil);
  // Counted by the phone's clock until the server's is in: only the server's may say it ran out.
  const clockKnown = useSiteClock().isSuccess;
  const failure = pay.error ? errorOf(pay.error) : null;
  const ranOut = payUntil !== undefined && clockKnown && left === 0;
  const over = ranOut || failure?.code === PaymentError.HoldExpired;
  useEffect(() => {
    if (ranOut) void refreshBookings(queryClient);
  }, [ranOut, queryClient]);
  // After the answer too: the browser is on its way to the payment page.
  const leaving = pay.isPending || pay.isSuccess;
  const [minutes, seconds] = minutesAndSeconds(left);
  const until = clubTimeOf(payUntil);
  const button = (method: PaymentMethod, label: string) => (
    <button
      type="button"
      className={method === 'bank_card' ? 'primary' : undefined}
      disabled={over || leaving}
      onClick={() => pay.mutate({ bookingId, method })}
    >
      {leaving && pay.variables?.method === method ? ui.wait : label}
    </button>
  );
  return (
    <div className="pay-panel">
      <p className="pay-amount">{roubles(amount)}</p>
      {over ? (
        // A new element, so that it is announced: the game is gone, paying is over.
        <p key="over" role="alert" className="pay-left is-over">
          {failure?.code === PaymentError.HoldExpired ? failure.text : ui.payment.holdOver}
        </p>
      ) : (
        payUntil !== undefined &&
        clockKnown && (
          // Not read out every second.
          <p key="left" className="pay-left" aria-live="off">
            {ui.payment.holdLeft(minutes, seconds)}
          </p>
        )
      )}
      <div className="actions pay-methods">
        {button('bank_card', ui.payment.byCard)}
        {button('sbp', ui.payment.bySbp)}
      </div>
      {leaving && <p role="status">{ui.payment.opening}</p>}
      {failure && !over && (
        <p role="alert" className="error">
          {failure.text}
        </p>
      )}
      {laterHint && !over && until && <p className="muted pay-later-hint">{ui.payment.laterHint(until)}</p>}
      <div className="actions pay-later">
        <button type="button" onClick={onLater}>
          {over ? overLabel : ui.payment.later}
        </button>
      </div>
    </div>
  );
}

interface PayDialogProps extends Omit<PayPanelProps, 'onLater' | 'overLabel'> {
  open: boolean;
  /** The game paid for, as a sentence names it ('25 ноября 2026, 18:00, корт 2'). */
  game: string;
  onClose: () => void;
}

/** «Оплатить» of a game waiting for its payment (My games, the game's card): the panel in a dialog. */
export function PayDialog({ open, game, onClose, ...panel }: PayDialogProps) {
  return (
    <Modal open={open} title={ui.payment.title} onClose={onClose} closeLabel={null}>
      <p>{game}</p>
      <PayPanel {...panel} onLater={onClose} overLabel={ui.close} />
    </Modal>
  );
}
