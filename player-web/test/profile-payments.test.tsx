import { messages, PaymentError, type GamePayment } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { paymentPage } from '../src/lib/payments';
import { fail, ok } from './support/fake-server';
import { clubClock, currentAddress, game, limits, loaded, profileScreen } from './support/profile-screen';

// My games at a club that charges: each game's money, «Оплатить», and the way back from the payment
// page (/profile?payment=<id>).
const screens = profileScreen();
const renderProfile = screens.renderProfile;

const pending = (changes: Partial<GamePayment> = {}): GamePayment => ({
  status: 'pending',
  amount: '1500.00',
  pay_until: '2026-11-23T18:15:00+03:00',
  paid: '0.00',
  refunded: '0.00',
  ...changes,
});
const paid: GamePayment = { status: 'paid', amount: '1500.00', paid: '1500.00', refunded: '0.00' };

const card = (date: string) => screen.getByRole('button', { name: new RegExp(`^[а-я]+, ${date}`) });
const banner = () => document.querySelector('.payment-return');
/** Lets the screen's effects run (waitFor cannot poll the address while setInterval is faked). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

test('each game says where its money is; only a game waiting for its payment has «Оплатить»', async () => {
  renderProfile(
    ok([
      game(1, { payment: pending() }),
      game(2, { payment: paid }),
      game(3, { payment: { ...paid, status: 'refunded', refunded: '1500.00' } }),
      game(4, { payment: { ...paid, status: 'partially_refunded', refunded: '750.00' } }),
      game(5),
      game(6, { status: 'over', payment: pending() }),
    ]),
  );
  await loaded();
  const money = [...document.querySelectorAll('.game')].map(
    (entry) => entry.querySelector('.game-payment')?.textContent,
  );
  expect(money).toEqual([
    'Ждёт оплаты до 18:15',
    'Оплачено 1\u00a0500\u00a0₽',
    'Возвращено 1\u00a0500\u00a0₽',
    'Оплачено 1\u00a0500\u00a0₽, возвращено 750\u00a0₽',
    undefined,
    'Ждёт оплаты до 18:15',
  ]);
  expect(
    screen.getAllByRole('button', { name: /^Оплатить/ }).map((button) => button.getAttribute('aria-label')),
  ).toEqual(['Оплатить игру сб, 21 ноября, 18:00']);
  expect(card('21 ноября').textContent).toBe('сб, 21 ноября18:00Корт 1Ждёт оплаты до 18:15');
  // No payment to check: no banner.
  expect(banner()).toBeNull();
  // The game's card gets the money too.
  await userEvent.click(card('22 ноября'));
  const state = JSON.parse(screen.getByLabelText('Состояние игры').textContent ?? '') as { payment?: GamePayment };
  expect(state.payment).toEqual(paid);
});

test('«Оплатить» asks how to pay: the amount, the hold, card or SBP; SBP goes to its page', async () => {
  const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  const payUntil = new Date(Date.now() + 10 * 60_000).toISOString();
  renderProfile(ok([game(1, { payment: pending({ pay_until: payUntil }) })]), ok(false), limits(false), {
    ...clubClock,
    'POST /api/payments/': ok(null),
  });
  screens.server.answer('POST /api/payments/', {
    status: 200,
    body: { payment_id: 4, confirmation_url: 'https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2', status: 'pending' },
  });
  await loaded();
  await userEvent.click(screen.getByRole('button', { name: 'Оплатить игру сб, 21 ноября, 18:00' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Оплата игры' }));
  expect(dialog.getByText('сб, 21 ноября, 18:00, корт 1')).toBeTruthy();
  expect(dialog.getByText('1 500 ₽')).toBeTruthy();
  expect(dialog.getByText(/^Игра ждёт оплаты ещё (10:00|9:5\d)$/)).toBeTruthy();
  expect(dialog.getByRole('button', { name: 'Оплатить картой' })).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Оплатить через СБП' }));
  await waitFor(() => expect(open).toHaveBeenCalledWith('https://qr.nspk.ru/AS1000670LSS7DN18SJQDNP4B05KLJL2'));
  expect(screens.server.callsTo('POST /api/payments/').map((call) => call.body)).toEqual([
    { booking_id: 1, method: 'sbp' },
  ]);
});

test('«Оплатить позже» closes the dialog; a refusal says the API detail', async () => {
  renderProfile(
    ok([game(1, { payment: pending({ pay_until: new Date(Date.now() + 600_000).toISOString() }) })]),
    ok(false),
    limits(false),
    {
      ...clubClock,
      'POST /api/payments/': fail(409, messages.paymentAlreadyPaid, PaymentError.AlreadyPaid),
    },
  );
  await loaded();
  await userEvent.click(screen.getByRole('button', { name: /^Оплатить игру/ }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Оплата игры' }));
  await userEvent.click(dialog.getByRole('button', { name: 'Оплатить картой' }));
  expect((await dialog.findByRole('alert')).textContent).toBe(messages.paymentAlreadyPaid);
  await userEvent.click(dialog.getByRole('button', { name: 'Оплатить позже' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

// --- Back from the payment page ---

test('back from the payment page: «Проверяем оплату…», my games asked every 2 s until paid, then «Оплачено» and the address drops the game', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([game(3, { payment: pending() })]), ok(false), limits(false), {}, '/profile?payment=3');
  await loaded();
  expect(banner()?.textContent).toBe('Проверяем оплату…Это займёт несколько секунд.');
  expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(1);

  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(2));
  expect(banner()?.textContent).toContain('Проверяем оплату…');
  expect(currentAddress()).toBe('/profile?payment=3');

  screens.server.answer('GET /api/my-orders/', ok([game(3, { payment: paid })]));
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(banner()?.textContent).toBe('Оплаченопн, 23 ноября, 18:00, корт 1 — 1\u00a0500\u00a0₽'));
  expect(banner()?.className).toContain('is-paid');
  expect(card('23 ноября').textContent).toContain('Оплачено 1\u00a0500\u00a0₽');
  await settle();
  expect(currentAddress()).toBe('/profile');
  // Paid: no more asking.
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(3);
  expect(banner()?.textContent).toContain('Оплачено');
});

test('a poll that finds no answer is let go: the list stays and the next poll asks again', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([game(3, { payment: pending() })]), ok(false), limits(false), {}, '/profile?payment=3');
  await loaded();
  screens.server.answer('GET /api/my-orders/', 'offline');
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(2));
  expect(screen.queryByText('Нет соединения, возможно ошибка сети.')).toBeNull();
  expect(banner()?.textContent).toContain('Проверяем оплату…');
  screens.server.answer('GET /api/my-orders/', ok([game(3, { payment: paid })]));
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(banner()?.textContent).toContain('Оплачено'));
});

test('a game gone from my games: a neutral message with what to do', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([game(3, { payment: pending() })]), ok(false), limits(false), {}, '/profile?payment=3');
  await loaded();
  screens.server.answer('GET /api/my-orders/', ok([]));
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(banner()?.textContent).toContain('Игры нет в списке'));
  expect(banner()?.textContent).toContain('Если деньги всё же списались, свяжитесь с клубом.');
  expect(banner()?.className).toContain('is-gone');
  await settle();
  expect(currentAddress()).toBe('/profile');
});

test('still pending after a minute: checking stops, and the banner says what to do', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  renderProfile(ok([game(3, { payment: pending() })]), ok(false), limits(false), {}, '/profile?payment=3&offer=9');
  await loaded();
  await act(() => vi.advanceTimersByTimeAsync(58_000));
  await waitFor(() => expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(30));
  expect(banner()?.textContent).toContain('Проверяем оплату…');
  await act(() => vi.advanceTimersByTimeAsync(2_000));
  await waitFor(() => expect(banner()?.textContent).toContain('Оплата ещё не подтверждена'));
  expect(banner()?.textContent).toContain('нажмите «Оплатить» на карточке игры до 18:15');
  // The other parameters stay; only the payment's is dropped.
  await settle();
  expect(currentAddress()).toBe('/profile?offer=9');
  await act(() => vi.advanceTimersByTimeAsync(10_000));
  expect(screens.server.callsTo('GET /api/my-orders/')).toHaveLength(30);
});
