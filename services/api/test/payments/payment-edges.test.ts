import { messages } from '@kort/contracts';
import { PaymentNotices } from '../../src/payments/payment-notices';
import { PaymentSweep } from '../../src/payments/payment-sweep';
import type { Client } from '../support/client';
import { startFakeYooKassa, type FakeYooKassa } from '../support/fake-yookassa';
import { cancel, msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';

// Where money and a game could part ways (docs/decisions/0080-payments.md, 0082-receipts.md): a
// payment made in time whose notification never came keeps its game; YooKassa's refusal ends an
// attempt with a reason; what the club keeps after a late cancellation gets its settlement receipt.

let yookassa: FakeYooKassa;
let api: TestApp;
let admin: Client;
const DAY = '2027-05-12';
const START = '2027-05-09T09:00:00Z';

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  api = await startTestApp(yookassa.env, new TestClock());
  api.clock.set(START);
  await yookassa.control('notify', {
    url: `http://127.0.0.1:${(api.server.address() as { port: number }).port}/api/payments/yookassa/`,
  });
  admin = await signedInAdmin(api);
  const made = await admin.post('/api/admin/prices', {
    name: 'Весь день',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    from_hour: 6,
    to_hour: 24,
    amount: '1500',
  });
  expect(made.status).toBe(201);
});
afterAll(async () => {
  await api?.close();
  await yookassa?.close();
});

const providerOf = async (bookingId: number) =>
  (await yookassa.payments()).filter((payment) => payment.metadata?.booking_id === String(bookingId));

async function heldGame(court: number, hour: number) {
  const [player] = await signedInPlayers(api, 1);
  const booked = await order(player!.client, court, msk(DAY, hour));
  expect(booked.status).toBe(200);
  return { player: player!, id: (booked.body as { id: number }).id };
}

test('paid in time, its notification lost: the hold’s end asks YooKassa first and the game stays, paid', async () => {
  const { player, id } = await heldGame(1, 9);
  await player.client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  await yookassa.control('notify', { lose: true });
  try {
    await yookassa.control(`pay/${(await providerOf(id))[0]!.id}`, {});
  } finally {
    await yookassa.control('notify', { lose: false });
  }
  api.clock.advance(16 * 60_000);
  try {
    await api.app.get(PaymentSweep).releaseExpired();
    const games = (await player.client.get('/api/my-orders/')).body as { detail: { id: number; payment?: unknown }[] };
    expect(games.detail.find((game) => game.id === id)?.payment).toMatchObject({ status: 'paid' });
  } finally {
    api.clock.set(START);
  }
});

test('a payment YooKassa refuses ends that attempt with a reason; the next tap is a new payment', async () => {
  const { player, id } = await heldGame(2, 10);
  await yookassa.control('faults', { fail: { count: 1, status: 400, path: 'POST /v3/payments' } });
  const refused = await player.client.post('/api/payments/', { booking_id: id, method: 'sbp' });
  await yookassa.control('faults', {});
  expect([refused.status, (refused.body as { detail: string }).detail]).toEqual([422, messages.paymentRefused]);
  const again = await player.client.post('/api/payments/', { booking_id: id, method: 'sbp' });
  expect(again.status).toBe(200);
  const keys = await api.db.query<{ attempt: number; status: string }[]>(
    `SELECT attempt, status FROM payments WHERE booking_id = $1 ORDER BY attempt`,
    [id],
  );
  expect(keys).toEqual([
    { attempt: 1, status: 'canceled' },
    { attempt: 2, status: 'pending' },
  ]);
});

test('a declined payment gives way: the same method tapped again is a new attempt, not the dead page', async () => {
  const { player, id } = await heldGame(1, 11);
  const first = (await player.client.post('/api/payments/', { booking_id: id, method: 'bank_card' })).body as {
    payment_id: number;
  };
  await yookassa.control('notify', { lose: true });
  try {
    await yookassa.control(`decline/${(await providerOf(id))[0]!.id}`, {});
  } finally {
    await yookassa.control('notify', { lose: false });
  }
  const second = (await player.client.post('/api/payments/', { booking_id: id, method: 'bank_card' })).body as {
    payment_id: number;
    status: string;
  };
  expect(second.payment_id).not.toBe(first.payment_id);
  expect(second.status).toBe('pending');
  expect((await providerOf(id)).map((payment) => payment.status)).toEqual(['canceled', 'pending']);
});

test('an id beyond the database’s integers is a 400 with the reason, never a 500', async () => {
  const [player] = await signedInPlayers(api, 1);
  const answer = await player!.client.post('/api/payments/', { booking_id: 3_000_000_000, method: 'sbp' });
  expect([answer.status, (answer.body as { detail: string }).detail]).toEqual([400, messages.paymentGame]);
});

test('a late cancellation keeps the money by the club’s rule: the kept amount gets its settlement receipt', async () => {
  const { player, id } = await heldGame(2, 12);
  await player.client.post('/api/payments/', { booking_id: id, method: 'bank_card' });
  const [payment] = await providerOf(id);
  await yookassa.control(`pay/${payment!.id}`, {});
  await api.app.get(PaymentNotices).settled();
  api.clock.set('2027-05-12T06:00:00Z'); // 09:00 in Moscow: three hours before, under refund_full_before_hours
  try {
    expect((await cancel(player.client, 2, msk(DAY, 12))).status).toBe(200);
    await waitFor(async () => {
      const [row] = await api.db.query<{ refund_decided_at: Date | null }[]>(
        `SELECT refund_decided_at FROM game_payments WHERE booking_id = $1`,
        [id],
      );
      return Boolean(row?.refund_decided_at);
    });
    expect(
      await api.db.query(`SELECT 1 FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.booking_id = $1`, [
        id,
      ]),
    ).toEqual([]);
    expect(await api.app.get(PaymentSweep).settle()).toBeGreaterThanOrEqual(1);
    const receipts = (
      await yookassa.control<{ payment_id: string; _request: { settlements?: { amount: { value: string } }[] } }[]>(
        'receipts',
      )
    ).filter((receipt) => receipt.payment_id === payment!.id && receipt._request.settlements);
    expect(receipts.map((receipt) => receipt._request.settlements![0]!.amount.value)).toEqual(['1500.00']);
  } finally {
    api.clock.set(START);
  }
});
