import { formatRoubles, kopecksOf, type GamePayment, type HourPrice } from '@kort/contracts';
import { ui } from './messages';

/**
 * Money as the player reads it. The API sends amounts as roubles with kopecks ("1500.00"); the app
 * counts in kopecks (integers) and writes them «1 500 ₽» (formatRoubles of @kort/contracts), never
 * through a float.
 */

/** "1500.00" → 150000 (0 for what is not an amount, which the API never sends). */
export const kopecksIn = (amount: string): number => kopecksOf(amount) ?? 0;

/** "1500.00" → «1 500 ₽». */
export const roubles = (amount: string): string => formatRoubles(kopecksIn(amount));

/** The priced hours of a day (`prices` of GET /api/get-available-times/) as hour → kopecks; free hours are absent. */
export function hourPrices(prices: readonly HourPrice[] | undefined): ReadonlyMap<number, number> {
  return new Map(
    (prices ?? []).map((price) => [price.hour, kopecksIn(price.amount)] as const).filter(([, k]) => k > 0),
  );
}

/**
 * The club's 'HH:MM' of an instant the API writes with the club's offset ('2026-11-25T18:15:00+03:00'
 * → '18:15'): read off the text, so the phone's zone plays no part. Null for anything else.
 */
export function clubTimeOf(instant: string | undefined): string | null {
  const match = instant === undefined ? null : /T(\d{2}:\d{2})/.exec(instant);
  return match ? match[1]! : null;
}

/**
 * A game's money in one line: «Ждёт оплаты до 18:15», «Оплачено 1 500 ₽», «Возвращено 1 500 ₽»,
 * «Оплачено 1 500 ₽, возвращено 750 ₽».
 */
export function paymentLine(payment: GamePayment): string {
  switch (payment.status) {
    case 'pending':
      return ui.payment.pendingUntil(clubTimeOf(payment.pay_until) ?? '…');
    case 'paid':
      return ui.payment.paid(roubles(payment.paid));
    case 'refunded':
      return ui.payment.refunded(roubles(payment.refunded));
    case 'partially_refunded':
      return ui.payment.partlyRefunded(roubles(payment.paid), roubles(payment.refunded));
  }
}

/**
 * What cancelling a paid game returns now (`refund_if_cancelled`), said before the player confirms:
 * all that is left of the payment, a part of it, or nothing. Null when the API says nothing (nothing
 * was paid).
 */
export function refundLine(payment: GamePayment | undefined): string | null {
  if (payment?.refund_if_cancelled === undefined) return null;
  const back = kopecksIn(payment.refund_if_cancelled);
  const left = kopecksIn(payment.paid) - kopecksIn(payment.refunded);
  if (back === 0) return ui.payment.refundNone;
  if (back < left) return ui.payment.refundPart(formatRoubles(back), formatRoubles(left));
  return ui.payment.refundAll(formatRoubles(back));
}
