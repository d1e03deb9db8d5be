import { messages } from '@kort/contracts';
import { PaymentNotices } from '../../src/payments/payment-notices';
import { PaymentSweep } from '../../src/payments/payment-sweep';
import { PASSWORD } from '../support/accounts';
import type { Client } from '../support/client';
import { startFakeYooKassa, type FakeYooKassa } from '../support/fake-yookassa';
import { nextMail } from '../support/mailbox';
import { cancel, msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { noPrices, priceEveryHour } from '../support/prices';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';

// Paying for a game through YooKassa (docs/decisions/0080-payments.md), against the fake YooKassa
// of scripts/fake-yookassa.mjs: a priced hour is held and paid, a retry is the same payment, a
// forged notification changes nothing, a lost one is made up by the sweep, refunds follow the
// club's rule and receipts carry what 54-FZ asks.

let yookassa: FakeYooKassa;
let api: TestApp;
let admin: Client;
const DAY = '2027-03-10'; // a Wednesday; the clock is three days before it

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  api = await startTestApp(yookassa.env, new TestClock());
  api.clock.set('2027-03-07T09:00:00Z');
  await yookassa.control('notify', { url: `http://127.0.0.1:${portOf(api)}/api/payments/yookassa/` });
  admin = await signedInAdmin(api);
  // Several games a day per player here: the quotas have their own tests.
  for (const [key, value] of [
    ['quota_per_day', '10'],
    ['quota_per_week', '20'],
    ['quota_upcoming', '20'],
  ]) {
    expect((await admin.put(`/api/admin/settings/${key}`, { value })).status).toBe(200);
  }
});
afterAll(async () => {
  await api?.close();
  await yookassa?.close();
});

const portOf = (app: TestApp) => (app.server.address() as { port: number }).port;
const notices = () => api.app.get(PaymentNotices).settled();
const sweep = () => api.app.get(PaymentSweep);

async function player() {
  const [one] = await signedInPlayers(api, 1);
  return one!;
}

/** Books and pays through the fake's checkout: the notification marks the game paid. */
async function paidGame(client: Client, court: number, hour: number) {
  const booked = await order(client, court, msk(DAY, hour));
  expect(booked.status).toBe(200);
  const { id } = booked.body as { id: number };
  const paying = await client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  expect(paying.status).toBe(200);
  const provider = await providerIdOf(id);
  await yookassa.control(`pay/${provider}`, {});
  await notices();
  return { id, provider };
}

async function providerIdOf(bookingId: number): Promise<string> {
  const payments = await yookassa.payments();
  return payments.find((payment) => payment.metadata?.booking_id === String(bookingId))!.id;
}

const myGame = async (client: Client, id: number) =>
  (
    (await client.get('/api/my-orders/')).body as { detail: { id: number; payment?: Record<string, unknown> }[] }
  ).detail.find((game) => game.id === id);

test('a site with no prices answers exactly as before: no prices, no payment, nothing held', async () => {
  await noPrices(admin);
  const { client } = await player();
  const times = await client.get(`/api/get-available-times/?date=${DAY}`);
  expect(Object.keys(times.body as object).sort()).toEqual(['reserved', 'reserved_hours_by_current_user']);
  const status = await client.get(`/api/get_courts_status/?date=${DAY}&hour=9`);
  expect(status.body).toEqual({ busy_courts: [] });
  const booked = await order(client, 1, msk(DAY, 9));
  expect(booked.body).toEqual({ detail: messages.courtBooked, id: expect.any(Number) });
  expect(Object.keys((await myGame(client, (booked.body as { id: number }).id))!)).not.toContain('payment');
});

test('a priced hour: its price is shown, the game is held for its payment, the door waits for it, one tap pays', async () => {
  await priceEveryHour(admin);
  const { client, email } = await player();
  const times = (await client.get(`/api/get-available-times/?date=${DAY}`)).body as { prices: unknown[] };
  expect(times.prices).toContainEqual({ hour: 18, amount: '1500.00' });
  const status = await client.get(`/api/get_courts_status/?date=${DAY}&hour=18`);
  expect((status.body as { prices: unknown }).prices).toEqual([
    { id_cort: 1, amount: '1500.00' },
    { id_cort: 2, amount: '1500.00' },
  ]);

  const booked = await order(client, 2, msk(DAY, 18));
  expect(booked.status).toBe(200);
  const { id, payment } = booked.body as { id: number; payment: Record<string, unknown> };
  expect(payment).toEqual({
    booking_id: id,
    amount: '1500.00',
    currency: 'RUB',
    pay_until: '2027-03-07T12:15:00.000+03:00',
  });
  expect((await myGame(client, id))?.payment).toEqual({
    status: 'pending',
    amount: '1500.00',
    pay_until: '2027-03-07T12:15:00.000+03:00',
    paid: '0.00',
    refunded: '0.00',
  });

  // A double tap and a retry: one payment at YooKassa, the same answer.
  const [first, second] = await Promise.all([
    client.post('/api/payments/', { booking_id: id, method: 'bank_card' }),
    client.post('/api/payments/', { booking_id: id, method: 'bank_card' }),
  ]);
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(second.body).toEqual(first.body);
  expect((first.body as { confirmation_url: string }).confirmation_url).toMatch(/\/checkout\//);
  const mine = (await yookassa.payments()).filter((p) => p.metadata?.booking_id === String(id));
  expect(mine).toHaveLength(1);
  // 54-FZ: the prepayment receipt rides with the payment.
  expect(mine[0]!._request.receipt).toEqual({
    customer: { email },
    items: [
      {
        description: 'Аренда корта 2, 10 марта 2027, 18:00',
        quantity: '1.00',
        amount: { value: '1500.00', currency: 'RUB' },
        vat_code: 1,
        payment_subject: 'service',
        payment_mode: 'full_prepayment',
      },
    ],
  });

  await yookassa.control(`pay/${mine[0]!.id}`, {});
  await notices();
  expect((await myGame(client, id))?.payment).toEqual({
    status: 'paid',
    amount: '1500.00',
    paid: '1500.00',
    refunded: '0.00',
    refund_if_cancelled: '1500.00',
  });
  const again = await client.post('/api/payments/', { booking_id: id, method: 'sbp' });
  expect([again.status, (again.body as { code: string }).code]).toEqual([409, 'payment.already_paid']);
});

test('an unpaid game does not open the door', async () => {
  await priceEveryHour(admin);
  const { client } = await player();
  api.clock.set('2027-03-10T14:50:00Z'); // 17:50 in Moscow, the door window of an 18:00 game
  try {
    const booked = await order(client, 1, msk(DAY, 18));
    const { id } = booked.body as { id: number };
    const door = await client.act(`/api/send/${id}/`);
    expect([door.status, (door.body as { detail: string }).detail]).toEqual([402, messages.doorNotPaid]);
  } finally {
    api.clock.set('2027-03-07T09:00:00Z');
  }
});

test('fifty pay calls for one game at once make one payment at YooKassa', async () => {
  await priceEveryHour(admin);
  const { client } = await player();
  const { id } = (await order(client, 1, msk(DAY, 20))).body as { id: number };
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => client.post('/api/payments/', { booking_id: id, method: 'sbp' })),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
  expect(new Set(answers.map((answer) => (answer.body as { payment_id: number }).payment_id)).size).toBe(1);
  expect((await yookassa.payments()).filter((p) => p.metadata?.booking_id === String(id))).toHaveLength(1);
});

test("someone else's game cannot be paid; a free game is not due", async () => {
  await priceEveryHour(admin);
  const [owner, stranger] = await signedInPlayers(api, 2);
  const { id } = (await order(owner!.client, 1, msk(DAY, 21))).body as { id: number };
  const theirs = await stranger!.client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  expect([theirs.status, (theirs.body as { detail: string }).detail]).toEqual([404, messages.gameNotFound]);
  await noPrices(admin);
  const free = (await order(owner!.client, 2, msk(DAY, 21))).body as { id: number };
  const notDue = await owner!.client.post('/api/payments/', { booking_id: free.id, method: 'bank_card' });
  expect([notDue.status, (notDue.body as { detail: string }).detail]).toEqual([404, messages.gameNotFound]);
});

test('a forged notification changes nothing: a foreign address is refused, a re-read that says pending leaves it pending', async () => {
  await priceEveryHour(admin);
  const { client } = await player();
  const { id } = (await order(client, 1, msk(DAY, 7))).body as { id: number };
  await client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  const provider = await providerIdOf(id);
  const forged = {
    type: 'notification',
    event: 'payment.succeeded',
    object: { id: provider, status: 'succeeded', paid: true },
  };

  // Behind the trusted proxy (loopback), the client is the rightmost untrusted address, never the first entry.
  const foreign = await api
    .client()
    .post('/api/payments/yookassa/', forged, { headers: { 'x-forwarded-for': '185.71.76.1, 203.0.113.9' } });
  expect([foreign.status, (foreign.body as { code: string }).code]).toEqual([403, 'payment.notify_refused']);

  const local = await api.client().post('/api/payments/yookassa/', forged);
  expect(local.status).toBe(200);
  await notices();
  expect((await myGame(client, id))?.payment).toMatchObject({ status: 'pending' });
  // One for a payment Kort never made is ignored.
  const unknown = await api.client().post('/api/payments/yookassa/', { ...forged, object: { id: 'not-ours-123' } });
  expect(unknown.status).toBe(200);
});

test('a lost notification loses nothing: the sweep reads the payment back and the game is paid', async () => {
  await priceEveryHour(admin);
  const { client } = await player();
  const { id } = (await order(client, 2, msk(DAY, 8))).body as { id: number };
  await client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  await yookassa.control('notify', { lose: true });
  try {
    await yookassa.control(`pay/${await providerIdOf(id)}`, {});
  } finally {
    await yookassa.control('notify', { lose: false });
  }
  expect((await myGame(client, id))?.payment).toMatchObject({ status: 'pending' });
  expect(await sweep().reconcile(0)).toBeGreaterThanOrEqual(1);
  expect((await myGame(client, id))?.payment).toMatchObject({ status: 'paid', paid: '1500.00' });
});

test('a hold that runs out releases the game and tells the player; a payment after it books the hour again if free, else refunds it', async () => {
  await priceEveryHour(admin);
  const [late, another] = await signedInPlayers(api, 2);
  const free = (await order(late!.client, 1, msk(DAY, 10))).body as { id: number };
  const taken = (await order(late!.client, 1, msk(DAY, 11))).body as { id: number };
  for (const id of [free.id, taken.id])
    await late!.client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  api.clock.advance(16 * 60_000);
  try {
    expect(await sweep().releaseExpired()).toBeGreaterThanOrEqual(2);
    expect(await myGame(late!.client, free.id)).toBeUndefined();
    expect((await nextMail(late!.email)).subject).toBe('Игра снята: не оплачена вовремя');
    const expired = await late!.client.post('/api/payments/', { booking_id: free.id, method: 'sbp' });
    expect((expired.body as { code: string }).code).toBe('payment.hold_expired');
    // Someone else books the 11:00 court meanwhile.
    await noPrices(admin);
    expect((await order(another!.client, 1, msk(DAY, 11))).status).toBe(200);

    await yookassa.control(`pay/${await providerIdOf(free.id)}`, {});
    await yookassa.control(`pay/${await providerIdOf(taken.id)}`, {});
    await notices();
    const games = (
      (await late!.client.get('/api/my-orders/')).body as { detail: { time: string; payment?: { status: string } }[] }
    ).detail;
    expect(games.map((game) => [game.time, game.payment?.status])).toEqual([['10:00', 'paid']]);
    await waitFor(async () => (await refundsOf(await providerIdOf(taken.id))).length === 1);
    expect(await refundsOf(await providerIdOf(taken.id))).toEqual(['1500.00']);
  } finally {
    api.clock.set('2027-03-07T09:00:00Z');
  }
});

test("refunds follow the club's rule: ahead of the window all of it, later the percent, the club's cancellation all of it", async () => {
  await priceEveryHour(admin);
  const { client, email } = await player();
  const ahead = await paidGame(client, 1, 12);
  expect((await myGame(client, ahead.id))?.payment).toMatchObject({ refund_if_cancelled: '1500.00' });
  expect((await cancel(client, 1, msk(DAY, 12))).status).toBe(200);
  await waitFor(async () => (await refundsOf(ahead.provider)).length === 1);
  expect(await refundsOf(ahead.provider)).toEqual(['1500.00']);
  expect((await nextMail(email)).subject).toBe('Возвращено 1\u00a0500\u00a0₽');

  // Later than refund_full_before_hours: refund_late_percent of it.
  await admin.put('/api/admin/settings/refund_late_percent', { value: '50' });
  const late = await paidGame(client, 2, 13);
  api.clock.set('2027-03-10T06:00:00Z'); // 09:00 Moscow, four hours before
  try {
    expect((await myGame(client, late.id))?.payment).toMatchObject({ refund_if_cancelled: '750.00' });
    expect((await cancel(client, 2, msk(DAY, 13))).status).toBe(200);
    await waitFor(async () => (await refundsOf(late.provider)).length === 1);
    expect(await refundsOf(late.provider)).toEqual(['750.00']);
  } finally {
    api.clock.set('2027-03-07T09:00:00Z');
    await admin.put('/api/admin/settings/refund_late_percent', { value: '0' });
  }

  // The club cancels (an admin): all of it, whatever the window.
  const club = await paidGame(client, 1, 14);
  expect((await admin.delete(`/api/admin/bookings/${club.id}`)).status).toBe(200);
  await waitFor(async () => (await refundsOf(club.provider)).length === 1);
  expect(await refundsOf(club.provider)).toEqual(['1500.00']);
});

test('once the hour begins, a paid game gets its settlement receipt, once', async () => {
  await priceEveryHour(admin);
  const { client, email } = await player();
  const game = await paidGame(client, 2, 15);
  api.clock.set('2027-03-10T12:00:30Z'); // 15:00:30 Moscow
  try {
    expect(await sweep().settle()).toBeGreaterThanOrEqual(1);
    await sweep().settle();
    // The prepayment receipt was registered with the payment; the settlement one is a receipt of its own.
    const receipts = (
      await yookassa.control<{ payment_id: string; _request: { settlements?: unknown[] } }[]>('receipts')
    ).filter((receipt) => receipt.payment_id === game.provider && receipt._request.settlements);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!._request).toMatchObject({
      type: 'payment',
      customer: { email },
      settlements: [{ type: 'prepayment', amount: { value: '1500.00', currency: 'RUB' } }],
      items: [{ description: 'Аренда корта 2, 10 марта 2027, 15:00', payment_mode: 'full_payment', vat_code: 1 }],
    });
  } finally {
    api.clock.set('2027-03-07T09:00:00Z');
  }
});

test('an answer lost between YooKassa and the API: after a restart the same tap reaches the same payment', async () => {
  await priceEveryHour(admin);
  const { client, email } = await player();
  const { id } = (await order(client, 2, msk(DAY, 16))).body as { id: number };
  // YooKassa makes the payment, and every answer is lost on the way back.
  await yookassa.control('faults', { fail: { count: 10, after: true, drop: true, path: 'POST /v3/payments' } });
  const lost = await client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  await yookassa.control('faults', {});
  expect([lost.status, (lost.body as { code: string }).code]).toEqual([503, 'payment.unavailable']);
  // A new API process (the first one gone) on the same database and shop: the player taps again.
  const restarted = await startTestApp(yookassa.env, api.clock);
  try {
    const again = restarted.client();
    expect((await again.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
    const retried = await again.post('/api/payments/', { booking_id: id, method: 'bank_card' });
    expect(retried.status).toBe(200);
    expect((await yookassa.payments()).filter((p) => p.metadata?.booking_id === String(id))).toHaveLength(1);
  } finally {
    await restarted.close();
  }
});

async function refundsOf(provider: string): Promise<string[]> {
  const refunds = await yookassa.control<{ payment_id: string; amount: { value: string } }[]>('refunds');
  return refunds.filter((refund) => refund.payment_id === provider).map((refund) => refund.amount.value);
}

test('a court freed on a priced hour is offered to the first in line, who pays for it within the offer’s hold', async () => {
  await priceEveryHour(admin);
  const [holder, waiting] = await signedInPlayers(api, 2);
  const [other] = await signedInPlayers(api, 1);
  for (const [who, court] of [
    [holder!, 1],
    [other!, 2],
  ] as const) {
    await paidGame(who.client, court, 22);
  }
  const joined = await waiting!.client.post('/api/waitlist/', { time_start: msk(DAY, 22) });
  expect(joined.status).toBe(200);
  expect((await cancel(holder!.client, 1, msk(DAY, 22))).status).toBe(200);
  const offered = async () =>
    ((await waiting!.client.get('/api/waitlist/')).body as { detail: { state: string; hold_until: string }[] })
      .detail[0];
  await waitFor(async () => (await offered())?.state === 'offered');
  const { hold_until } = (await offered())!;
  const confirmed = await waiting!.client.post(`/api/waitlist/${(joined.body as { id: number }).id}/confirm/`);
  expect(confirmed.status).toBe(200);
  const id = (confirmed.body as { id: number }).id;
  expect((await myGame(waiting!.client, id))?.payment).toMatchObject({
    status: 'pending',
    amount: '1500.00',
    pay_until: hold_until,
  });
  expect((await waiting!.client.post('/api/payments/', { booking_id: id, method: 'sbp' })).status).toBe(200);
  await yookassa.control(`pay/${await providerIdOf(id)}`, {});
  await notices();
  expect((await myGame(waiting!.client, id))?.payment).toMatchObject({ status: 'paid' });
});
