import { formatRoubles, kopecksOf } from '@kort/contracts';
import type { Notice } from './notices';

export type PaymentNotice = Extract<Notice, { type: 'payment' }>;

/**
 * What the club tells a player of their money, the same words on every channel: the game let go for
 * want of payment, a refund made, a late payment that still got the game.
 */
export function paymentNoticeText(notice: PaymentNotice, when: string, court: string): { title: string; body: string } {
  const amount = notice.amount ? formatRoubles(kopecksOf(notice.amount) ?? 0) : '';
  switch (notice.event) {
    case 'released':
      return {
        title: 'Игра снята: не оплачена вовремя',
        body: `Игра ${when}, ${court}, не была оплачена за отведённое время, и корт освобождён. Если хотите играть, забронируйте час снова.`,
      };
    case 'refunded':
      return {
        title: `Возвращено ${amount}`,
        body: `Возвращено ${amount} за игру ${when}, ${court}. Деньги придут на карту или счёт в течение нескольких дней, чек — на почту.`,
      };
    case 'late-booked':
      return {
        title: 'Оплата получена — игра ваша',
        body: `Оплата пришла после конца брони, но корт был свободен: игра ${when}, ${court}, снова ваша.`,
      };
  }
}
