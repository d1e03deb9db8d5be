import { gameWords } from '../../../lib/game-card';
import { ui } from '../../../lib/messages';
import { clubTimeOf, paymentLine, roubles } from '../../../lib/money';
import { useClubToday } from '../../../lib/site-clock';
import type { PaymentReturn } from '../hooks/use-payment-return';

/** The banner's heading and line for each outcome. */
function wordsOf(outcome: PaymentReturn, today: string): { title: string; text: string } {
  switch (outcome.state) {
    case 'checking':
      return { title: ui.payment.checking, text: ui.payment.checkingHint };
    case 'paid':
      return {
        title: ui.payment.paidTitle,
        text: ui.payment.paidWhat(gameWords(outcome.game, today), roubles(outcome.game.payment?.paid ?? '0')),
      };
    case 'settled':
      return {
        title: outcome.game.payment ? paymentLine(outcome.game.payment) : '',
        text: gameWords(outcome.game, today),
      };
    case 'gone':
      return { title: ui.payment.goneTitle, text: ui.payment.goneHint };
    case 'slow':
      return { title: ui.payment.slowTitle, text: ui.payment.slowHint(clubTimeOf(outcome.game.payment?.pay_until)) };
  }
}

/**
 * My games after the payment page (`?payment=<id>`): «Проверяем оплату…» while the game's payment is
 * pending, then «Оплачено» with the game and its amount, or what to do when the game is gone or the
 * bank has not confirmed within a minute. A live region, so each change is heard.
 */
export function PaymentReturnBanner({ outcome }: { outcome: PaymentReturn | null }) {
  const today = useClubToday();
  const words = outcome && wordsOf(outcome, today);
  return (
    <div className="payment-return-region" role="status">
      {outcome && words && (
        <div className={`payment-return is-${outcome.state}`}>
          <p className="payment-return-title">{words.title}</p>
          <p>{words.text}</p>
        </div>
      )}
    </div>
  );
}
