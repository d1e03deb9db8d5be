import type { GamePayment } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { paymentPage } from '../src/lib/payments';
import { ok } from './support/fake-server';
import { button, game, renderGame, tonight, useGameScreen } from './support/game-screen';

// The game's card of a priced game: its money, «Оплатить» while it waits for its payment, and what a
// cancellation returns, said before the player confirms. 12:00 at the club, the game at 18:00.
useGameScreen();

const paid: GamePayment = {
  status: 'paid',
  amount: '1500.00',
  paid: '1500.00',
  refunded: '0.00',
  refund_if_cancelled: '1500.00',
};
const waiting: GamePayment = {
  status: 'pending',
  amount: '1500.00',
  pay_until: '2026-11-23T12:15:00+03:00',
  paid: '0.00',
  refunded: '0.00',
};

const cardText = () => screen.getByRole('article', { name: 'Карточка игры' }).textContent;

async function cancelQuestion(payment?: GamePayment) {
  renderGame({}, { ...tonight, ...(payment ? { payment } : {}) });
  await userEvent.click(button('Отменить игру'));
  return within(screen.getByRole('dialog', { name: 'Точно хотите отменить игру?' }));
}

test('a game waiting for its payment: «Ждёт оплаты до 12:15», and «Оплатить» first, the door after it', () => {
  renderGame({}, { ...tonight, payment: waiting });
  expect(cardText()).toContain('Ждёт оплаты до 12:15');
  const buttons = within(document.querySelector<HTMLElement>('.game-controls .actions')!).getAllByRole('button');
  expect(buttons.map((entry) => entry.textContent)).toEqual(['Оплатить', 'Открыть дверь', 'Отменить игру', 'Назад']);
  expect(buttons[0]?.className).toBe('primary');
  expect(buttons[1]?.className).toBe('');
});

test('«Оплатить» asks how to pay, with the hold; a card payment goes to its page', async () => {
  const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  renderGame({ 'POST /api/payments/': ok(null) }, { ...tonight, payment: waiting });
  game.server.answer('POST /api/payments/', {
    status: 200,
    body: {
      payment_id: 12,
      confirmation_url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=41',
      status: 'pending',
    },
  });
  await userEvent.click(button('Оплатить'));
  const dialog = within(screen.getByRole('dialog', { name: 'Оплата игры' }));
  expect(dialog.getByText('пн, 23 ноября, 18:00, корт 2')).toBeTruthy();
  expect(dialog.getByText('1 500 ₽')).toBeTruthy();
  expect(dialog.getByText('Игра ждёт оплаты ещё 15:00')).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Оплатить картой' }));
  await waitFor(() =>
    expect(open).toHaveBeenCalledWith('https://yoomoney.ru/checkout/payments/v2/contract?orderId=41'),
  );
  expect(game.server.callsTo('POST /api/payments/').map((call) => call.body)).toEqual([
    { booking_id: 41, method: 'bank_card' },
  ]);
});

test('the card says what was paid and what came back; a paid game has no «Оплатить»', () => {
  renderGame({}, { ...tonight, payment: paid });
  expect(cardText()).toContain('Оплачено 1\u00a0500\u00a0₽');
  expect(screen.queryByRole('button', { name: 'Оплатить' })).toBeNull();
});

test('cancelling a paid game says first that the whole amount comes back', async () => {
  const question = await cancelQuestion(paid);
  expect(question.getByText('Вернём 1 500 ₽ тем же способом, которым вы платили.')).toBeTruthy();
});

test('too late for a refund: the question says the money will not come back, by the club’s rule', async () => {
  const question = await cancelQuestion({ ...paid, refund_if_cancelled: '0.00' });
  expect(
    question.getByText('По правилам клуба деньги не вернутся: до игры осталось слишком мало времени.'),
  ).toBeTruthy();
  expect(question.queryByText(/Вернём/)).toBeNull();
});

test('a late cancellation that returns a part says how much of what was paid', async () => {
  const question = await cancelQuestion({ ...paid, refund_if_cancelled: '750.00' });
  expect(
    question.getByText('Вернём 750 ₽ из 1 500 ₽: по правилам клуба при поздней отмене возвращается только часть.'),
  ).toBeTruthy();
});

test('a free game is cancelled with no word of money', async () => {
  const question = await cancelQuestion();
  expect(question.queryByText(/Вернём|деньги/)).toBeNull();
});

test('a game not paid yet (no refund_if_cancelled) is cancelled with no word of money either', async () => {
  const question = await cancelQuestion(waiting);
  expect(question.queryByText(/Вернём|деньги/)).toBeNull();
});
