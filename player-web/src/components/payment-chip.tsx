import './payment-chip.css';
import type { GamePayment } from '@kort/contracts';
import { paymentLine } from '../lib/money';

/**
 * A priced game's money as one chip («Ждёт оплаты до 18:15», «Оплачено 1 500 ₽», «Возвращено
 * 1 500 ₽»): inside a card of my games (a button, hence a span) and on the game's card (a line).
 */
export function PaymentChip({ payment, as: Tag = 'span' }: { payment: GamePayment; as?: 'span' | 'p' }) {
  return <Tag className={`game-payment is-${payment.status}`}>{paymentLine(payment)}</Tag>;
}
