import { randomUUID } from 'node:crypto';
import { messages } from '@kort/contracts';
import { seedNewSite } from '../../src/database/seed';
import { PaymentNotices } from '../../src/payments/payment-notices';
import { SitesService } from '../../src/sites/sites.service';
import type { Client } from '../support/client';
import { startFakeYooKassa, type FakeYooKassa } from '../support/fake-yookassa';
import { msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';

// The club's side of the money (docs/admin-api.md): the `payments` resource, an admin's refund
// (never above what is left, logged), the revenue report, and what a player paid on their record.

let yookassa: FakeYooKassa;
let api: TestApp;
let owner: Client;
const DAY = '2027-04-14';
const B = `pay-b-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  api = await startTestApp(yookassa.env, new TestClock());
  api.clock.set('2027-04-12T09:00:00Z');
  await yookassa.control('notify', {
    url: `http://127.0.0.1:${(api.server.address() as { port: number }).port}/api/payments/yookassa/`,
  });
  owner = await signedInAdmin(api);
  await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ($1, 'Площадка Б', $1, 'Europe/Moscow')`, [
    B,
  ]);
  await seedNewSite(api.db, B);
  api.app.get(SitesService).wrote();
  expect(
    (
      await owner.post('/api/admin/prices', {
        name: 'Весь день',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        from_hour: 6,
        to_hour: 24,
        amount: '1500',
      })
    ).status,
  ).toBe(201);
});
afterAll(async () => {
  await api?.close();
  await yookassa?.close();
});

async function paidGame(hour: number) {
  const [player] = await signedInPlayers(api, 1);
  const { id } = (await order(player!.client, 1, msk(DAY, hour))).body as { id: number };
  const paying = (await player!.client.post('/api/payments/', { booking_id: id, method: 'sbp' })).body as {
    payment_id: number;
  };
  const provider = (await yookassa.payments()).find((payment) => payment.metadata?.booking_id === String(id))!.id;
  await yookassa.control(`pay/${provider}`, {});
  await api.app.get(PaymentNotices).settled();
  return { player: player!, bookingId: id, paymentId: paying.payment_id, provider };
}

test('the payments list shows the game, the player, the amount, the method, the state and the receipts', async () => {
  const game = await paidGame(10);
  const list = await owner.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ day: DAY }))}`);
  expect(list.status).toBe(200);
  const row = (list.body as { id: number }[]).find((payment) => payment.id === game.paymentId);
  expect(row).toMatchObject({
    booking_id: game.bookingId,
    user_id: game.player.id,
    email: game.player.email,
    court_id: 1,
    amount: '1500.00',
    method: 'sbp',
    status: 'succeeded',
    refunded: '0.00',
    refundable: '1500.00',
    provider_id: game.provider,
    receipts: [
      { kind: 'payment', status: 'succeeded' },
      { kind: 'settlement', status: 'not_yet' },
    ],
    refunds: [],
  });
});

test('an admin refunds part, then the rest; never more than is left; each refund is in the action log', async () => {
  const game = await paidGame(11);
  const part = await owner.post(`/api/admin/payments/${game.paymentId}/refund`, {
    amount: '500',
    reason: 'Свет не работал',
  });
  expect(part.status).toBe(200);
  expect(part.body).toMatchObject({ refunded: '500.00', refundable: '1000.00' });
  const tooMuch = await owner.post(`/api/admin/payments/${game.paymentId}/refund`, {
    amount: '1000.01',
    reason: 'Ошибка',
  });
  expect([tooMuch.status, (tooMuch.body as { code: string }).code]).toEqual([422, 'payment.refund_too_much']);
  expect((tooMuch.body as { detail: string }).detail).toBe(
    'Вернуть можно не больше, чем осталось от платежа: 1\u00a0000\u00a0₽',
  );
  const rest = await owner.post(`/api/admin/payments/${game.paymentId}/refund`, { reason: 'Закрыли корт' });
  expect(rest.body).toMatchObject({ refunded: '1500.00', refundable: '0.00' });
  const log = await api.db.query<{ detail: string }[]>(
    `SELECT detail FROM admin_actions WHERE action = 'payment.refund' AND target_id = $1 ORDER BY id`,
    [String(game.paymentId)],
  );
  expect(log.map((row) => row.detail)).toEqual([
    'Возврат 500\u00a0₽: Свет не работал',
    'Возврат 1\u00a0000\u00a0₽: Закрыли корт',
  ]);
  await waitFor(
    async () =>
      (await yookassa.control<{ payment_id: string; status: string }[]>('refunds')).filter(
        (refund) => refund.payment_id === game.provider && refund.status === 'succeeded',
      ).length === 2,
  );
  // The player's game now reads as refunded.
  const mine = (await game.player.client.get('/api/my-orders/')).body as { detail: { id: number; payment: unknown }[] };
  expect(mine.detail.find((one) => one.id === game.bookingId)?.payment).toMatchObject({
    status: 'refunded',
    refunded: '1500.00',
  });
  // And their record says what they paid and got back at this site.
  const record = await owner.get(`/api/admin/users/${game.player.id}`);
  expect(record.body).toMatchObject({ paid: '1500.00', refunded: '1500.00' });
});

test('a refund of a payment that did not go through, or of another site, is refused', async () => {
  const [player] = await signedInPlayers(api, 1);
  const { id } = (await order(player!.client, 2, msk(DAY, 12))).body as { id: number };
  const { payment_id } = (await player!.client.post('/api/payments/', { booking_id: id, method: 'bank_card' }))
    .body as {
    payment_id: number;
  };
  const pending = await owner.post(`/api/admin/payments/${payment_id}/refund`, { reason: 'Проверка' });
  expect([pending.status, (pending.body as { detail: string }).detail]).toEqual([409, messages.refundNotPaid]);
  const elsewhere = await owner.post(`/api/admin/payments/${payment_id}/refund?site_id=${B}`, { reason: 'Проверка' });
  expect([elsewhere.status, (elsewhere.body as { detail: string }).detail]).toEqual([404, messages.paymentNotFound]);
  expect((await owner.get(`/api/admin/payments/${payment_id}?site_id=${B}`)).status).toBe(404);
  const noReason = await owner.post(`/api/admin/payments/${payment_id}/refund`, { reason: ' ' });
  expect([noReason.status, (noReason.body as { detail: string }).detail]).toEqual([400, messages.refundReason]);
});

test('revenue: paid, refunded and net by day and by court, as JSON and CSV', async () => {
  await api.db.query(`DELETE FROM refunds`);
  await api.db.query(`DELETE FROM payments`);
  const first = await paidGame(15);
  await paidGame(16);
  await owner.post(`/api/admin/payments/${first.paymentId}/refund`, { amount: '250.50', reason: 'Скидка' });
  await waitFor(async () => {
    const stats = await owner.get('/api/admin/stats/revenue?from=2027-04-12&to=2027-04-12');
    return (stats.body as { total: { refunded: string } }).total.refunded === '250.50';
  });
  const stats = await owner.get('/api/admin/stats/revenue?from=2027-04-12&to=2027-04-12');
  expect(stats.body).toEqual({
    from: '2027-04-12',
    to: '2027-04-12',
    total: { paid: '3000.00', refunded: '250.50', net: '2749.50' },
    days: [{ date: '2027-04-12', paid: '3000.00', refunded: '250.50', net: '2749.50' }],
    courts: [{ id_cort: 1, name: 'Корт 1', paid: '3000.00', refunded: '250.50', net: '2749.50' }],
  });
  const csv = await owner.get('/api/admin/stats/revenue?from=2027-04-12&to=2027-04-12&format=csv');
  expect(csv.headers['content-type']).toMatch(/^text\/csv/);
  expect(csv.text).toContain('2027-04-12;3000;250,5;2749,5');
  const empty = await owner.get('/api/admin/stats/revenue?from=2027-04-01&to=2027-04-02');
  expect((empty.body as { total: unknown }).total).toEqual({ paid: '0.00', refunded: '0.00', net: '0.00' });
});
