import { PayPanel } from '../../../components/pay-panel';
import { dayText, hourRange } from '../../../lib/format';
import { ui } from '../../../lib/messages';
import { useClubToday } from '../../../lib/site-clock';
import type { HeldGame } from '../hooks/use-reserve-actions';
import './booking-steps.css';

/**
 * After «Подтвердить бронирование» of a priced hour: the game is booked and held until its payment's
 * deadline. The step says which game, what it costs and how long it waits, and offers the two ways
 * to pay; «Оплатить позже» leaves for My games, where the game waits with its own «Оплатить».
 */
export function PaymentStep({ held, onLater }: { held: HeldGame; onLater: () => void }) {
  const { due, date, hour, court } = held;
  const today = useClubToday();
  return (
    <main className="page payment-step">
      <h1>{ui.payment.title}</h1>
      <p className="payment-step-game">
        {dayText(date, today)}, {hourRange(hour)}, {court}
      </p>
      <PayPanel
        bookingId={due.booking_id}
        amount={due.amount}
        payUntil={due.pay_until}
        onLater={onLater}
        overLabel={ui.payment.toMyGames}
        laterHint
      />
    </main>
  );
}
