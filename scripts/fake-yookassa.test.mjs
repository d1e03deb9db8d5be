// The fake YooKassa itself: `node --test scripts/fake-yookassa.test.mjs`.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, beforeEach, test } from 'node:test';
import { startFakeYooKassa } from './fake-yookassa.mjs';
import { listen, readBody } from './fake-http.mjs';
import { freePort } from './free-port.mjs';

const SHOP = '100500';
const SECRET = 'test_secret_for_the_fake';
const AUTH = `Basic ${Buffer.from(`${SHOP}:${SECRET}`).toString('base64')}`;
const PAYMENT_ID = /^[0-9a-f]{8}-000f-5000-[89ab]000-[0-9a-f]{12}$/;
const RETURN_URL = 'http://shop.test/payments/return';

let fake;
/** The shop's notification endpoint: what reached it, from which address. */
let shop;
let shopStatus = 200;
before(async () => {
  const received = [];
  const server = http.createServer(async (req, res) => {
    received.push({ from: req.socket.remoteAddress, path: req.url, body: JSON.parse(await readBody(req)) });
    res.writeHead(shopStatus).end();
  });
  const listening = await listen(server, { port: await freePort(), host: '127.0.0.1' });
  shop = { url: `http://${listening.authority}/api/payments/yookassa/`, received, close: listening.close };
  fake = await startFakeYooKassa({ port: await freePort(), shopId: SHOP, secretKey: SECRET, notifyUrl: shop.url });
});
beforeEach(() => {
  fake.reset();
  shop.received.length = 0;
  shopStatus = 200;
});
after(async () => {
  await fake.close();
  await shop.close();
});

let keys = 0;
const newKey = () => `key-${process.pid}-${(keys += 1)}`;

/** A /v3 call as a YooKassa client makes it; returns the HTTP status and the parsed body. */
async function api(method, path, body, { key = method === 'POST' ? newKey() : undefined, auth = AUTH } = {}) {
  const headers = { ...(auth && { authorization: auth }), ...(key && { 'idempotence-key': key }) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${fake.apiRoot}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const control = async (path, body) => {
  const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  const res = await fetch(`${fake.url}/__fake/${path}`, init);
  return { status: res.status, body: await res.json() };
};

const rub = (value) => ({ value, currency: 'RUB' });
const item = (value, quantity = '1.00') => ({
  description: 'Игра на корте 1',
  quantity,
  amount: rub(value),
  vat_code: 1,
  payment_subject: 'service',
  payment_mode: 'full_prepayment',
});
const receipt = (...items) => ({ customer: { email: 'anna@example.com' }, items });
const paymentBody = (extra = {}) => ({
  amount: rub('1500.00'),
  capture: true,
  confirmation: { type: 'redirect', return_url: RETURN_URL },
  payment_method_data: { type: 'bank_card' },
  description: 'Корт 1, 12 мая 18:00',
  metadata: { booking_id: '42' },
  ...extra,
});
const createPayment = async (extra, options) => {
  const created = await api('POST', '/payments', paymentBody(extra), options);
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return created.body;
};
/** The notification the shop received for `event`, once the fake logged it as answered. */
const delivered = async (event, objectId) => {
  const sent = await fake.waitForNotification((n) => n.event === event && n.object_id === objectId);
  assert.equal(sent.status, 200);
  const got = shop.received.filter((n) => n.body.event === event && n.body.object.id === objectId);
  assert.equal(got.length, 1);
  return got[0];
};

test('HTTP Basic auth with the shop id and secret key; POSTs need an Idempotence-Key of up to 64 characters', async () => {
  const wrong = await api('GET', '/payments/x', undefined, {
    auth: `Basic ${Buffer.from(`${SHOP}:nope`).toString('base64')}`,
  });
  assert.equal(wrong.status, 401);
  assert.deepEqual(
    { ...wrong.body, id: 'id' },
    {
      type: 'error',
      id: 'id',
      code: 'invalid_credentials',
      description: 'Authentication by given credentials failed',
    },
  );
  assert.equal((await api('POST', '/payments', paymentBody(), { auth: null })).status, 401);
  const noKey = await api('POST', '/payments', paymentBody(), { key: null });
  assert.deepEqual([noKey.status, noKey.body.code, noKey.body.parameter], [400, 'invalid_request', 'Idempotence-Key']);
  assert.equal((await api('POST', '/payments', paymentBody(), { key: 'k'.repeat(65) })).status, 400);
  assert.equal((await api('POST', '/payments', 'not json')).body.description, 'The body must be a JSON object');
  assert.equal(fake.payments().length, 0);
  const log = fake.requests();
  assert.deepEqual(
    log.map((r) => [r.method, r.authorized, r.status]),
    [
      ['GET', false, 401],
      ['POST', false, 401],
      ['POST', true, 400],
      ['POST', true, 400],
      ['POST', true, 400],
    ],
  );
  assert.ok(!JSON.stringify(log).includes(SECRET) && !JSON.stringify(log).includes(AUTH), 'no credentials logged');
});

test('POST /v3/payments: a pending payment with a checkout URL; GET reads it; unknown ids are 404', async () => {
  const payment = await createPayment({
    payment_method_data: { type: 'sbp' },
    receipt: receipt(item('1500.00')),
  });
  assert.match(payment.id, PAYMENT_ID);
  assert.ok(Math.abs(Date.parse(payment.created_at) - Date.now()) < 5000);
  assert.deepEqual(
    { ...payment, created_at: 'at' },
    {
      id: payment.id,
      status: 'pending',
      paid: false,
      amount: rub('1500.00'),
      description: 'Корт 1, 12 мая 18:00',
      recipient: { account_id: SHOP, gateway_id: '2000500' },
      payment_method: { type: 'sbp', id: payment.id, saved: false },
      created_at: 'at',
      confirmation: {
        type: 'redirect',
        confirmation_url: `${fake.url}/checkout/${payment.id}`,
        return_url: RETURN_URL,
      },
      test: true,
      refundable: false,
      metadata: { booking_id: '42' },
      receipt_registration: 'pending',
    },
  );
  assert.deepEqual(await api('GET', `/payments/${payment.id}`), { status: 200, body: payment });
  const unknown = await api('GET', '/payments/2f1c0a9e-000f-5000-8000-1a2b3c4d5e6f');
  assert.deepEqual([unknown.status, unknown.body.type, unknown.body.code], [404, 'error', 'not_found']);
  assert.equal((await api('GET', '/payments')).status, 405);
  assert.deepEqual(fake.payments()[0]._request.receipt, receipt(item('1500.00')), 'the receipt sent is kept');
});

test('the same Idempotence-Key on the same endpoint gets the first answer, even with another body', async () => {
  const key = newKey();
  const first = await createPayment({}, { key });
  const again = await createPayment({}, { key });
  const otherBody = await createPayment({ amount: rub('99.00'), receipt: undefined }, { key });
  assert.deepEqual(again, first);
  assert.deepEqual(otherBody, first);
  assert.equal(fake.payments().length, 1, 'one payment per key');
  const log = fake.requests();
  assert.deepEqual(
    log.map((r) => [r.idempotence_key, r.replayed ?? false, r.body_differs ?? null]),
    [
      [key, false, null],
      [key, true, false],
      [key, true, true],
    ],
  );
  assert.notEqual((await createPayment({}, { key: newKey() })).id, first.id, 'a new key is a new payment');
  // The key is per endpoint: the same one on /cancel gets the cancel's own answer (a pending one-stage
  // payment cannot be canceled by the shop), not the stored create.
  const cancel = await api('POST', `/payments/${first.id}/cancel`, {}, { key });
  assert.deepEqual([cancel.status, cancel.body.code], [400, 'invalid_request']);
});

test('requests YooKassa refuses: amounts, receipts whose items do not add up, unsupported confirmations', async () => {
  const refusal = async (body, parameter) => {
    const answer = await api('POST', '/payments', body);
    assert.deepEqual([answer.status, answer.body.code, answer.body.parameter], [400, 'invalid_request', parameter]);
  };
  await refusal(paymentBody({ amount: rub('15.999') }), 'amount.value');
  await refusal(paymentBody({ amount: { value: 1500, currency: 'RUB' } }), 'amount.value');
  await refusal(paymentBody({ amount: rub('0.00') }), 'amount.value');
  await refusal(paymentBody({ amount: { value: '10.00', currency: 'USD' } }), 'amount.currency');
  await refusal(paymentBody({ receipt: receipt(item('1000.00')) }), 'receipt.items');
  await refusal(paymentBody({ receipt: { items: [item('1500.00')] } }), 'receipt.customer');
  await refusal(paymentBody({ receipt: receipt({ ...item('1500.00'), vat_code: 0 }) }), 'receipt.items[0].vat_code');
  await refusal(paymentBody({ confirmation: { type: 'qr' } }), 'confirmation.type');
  await refusal(paymentBody({ metadata: { booking_id: 42 } }), 'metadata');
  await refusal(paymentBody({ description: 'д'.repeat(129) }), 'description');
  // Two items of 750.00, or one at quantity 2: both add up.
  assert.equal((await createPayment({ receipt: receipt(item('750.00', '2.00')) })).status, 'pending');
  assert.equal((await createPayment({ receipt: receipt(item('750.00'), item('750.00')) })).status, 'pending');
});

test('the checkout page: Russian, phone-sized, the description and amount, «Оплатить» and «Отказаться»', async () => {
  const card = await createPayment();
  const html = await (await fetch(card.confirmation.confirmation_url)).text();
  assert.match(html, /<html lang="ru">/);
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  assert.match(html, /ЮKassa<\/span> — тестовая оплата/);
  assert.match(html, /Корт 1, 12 мая 18:00/);
  assert.match(html, /1\s500,00\s₽/);
  assert.match(
    html,
    new RegExp(`<form method="post" action="/checkout/${card.id}/pay"><button[^>]*>Оплатить</button>`),
  );
  assert.match(html, new RegExp(`action="/checkout/${card.id}/decline"><button[^>]*>Отказаться</button>`));
  const sbp = await createPayment({ payment_method_data: { type: 'sbp' }, description: '<b>Корт</b> & шкаф' });
  const sbpHtml = await (await fetch(sbp.confirmation.confirmation_url)).text();
  assert.match(sbpHtml, /Оплата через СБП: в настоящем магазине здесь QR-код банка/);
  assert.match(sbpHtml, /&lt;b&gt;Корт&lt;\/b&gt; &amp; шкаф/, 'the description is escaped');
  const missing = await fetch(`${fake.url}/checkout/nope`);
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Платёж не найден/);
});

test('paying on the checkout page: succeeded, 303 to return_url, a registered receipt and payment.succeeded from 127.0.0.1', async () => {
  const payment = await createPayment({ receipt: { ...receipt(item('1500.00')), tax_system_code: 2 } });
  const res = await fetch(`${fake.url}/checkout/${payment.id}/pay`, { method: 'POST', redirect: 'manual' });
  assert.deepEqual([res.status, res.headers.get('location')], [303, RETURN_URL]);
  const notification = await delivered('payment.succeeded', payment.id);
  assert.equal(notification.from, '127.0.0.1');
  assert.equal(notification.path, '/api/payments/yookassa/');
  assert.deepEqual(Object.keys(notification.body), ['type', 'event', 'object']);
  assert.equal(notification.body.type, 'notification');
  const paid = (await api('GET', `/payments/${payment.id}`)).body;
  assert.deepEqual(notification.body.object, paid);
  assert.deepEqual(
    [paid.status, paid.paid, paid.refundable, paid.receipt_registration, paid.payment_method.card.last4],
    ['succeeded', true, true, 'succeeded', '4477'],
  );
  assert.ok(paid.captured_at && !paid.confirmation);
  const [registered] = fake.receipts();
  assert.deepEqual(
    [registered.type, registered.payment_id, registered.status, registered.items, registered.tax_system_code],
    ['payment', payment.id, 'succeeded', [item('1500.00')], 2],
  );
  // A second press (a double click) changes nothing and still goes back to the shop.
  const twice = await fetch(`${fake.url}/checkout/${payment.id}/pay`, { method: 'POST', redirect: 'manual' });
  assert.equal(twice.status, 303);
  assert.equal(fake.notifications().length, 1);
});

test('declining: canceled by the buyer, payment.canceled; with no return_url the page says «Готово»', async () => {
  const payment = await createPayment({ confirmation: undefined });
  assert.equal(payment.confirmation, undefined);
  const res = await fetch(`${fake.url}/checkout/${payment.id}/decline`, { method: 'POST', redirect: 'manual' });
  assert.equal(res.status, 200);
  assert.match(await res.text(), /<h2>Готово<\/h2><p class="status canceled">Платёж отменён\.<\/p>/);
  const notification = await delivered('payment.canceled', payment.id);
  assert.deepEqual(
    [notification.body.object.status, notification.body.object.paid, notification.body.object.cancellation_details],
    ['canceled', false, { party: 'yoo_money', reason: 'permission_revoked' }],
  );
  const other = await createPayment();
  const declined = await control(`decline/${other.id}`, { party: 'payment_network', reason: 'insufficient_funds' });
  assert.deepEqual(declined.body.cancellation_details, { party: 'payment_network', reason: 'insufficient_funds' });
  assert.equal((await control(`pay/${other.id}`, {})).status, 400, 'a canceled payment cannot be paid');
});

test('two stages: capture: false waits for capture; capture and cancel as YooKassa allows them', async () => {
  const payment = await createPayment({ capture: false, receipt: receipt(item('1500.00')) });
  const cancelPending = await createPayment({ capture: false });
  const pending = await api('POST', `/payments/${cancelPending.id}/cancel`, {});
  assert.deepEqual([pending.status, pending.body.code], [400, 'invalid_request'], 'a pending payment is not canceled');
  await control(`pay/${cancelPending.id}`, {});
  const waiting = (await control(`pay/${payment.id}`, {})).body;
  assert.deepEqual(
    [waiting.status, waiting.paid, waiting.receipt_registration],
    ['waiting_for_capture', true, 'pending'],
  );
  await delivered('payment.waiting_for_capture', payment.id);
  const partial = await api('POST', `/payments/${payment.id}/capture`, { amount: rub('1000.00') });
  assert.deepEqual([partial.status, partial.body.parameter], [400, 'receipt'], 'a partial capture needs its receipt');
  const captured = await api('POST', `/payments/${payment.id}/capture`, {
    amount: rub('1000.00'),
    receipt: receipt(item('1000.00')),
  });
  assert.deepEqual(
    [captured.body.status, captured.body.amount, captured.body.receipt_registration],
    ['succeeded', rub('1000.00'), 'succeeded'],
  );
  await delivered('payment.succeeded', payment.id);
  const late = await api('POST', `/payments/${payment.id}/cancel`, {});
  assert.deepEqual([late.status, late.body.code], [400, 'invalid_request'], 'a succeeded payment is not canceled');
  const canceled = await api('POST', `/payments/${cancelPending.id}/cancel`, {});
  assert.deepEqual(
    [canceled.body.status, canceled.body.cancellation_details],
    ['canceled', { party: 'merchant', reason: 'canceled_by_merchant' }],
  );
  assert.equal((await api('POST', `/payments/${cancelPending.id}/capture`, {})).status, 400);
  assert.equal((await api('POST', '/payments/unknown/cancel', {})).status, 404);
});

test('refunds: only of a succeeded payment and up to what is left; refunded_amount; refund.succeeded', async () => {
  const payment = await createPayment();
  const early = await api('POST', '/refunds', { payment_id: payment.id, amount: rub('100.00') });
  assert.deepEqual([early.status, early.body.code], [400, 'invalid_request']);
  await fake.pay(payment.id);
  const refund = await api('POST', '/refunds', {
    payment_id: payment.id,
    amount: rub('1000.00'),
    description: 'Отмена игры',
    receipt: receipt(item('1000.00')),
  });
  assert.match(refund.body.id, /^[0-9a-f]{8}-0015-5000-[89ab]000-[0-9a-f]{12}$/);
  assert.deepEqual(
    [refund.body.status, refund.body.payment_id, refund.body.amount, refund.body.receipt_registration],
    ['succeeded', payment.id, rub('1000.00'), 'succeeded'],
  );
  assert.deepEqual(await api('GET', `/refunds/${refund.body.id}`), { status: 200, body: refund.body });
  assert.deepEqual((await api('GET', `/payments/${payment.id}`)).body.refunded_amount, rub('1000.00'));
  await delivered('refund.succeeded', refund.body.id);
  const tooMuch = await api('POST', '/refunds', { payment_id: payment.id, amount: rub('500.01') });
  assert.deepEqual([tooMuch.status, tooMuch.body.parameter], [400, 'amount']);
  assert.equal((await api('POST', '/refunds', { payment_id: payment.id, amount: rub('500.00') })).status, 200);
  assert.deepEqual((await api('GET', `/payments/${payment.id}`)).body.refunded_amount, rub('1500.00'));
  assert.deepEqual(
    fake.receipts().map((r) => [r.type, r.refund_id ?? null]),
    [['refund', refund.body.id]],
    'the refund with a receipt registered it',
  );
  assert.equal((await api('GET', '/refunds/nope')).status, 404);
});

test('pending refunds wait for settleRefunds(), which counts them or cancels them', async () => {
  const payment = await createPayment();
  await fake.pay(payment.id);
  fake.setRefundMode('pending');
  const first = (await api('POST', '/refunds', { payment_id: payment.id, amount: rub('1000.00') })).body;
  assert.equal(first.status, 'pending');
  const over = await api('POST', '/refunds', { payment_id: payment.id, amount: rub('600.00') });
  assert.equal(over.status, 400, 'a pending refund counts against what is left');
  const settled = await control('settle-refunds', {});
  assert.deepEqual(
    settled.body.map((r) => [r.id, r.status]),
    [[first.id, 'succeeded']],
  );
  await delivered('refund.succeeded', first.id);
  const second = (await api('POST', '/refunds', { payment_id: payment.id, amount: rub('500.00') })).body;
  await fake.settleRefunds({ status: 'canceled', id: second.id });
  const canceled = (await api('GET', `/refunds/${second.id}`)).body;
  assert.deepEqual([canceled.status, canceled.cancellation_details.party], ['canceled', 'yoo_money']);
  assert.deepEqual((await api('GET', `/payments/${payment.id}`)).body.refunded_amount, rub('1000.00'));
  assert.equal(fake.notifications().filter((n) => n.event === 'refund.succeeded').length, 1);
});

test('receipts: POST /v3/receipts is pending, registered by the time it is read; its body is kept', async () => {
  const payment = await createPayment({ receipt: undefined });
  await fake.pay(payment.id);
  const body = {
    type: 'payment',
    payment_id: payment.id,
    customer: { email: 'anna@example.com' },
    items: [item('1500.00')],
    settlements: [{ type: 'prepayment', amount: rub('1500.00') }],
    send: true,
    tax_system_code: 2,
  };
  const created = await api('POST', '/receipts', body);
  assert.match(created.body.id, /^rt-/);
  assert.deepEqual(
    [created.body.status, created.body.payment_id, created.body.settlements],
    ['pending', payment.id, body.settlements],
  );
  const read = (await api('GET', `/receipts/${created.body.id}`)).body;
  assert.equal(read.status, 'succeeded');
  assert.ok(read.fiscal_document_number && read.registered_at);
  assert.deepEqual(fake.receipts()[0]._request, body);
  const refusal = async (change, parameter) => {
    const answer = await api('POST', '/receipts', { ...body, ...change });
    assert.deepEqual([answer.status, answer.body.parameter], [400, parameter]);
  };
  await refusal({ settlements: [{ type: 'prepayment', amount: rub('1.00') }] }, 'settlements');
  await refusal({ payment_id: 'nope' }, 'payment_id');
  await refusal({ send: false }, 'send');
  await refusal({ customer: {} }, 'customer');
  assert.equal((await api('GET', '/receipts/rt-nope')).status, 404);
});

test('faults: failing calls (before or after doing them), dropped answers, 202 processing, delays', async () => {
  fake.setFaults({ fail: { count: 2, path: '^POST /v3/payments$' } });
  const key = newKey();
  const failed = await api('POST', '/payments', paymentBody(), { key });
  assert.deepEqual([failed.status, failed.body.type, failed.body.code], [500, 'error', 'internal_server_error']);
  assert.equal((await api('GET', '/payments/x')).status, 404, 'other paths are not failed');
  assert.equal((await api('POST', '/payments', paymentBody(), { key })).status, 500);
  await createPayment({}, { key });
  assert.equal(fake.payments().length, 1);

  // The answer lost after YooKassa did it: the repeated key finds the payment, not a second one.
  fake.setFaults({ fail: { after: true, status: 503 } });
  const lostKey = newKey();
  assert.equal((await api('POST', '/payments', paymentBody(), { key: lostKey })).status, 503);
  assert.equal(fake.payments().length, 2);
  const found = await createPayment({}, { key: lostKey });
  assert.equal(fake.payments().length, 2);
  assert.equal(found.id, fake.payments()[1].id);

  const twoStage = await createPayment({ capture: false }, { key: newKey() });
  await fake.pay(twoStage.id);
  fake.setFaults({ fail: { drop: true, after: true } });
  await assert.rejects(api('POST', `/payments/${twoStage.id}/cancel`, {}));
  fake.setFaults({});
  assert.equal(
    fake.payments().find((payment) => payment.id === twoStage.id).status,
    'canceled',
    'carried out, the answer never came',
  );

  fake.setFaults({ processing: { retryAfterMs: 120 } });
  const made = fake.payments().length;
  const processingKey = newKey();
  const processing = await api('POST', '/payments', paymentBody(), { key: processingKey });
  assert.deepEqual(processing, {
    status: 202,
    body: { type: 'processing', description: 'Request accepted', retry_after: 120 },
  });
  assert.equal(fake.payments().length, made, 'a 202 is not carried out');
  assert.equal((await api('POST', '/payments', paymentBody(), { key: processingKey })).status, 200);

  // A caller that gives up on a slow answer: YooKassa carries the call out all the same.
  fake.setFaults({ delay: { ms: 200, count: 1 } });
  const slowKey = newKey();
  await assert.rejects(
    fetch(`${fake.apiRoot}/payments`, {
      method: 'POST',
      headers: { authorization: AUTH, 'idempotence-key': slowKey, 'content-type': 'application/json' },
      body: JSON.stringify(paymentBody()),
      signal: AbortSignal.timeout(50),
    }),
    { name: 'TimeoutError' },
  );
  const slow = await fake.waitForRequest((r) => r.idempotence_key === slowKey);
  assert.deepEqual([slow.status, slow.fault], [200, 'delay']);
  assert.equal(fake.payments().length, 5);
  assert.deepEqual(
    fake.requests().map((r) => r.fault ?? null),
    ['fail', null, 'fail', null, 'fail-after', null, null, 'drop-after', 'processing', null, 'delay'],
  );
  assert.deepEqual(fake.faults(), { fail: null, delay: { ms: 200, count: 0, path: null }, processing: null });
  assert.equal((await control('faults', { fail: { path: '(' } })).status, 400, 'a bad pattern is refused');
});

test('notifications: lost on purpose, to an unreachable shop, refused, and sent twice', async () => {
  const payment = await createPayment();
  fake.setNotify({ lose: true });
  await fake.pay(payment.id);
  const [lost] = fake.notifications();
  assert.deepEqual([lost.event, lost.lost, lost.status], ['payment.succeeded', true, null]);
  assert.equal(shop.received.length, 0);

  fake.setNotify({ lose: false });
  const resent = await fake.resend(payment.id);
  assert.deepEqual([resent.event, resent.status], ['payment.succeeded', 200]);
  await fake.resend(payment.id);
  assert.equal(shop.received.length, 2, 'YooKassa may deliver one event twice');

  shopStatus = 500;
  const refused = await fake.pay((await createPayment()).id);
  assert.equal(fake.notifications().at(-1).status, 500);
  assert.equal(refused.status, 'succeeded');

  await control('notify', { url: `http://127.0.0.1:${await freePort()}/nobody` });
  await fake.pay((await createPayment()).id);
  const unreachable = fake.notifications().at(-1);
  assert.deepEqual([unreachable.status, typeof unreachable.error], [null, 'string']);
  assert.deepEqual((await control('notify')).body, { url: unreachable.url, lose: false });
});

test('the control API over HTTP: lists, pay, faults, reset; unknown actions are 404', async () => {
  const payment = await createPayment();
  const paid = await control(`pay/${payment.id}`, {});
  assert.deepEqual(
    [paid.status, paid.body.status, paid.body._request.description],
    [200, 'succeeded', 'Корт 1, 12 мая 18:00'],
  );
  assert.equal((await control(`payments/${payment.id}`)).body.id, payment.id);
  for (const list of ['payments', 'refunds', 'receipts', 'requests', 'notifications']) {
    assert.ok(Array.isArray((await control(list)).body), list);
  }
  assert.equal((await control('notifications')).body[0].event, 'payment.succeeded');
  assert.equal((await control('pay/nope', {})).status, 404);
  assert.equal((await control('faults', { processing: {} })).body.processing.count, 1);
  assert.equal((await control('refund-mode', { mode: 'later' })).status, 400);
  assert.equal((await control('reset', {})).status, 200);
  assert.deepEqual((await control('payments')).body, []);
  assert.deepEqual(fake.faults(), { fail: null, delay: null, processing: null });
  assert.equal((await control('explode', {})).status, 404);
  assert.equal((await fetch(`${fake.url}/__fake/reset`)).status, 405);
});

test('waitForRequest resolves on a later call and rejects with the log on timeout', async () => {
  const waiting = fake.waitForRequest((r) => r.path === '/v3/refunds/late');
  await api('GET', '/refunds/late');
  assert.equal((await waiting).status, 404);
  await assert.rejects(
    fake.waitForNotification(() => false, 30),
    /No notification matched within 30 ms/,
  );
});
