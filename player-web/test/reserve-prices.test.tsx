import { BookingError, messages, PaymentError } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { paymentPage } from '../src/lib/payments';
import { fail, type Answer } from './support/fake-server';
import { chooseDay, renderReserve, router, server } from './support/reserve-screen';

// /reserve at a club with prices (GET /api/get-available-times/ and GET /api/get_courts_status/ send
// `prices`), and the payment step after a priced booking. The club's clock: Monday 23 November 2026,
// 12:00 in Moscow.
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The 25th: 18:00-20:00 cost 1 500 ₽ at least, 21:00 2 000,50 ₽; 19:00 is taken; the rest free. */
const pricedDay: Answer = {
  status: 200,
  body: {
    reserved: [19],
    reserved_hours_by_current_user: [],
    prices: [
      { hour: 18, amount: '1500.00' },
      { hour: 19, amount: '1500.00' },
      { hour: 20, amount: '1500.00' },
      { hour: 21, amount: '2000.50' },
    ],
  },
};
const courtsAt = (prices: { id_cort: number; amount: string }[]): Answer => ({
  status: 200,
  body: { busy_courts: [], prices },
});
/** The hold of a booked game: 15 minutes from the club's now. */
const held = { booking_id: 501, amount: '1500.00', currency: 'RUB', pay_until: '2026-11-23T12:15:00+03:00' };
const bookedAndHeld: Answer = {
  status: 200,
  body: { detail: messages.courtBooked, id: 501, payment: held },
};

const segment = (hour: number) => document.querySelector<SVGGElement>(`.time-dial-segment[data-hour="${hour}"]`)!;
const hourRow = (range: string) =>
  within(screen.getByRole('region', { name: 'Часы списком' }))
    .getByText(range)
    .closest('.hour-list-item')!;

async function toSummary(court: RegExp) {
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('radio', { name: /^18:00, свободно/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.click(await screen.findByRole('button', { name: court }));
  expect(await screen.findByRole('heading', { name: 'Проверьте бронирование' })).toBeTruthy();
}

test('a priced free hour shows its price on the dial and in the list, and says it with its name; free and taken hours show none', async () => {
  renderReserve({ 'GET /api/get-available-times/': pricedDay });
  await chooseDay('25 ноября 2026');
  expect(screen.getByRole('radio', { name: '18:00, свободно, 1\u00a0500\u00a0₽' })).toBeTruthy();
  expect(screen.getByRole('radio', { name: '21:00, свободно, 2\u00a0000,50\u00a0₽' })).toBeTruthy();
  expect(screen.getByRole('radio', { name: '17:00, свободно' })).toBeTruthy();
  expect(segment(18).querySelector('.time-dial-price')?.textContent).toBe('1\u00a0500\u00a0₽');
  expect(segment(17).querySelector('.time-dial-price')).toBeNull();
  // Taken: no court is free, so no price (even though the API listed one).
  expect(segment(19).querySelector('.time-dial-price')).toBeNull();

  expect(hourRow('18:00–19:00').textContent).toBe('18:00–19:00, свободно, 1\u00a0500\u00a0₽');
  expect(hourRow('17:00–18:00').textContent).toBe('17:00–18:00, свободно');
  expect(hourRow('19:00–20:00').textContent).not.toContain('₽');
  expect(screen.getByRole('button', { name: '18:00–19:00, свободно, 1\u00a0500\u00a0₽' })).toBeTruthy();
});

test('courts that cost differently each show their price (a free one «бесплатно»); the summary shows «К оплате»', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([
      { id_cort: 1, amount: '0.00' },
      { id_cort: 2, amount: '1500.00' },
    ]),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect((await screen.findByRole('button', { name: /^Корт 1/ })).textContent).toBe('Корт 1 — бесплатно');
  expect(screen.getByRole('button', { name: /^Корт 2/ }).textContent).toBe('Корт 2 — 1\u00a0500\u00a0₽');
  expect(screen.queryByText(/^Стоимость/)).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: /^Корт 2/ }));
  await screen.findByRole('heading', { name: 'Проверьте бронирование' });
  const summary = [...document.querySelectorAll('.booking-summary dt, .booking-summary dd')].map(
    (cell) => cell.textContent,
  );
  expect(summary.slice(-2)).toEqual(['К оплате', '1\u00a0500\u00a0₽']);
  expect(screen.getByText(/После подтверждения игру нужно будет оплатить/)).toBeTruthy();
});

test('courts that cost the same: one price under the hour, none on the buttons; a free court asks nothing to pay', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([
      { id_cort: 1, amount: '1500.00' },
      { id_cort: 2, amount: '1500.00' },
    ]),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(await screen.findByText('Стоимость: 1 500 ₽')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Корт 1' }).textContent).toBe('Корт 1');

  server.answer(
    'GET /api/get_courts_status/',
    courtsAt([
      { id_cort: 1, amount: '0.00' },
      { id_cort: 2, amount: '0.00' },
    ]),
  );
  await act(() => router.navigate('/reserve?date=2026-11-25&hour=20&court=1'));
  expect(await screen.findByText('20:00–21:00')).toBeTruthy();
  expect(server.callsTo('GET /api/get_courts_status/').at(-1)?.query.get('hour')).toBe('20');
  const summary = document.querySelector('.booking-summary');
  expect(summary?.textContent).toContain('Корт 1');
  expect(summary?.textContent).not.toContain('К оплате');
  expect(screen.queryByText(/После подтверждения/)).toBeNull();
});

test('a taken court shows no price: the open ones alone say what the hour costs', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': {
      status: 200,
      body: {
        busy_courts: [1],
        prices: [
          { id_cort: 1, amount: '1500.00' },
          { id_cort: 2, amount: '1800.00' },
        ],
      },
    },
  });
  await chooseDay('25 ноября 2026');
  await userEvent.click(screen.getByRole('radio', { name: /^18:00, свободно/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByText('Стоимость: 1 800 ₽')).toBeTruthy();
  expect(screen.getByRole('button', { name: /^Корт 1/ }).textContent).toBe('Корт 1 — занят');
  expect(screen.getByRole('button', { name: 'Корт 2' }).textContent).toBe('Корт 2');
});

test('a club without prices shows no price anywhere: dial, list, courts, summary', async () => {
  renderReserve({
    'GET /api/get-available-times/': { status: 200, body: { reserved: [19], reserved_hours_by_current_user: [] } },
    'GET /api/get_courts_status/': { status: 200, body: { busy_courts: [] } },
  });
  await chooseDay('25 ноября 2026');
  expect(document.body.textContent).not.toMatch(/₽|оплат/i);
  expect(document.querySelector('.time-dial-price, .hour-list-price')).toBeNull();
  expect(screen.getAllByRole('radio').some((radio) => radio.getAttribute('aria-label')?.includes('₽'))).toBe(false);
  await userEvent.click(screen.getByRole('radio', { name: '18:00, свободно' }));
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByRole('button', { name: 'Корт 2' })).toBeTruthy();
  expect(document.body.textContent).not.toMatch(/₽|Стоимость|бесплатно/);
  await userEvent.click(screen.getByRole('button', { name: 'Корт 2' }));
  await screen.findByRole('heading', { name: 'Проверьте бронирование' });
  expect(document.body.textContent).not.toMatch(/₽|оплат/i);
});

test('a priced booking shows the payment step: amount, countdown, two ways; a card payment goes to its page', async () => {
  const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  let answer: (reply: { status: number; body: unknown }) => void = () => undefined;
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([
      { id_cort: 1, amount: '1500.00' },
      { id_cort: 2, amount: '1500.00' },
    ]),
    'POST /api/order-court/2/': bookedAndHeld,
    'POST /api/payments/': () => new Promise((resolve) => (answer = resolve)),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));

  expect(await screen.findByRole('heading', { name: 'Оплата игры' })).toBeTruthy();
  expect(screen.getByText('ср, 25 ноября, 18:00–19:00, Корт 2', { exact: false })).toBeTruthy();
  expect(screen.getByText('1 500 ₽')).toBeTruthy();
  expect(screen.getByText(/^Игра ждёт оплаты ещё 1[45]:\d\d$/)).toBeTruthy();
  expect(screen.getByText('Оплатить можно и позже в «Моих играх» — до 12:15.')).toBeTruthy();
  // No «Корт забронирован» and no leaving for My games: the game is not the player's until paid.
  expect(screen.queryByText(messages.courtBooked)).toBeNull();
  expect(router.state.location.pathname).toBe('/reserve');

  const card = screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить картой' });
  const sbp = screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить через СБП' });
  await userEvent.click(card);
  // Both wait while the call is on its way.
  await waitFor(() => expect(sbp.disabled).toBe(true));
  expect(card.disabled).toBe(true);
  expect(screen.getByText('Открываем страницу оплаты…')).toBeTruthy();
  answer({
    status: 200,
    body: {
      payment_id: 9,
      confirmation_url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=2f',
      status: 'pending',
    },
  });
  await waitFor(() =>
    expect(open).toHaveBeenCalledWith('https://yoomoney.ru/checkout/payments/v2/contract?orderId=2f'),
  );
  expect(server.callsTo('POST /api/payments/').map((call) => call.body)).toEqual([
    { booking_id: 501, method: 'bank_card' },
  ]);
});

test('SBP sends method sbp; a refusal shows the API detail and the buttons come back', async () => {
  const open = vi.spyOn(paymentPage, 'open').mockImplementation(() => undefined);
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([{ id_cort: 2, amount: '1500.00' }]),
    'POST /api/order-court/2/': bookedAndHeld,
    'POST /api/payments/': fail(503, messages.paymentUnavailable, PaymentError.Unavailable),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Оплатить через СБП' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.paymentUnavailable);
  expect(server.callsTo('POST /api/payments/').map((call) => call.body)).toEqual([{ booking_id: 501, method: 'sbp' }]);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить через СБП' }).disabled).toBe(false);
  expect(open).not.toHaveBeenCalled();
});

test('a hold that ran out (410) says so, the ways to pay are off, and the way out leads to My games', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([{ id_cort: 2, amount: '1500.00' }]),
    'POST /api/order-court/2/': bookedAndHeld,
    'POST /api/payments/': fail(410, messages.paymentHoldExpired, PaymentError.HoldExpired),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Оплатить картой' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.paymentHoldExpired);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить картой' }).disabled).toBe(true);
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Оплатить через СБП' }).disabled).toBe(true);
  await userEvent.click(screen.getByRole('button', { name: 'К моим играм' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
});

test('«Оплатить позже» leaves for My games without a payment', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([{ id_cort: 2, amount: '1500.00' }]),
    'POST /api/order-court/2/': bookedAndHeld,
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Оплатить позже' }));
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
  expect(server.callsTo('POST /api/payments/')).toEqual([]);
});

test('a refused booking at a priced club is handled as before (no payment step)', async () => {
  renderReserve({
    'GET /api/get-available-times/': pricedDay,
    'GET /api/get_courts_status/': courtsAt([{ id_cort: 2, amount: '1500.00' }]),
    'POST /api/order-court/2/': fail(418, "I'm a teapot", BookingError.QuotaReached),
  });
  await toSummary(/^Корт 2/);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить бронирование' }));
  expect(await screen.findByText('Ограничение по количеству бронирований')).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Оплата игры' })).toBeNull();
});
