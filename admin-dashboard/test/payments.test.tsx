import { messages, PaymentError } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { PaymentList } from '../src/resources/payments/payment-list';
import { PaymentShow } from '../src/resources/payments/payment-show';
import type { PaymentRecord } from '../src/lib/records';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { court, courtsList, listOf, payment, refund, user } from './support/records';
import { renderPage } from './support/render';

// What players paid: the list reads each payment's game on the club's clock, its sum, method,
// state and receipts; a payment's page refunds what is left, in the API's words when it refuses.

vi.setConfig({ testTimeout: 30_000 });

// The club is in Moscow.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

// The settlement receipt still to come (a newer API's 'not_yet') goes as the API sends it: raw JSON.
const stored = [
  {
    ...payment(1, { refunded: '500.00', refundable: '1000.00', refunds: [refund(1)] }),
    receipts: [
      { kind: 'payment', status: 'succeeded' },
      { kind: 'settlement', status: 'not_yet' },
      { kind: 'refund', status: 'pending' },
    ],
  },
  payment(2, {
    user_id: 8,
    player: 'Борис Орлов',
    court_id: 2,
    starts_at: '2026-11-23T16:00:00.000Z',
    amount: '900.50',
    method: 'sbp',
    status: 'pending',
    refundable: '0.00',
    receipts: [
      { kind: 'payment', status: 'off' },
      { kind: 'settlement', status: 'off' },
    ],
    paid_at: null,
  }),
];

// getByText compares the text with its spaces made plain (a no-break space reads as a space);
// textContent keeps them as they are.
const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('the list reads each payment: game on the club’s clock, player, sum, method, state, refunded, receipts', async () => {
  server = fakeServer({
    'GET /api/admin/payments': listOf('payments', stored),
    'GET /api/admin/courts': courtsList([court(1), court(2)]),
    'GET /api/admin/users': listOf('users', [user(7), user(8, { name: 'Борис Орлов' })]),
  });
  renderPage({ resource: 'payments', path: '/payments', route: '/payments' }, <PaymentList />, dataProvider);
  await screen.findByText('Борис Орлов');
  await waitFor(() => expect(rows()[0]![0]).toBe('Корт 1 · 22.11.2026, 18:00'));
  expect(rows()).toEqual([
    [
      'Корт 1 · 22.11.2026, 18:00',
      'Анна Петрова',
      '1\u00a0500\u00a0₽',
      'Карта',
      'Оплачен',
      '500\u00a0₽',
      'Чек: пробитЧек: отправлен',
    ],
    ['Корт 2 · 23.11.2026, 19:00', 'Борис Орлов', '900,50\u00a0₽', 'СБП', 'Ожидает', '—', 'Чек: выкл'],
  ]);
  // Each receipt chip says its kind to a screen reader.
  expect(screen.getByLabelText('Чек возврата: отправлен в ЮKassa, ждёт ответа')).toBeTruthy();
  // The player links to their page.
  expect(screen.getByRole('link', { name: 'Анна Петрова' }).getAttribute('href')).toMatch(/\/users\/7\/show$/);
  // Newest first.
  const query = server.callsTo('GET /api/admin/payments')[0]!.query;
  expect(query.get('sort')).toBe('["created_at","DESC"]');
});

test('a filter by day and state goes to the API as the game’s local day and the status', async () => {
  server = fakeServer({
    'GET /api/admin/payments': listOf('payments', stored),
    'GET /api/admin/courts': courtsList([court(1), court(2)]),
    'GET /api/admin/users': listOf('users', [user(7)]),
  });
  renderPage({ resource: 'payments', path: '/payments', route: '/payments' }, <PaymentList />, dataProvider);
  await screen.findByText('Борис Орлов');
  await userEvent.type(screen.getByLabelText('День игры'), '22.11.2026');
  await userEvent.click(screen.getByRole('combobox', { name: 'Состояние' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Оплачен' }));
  await waitFor(() =>
    expect(JSON.parse(server.callsTo('GET /api/admin/payments').at(-1)!.query.get('filter')!)).toEqual({
      day: '2026-11-22',
      status: 'succeeded',
    }),
  );
});

/** The payment's page, its record read again after a refund as the API answers it then. */
function openPayment(first: PaymentRecord, refund: Answer, after: PaymentRecord = first) {
  let refunded = false;
  server = fakeServer({
    'GET /api/admin/payments/1': () => ok(refunded ? after : first),
    'POST /api/admin/payments/1/refund': async (call) => {
      const reply = typeof refund === 'function' ? await refund(call) : refund;
      if (reply !== 'offline' && reply.status === 200) refunded = true;
      return reply;
    },
    'GET /api/admin/courts': courtsList([court(1)]),
  });
  renderPage(
    { resource: 'payments', path: '/payments/1/show', route: '/payments/:id/show' },
    <PaymentShow />,
    dataProvider,
  );
}

test('«Вернуть деньги» offers what is left, wants a reason, and posts the sum typed', async () => {
  const before = payment(1, { refunded: '500.00', refundable: '1000.00', refunds: [refund(1)] });
  const after = payment(1, {
    refunded: '1000.50',
    refundable: '499.50',
    refunds: [
      refund(1),
      refund(2, { amount: '500.50', status: 'pending', reason: 'Корт закрыли', created_at: '2026-11-24T16:00:00Z' }),
    ],
  });
  openPayment(before, ({ body }) => ok({ ...after, echo: body }), after);
  await userEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
  const dialog = within(await screen.findByRole('dialog'));
  const amount = dialog.getByRole<HTMLInputElement>('textbox', { name: /Сумма возврата/ });
  // What is left: 1 500 ₽ paid, 500 ₽ back already.
  expect(amount.value).toBe('1000');
  expect(dialog.getByText(/Оплачено 1\s500\s₽, уже возвращено 500\s₽, можно вернуть до 1\s000\s₽/)).toBeTruthy();

  // No reason: said under the field, nothing sent.
  await userEvent.click(dialog.getByRole('button', { name: 'Вернуть 1\u00a0000\u00a0₽' }));
  expect(await dialog.findByText(messages.refundReason)).toBeTruthy();
  // More than is left: said before asking the API.
  await userEvent.clear(amount);
  await userEvent.type(amount, '1200');
  await userEvent.type(dialog.getByRole('textbox', { name: /Причина/ }), 'Корт закрыли');
  await userEvent.click(dialog.getByRole('button', { name: 'Вернуть 1\u00a0200\u00a0₽' }));
  expect(await dialog.findByText(messages.refundTooMuch)).toBeTruthy();
  expect(server.callsTo('POST /api/admin/payments/1/refund')).toHaveLength(0);

  await userEvent.clear(amount);
  await userEvent.type(amount, '500,5');
  await userEvent.click(dialog.getByRole('button', { name: 'Вернуть 500,50\u00a0₽' }));
  await waitFor(() => expect(server.callsTo('POST /api/admin/payments/1/refund')).toHaveLength(1));
  const call = server.callsTo('POST /api/admin/payments/1/refund')[0]!;
  expect(call.body).toEqual({ amount: '500.50', reason: 'Корт закрыли' });
  expect(call.headers.get('X-CSRFToken')).toBe('test.token');
  expect(await screen.findByText('Возврат 500,50 ₽ отправлен в ЮKassa')).toBeTruthy();
  // The page reads the payment again: the new refund is listed.
  expect(await screen.findByText('Корт закрыли')).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});

test('a refund the API refuses keeps the dialog open with the API’s reason', async () => {
  openPayment(payment(1), fail(409, messages.refundNotPaid, PaymentError.RefundNotPaid));
  await userEvent.click(await screen.findByRole('button', { name: 'Вернуть деньги' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByRole<HTMLInputElement>('textbox', { name: /Сумма возврата/ }).value).toBe('1500');
  await userEvent.type(dialog.getByRole('textbox', { name: /Причина/ }), 'Игрок попросил');
  await userEvent.click(dialog.getByRole('button', { name: 'Вернуть 1\u00a0500\u00a0₽' }));
  expect((await dialog.findByRole('alert')).textContent).toBe(messages.refundNotPaid);
  expect(server.callsTo('POST /api/admin/payments/1/refund')[0]!.body).toEqual({
    amount: '1500.00',
    reason: 'Игрок попросил',
  });
  expect(screen.getByRole('dialog')).toBeTruthy();
});

test('no «Вернуть деньги» on a payment not taken or given back whole', async () => {
  openPayment(payment(1, { status: 'pending', paid_at: null, refundable: '0.00' }), fail(500, 'не должно быть'));
  expect(await screen.findByText('Ожидает')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).toBeNull();
});

test('a payment given back whole has no button and lists its refund', async () => {
  openPayment(
    payment(1, {
      refunded: '1500.00',
      refundable: '0.00',
      refunds: [refund(3, { amount: '1500.00', cause: 'club_cancel', reason: 'Ливень' })],
    }),
    fail(500, 'не должно быть'),
  );
  expect(await screen.findByText('Ливень')).toBeTruthy();
  expect(screen.getByText('Выполнен')).toBeTruthy();
  expect(screen.getByText('Клуб отменил игру')).toBeTruthy();
  // «Можно вернуть» reads 0 ₽; nothing left, no button.
  expect(screen.getByText('Можно вернуть').closest('.ra-field')?.textContent?.replace(/\s/g, ' ')).toBe(
    'Можно вернуть0 ₽',
  );
  expect(screen.queryByRole('button', { name: 'Вернуть деньги' })).toBeNull();
});
