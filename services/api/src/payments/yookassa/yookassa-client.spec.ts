// The YooKassa client against the fake YooKassa (scripts/fake-yookassa.mjs), which speaks the real
// protocol: Basic auth, Idempotence-Key with stored first answers, YooKassa's error bodies, 202
// "processing", and faults injected through its control API (/__fake/…).
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type YooKassaOptions, YooKassaClient, YooKassaError } from './yookassa-client';
import { type CreatePaymentBody } from './yookassa-types';

const SHOP_ID = '100500';
const SECRET = 'test_client_spec_secret_0123456789';
const BASIC = Buffer.from(`${SHOP_ID}:${SECRET}`).toString('base64');

interface FakeRequest {
  method: string;
  path: string;
  idempotence_key: string | null;
  body: unknown;
  authorized: boolean;
  status?: number;
  replayed?: boolean;
  body_differs?: boolean;
  fault?: string;
}

/**
 * The fake runs in a worker thread of this process: jest's CommonJS loader cannot import an ES
 * module (.mjs), a worker's own loader can. The spec drives it over HTTP, as e2e tests do.
 */
async function startFake(): Promise<{ url: string; apiRoot: string; close: () => Promise<void> }> {
  const scripts = resolve(__dirname, '../../../../../scripts');
  const fakeUrl = pathToFileURL(resolve(scripts, 'fake-yookassa.mjs')).href;
  const freePortUrl = pathToFileURL(resolve(scripts, 'free-port.mjs')).href;
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    (async () => {
      const { freePort } = await import(${JSON.stringify(freePortUrl)});
      const { startFakeYooKassa } = await import(${JSON.stringify(fakeUrl)});
      const fake = await startFakeYooKassa({
        port: await freePort(), shopId: ${JSON.stringify(SHOP_ID)}, secretKey: ${JSON.stringify(SECRET)},
      });
      parentPort.once('message', () => fake.close().then(() => parentPort.postMessage('closed')));
      parentPort.postMessage({ url: fake.url, apiRoot: fake.apiRoot });
    })();`,
    { eval: true },
  );
  const started = await new Promise<{ url: string; apiRoot: string }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  return {
    ...started,
    close: async () => {
      const closed = new Promise((done) => worker.once('message', done));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}

let fake: Awaited<ReturnType<typeof startFake>>;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(() => fake.close());

async function control<T>(path: string, body?: object): Promise<T> {
  const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
  const response = await fetch(`${fake.url}/__fake/${path}`, init);
  if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const requests = () => control<FakeRequest[]>('requests');
const payments = () => control<{ id: string; status: string }[]>('payments');

/** Polls `check` until it holds: the fake finishes a call the client gave up on in its own time. */
async function until(check: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((done) => setTimeout(done, 10));
  }
}

let logs: { level: string; msg: string; data: object }[] = [];
beforeEach(async () => {
  logs = [];
  await control('reset', {});
});

const client = (options: Partial<YooKassaOptions> = {}) =>
  new YooKassaClient({
    shopId: SHOP_ID,
    secretKey: SECRET,
    apiRoot: fake.apiRoot,
    backoffMs: 1,
    timeoutMs: 2000,
    log: (level, msg, data) => logs.push({ level, msg, data }),
    ...options,
  });

let keys = 0;
const newKey = () => `spec-${process.pid}-${(keys += 1)}`;
const rub = (value: string) => ({ value, currency: 'RUB' as const });
const paymentBody = (extra: Partial<CreatePaymentBody> = {}): CreatePaymentBody => ({
  amount: rub('1500.00'),
  capture: true,
  confirmation: { type: 'redirect', return_url: 'http://127.0.0.1:3000/payments/return' },
  payment_method_data: { type: 'bank_card' },
  description: 'Корт 1, 12 мая 18:00',
  metadata: { booking_id: '42' },
  ...extra,
});
const receipt = (value: string) => ({
  customer: { email: 'anna@example.com' },
  items: [
    {
      description: 'Игра на корте 1',
      quantity: '1.00',
      amount: rub(value),
      vat_code: 1,
      payment_subject: 'service' as const,
      payment_mode: 'full_prepayment' as const,
    },
  ],
});

/** The error a call rejected with (the test fails if it resolved). */
async function failure(call: Promise<unknown>): Promise<YooKassaError> {
  const error: unknown = await call.then(
    () => new Error('expected a rejection'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(YooKassaError);
  return error as YooKassaError;
}

test('createPayment: Basic auth, the caller’s Idempotence-Key; the same key again is the same payment', async () => {
  const yoo = client();
  const key = newKey();
  const payment = await yoo.createPayment(paymentBody({ receipt: receipt('1500.00') }), key);
  expect(payment).toMatchObject({
    status: 'pending',
    paid: false,
    amount: rub('1500.00'),
    confirmation: { type: 'redirect', confirmation_url: `${fake.url}/checkout/${payment.id}` },
    metadata: { booking_id: '42' },
    receipt_registration: 'pending',
  });
  expect(payment.id).toMatch(/^[0-9a-f]{8}-000f-5000-[89ab]000-[0-9a-f]{12}$/);
  expect((await yoo.createPayment(paymentBody(), key)).id).toBe(payment.id);
  expect(await payments()).toHaveLength(1);
  const log = await requests();
  expect(log.map((r) => [r.method, r.path, r.idempotence_key, r.authorized, r.replayed ?? false])).toEqual([
    ['POST', '/v3/payments', key, true, false],
    ['POST', '/v3/payments', key, true, true],
  ]);
  expect((await yoo.getPayment(payment.id)).status).toBe('pending');
});

test('a payment’s life: paid, captured, refunded, with a receipt registered; another canceled', async () => {
  const yoo = client();
  const twoStage = await yoo.createPayment(paymentBody({ capture: false }), newKey());
  await control(`pay/${twoStage.id}`, {});
  const waiting = await yoo.getPayment(twoStage.id);
  expect([waiting.status, waiting.paid, waiting.payment_method?.type]).toEqual([
    'waiting_for_capture',
    true,
    'bank_card',
  ]);
  const captured = await yoo.capturePayment(twoStage.id, newKey());
  expect([captured.status, captured.captured_at !== undefined]).toEqual(['succeeded', true]);

  const refund = await yoo.createRefund({ payment_id: twoStage.id, amount: rub('500.00') }, newKey());
  expect([refund.status, refund.payment_id, refund.amount]).toEqual(['succeeded', twoStage.id, rub('500.00')]);
  expect(await yoo.getRefund(refund.id)).toEqual(refund);
  expect((await yoo.getPayment(twoStage.id)).refunded_amount).toEqual(rub('500.00'));

  const receiptDoc = await yoo.createReceipt(
    {
      type: 'payment',
      payment_id: twoStage.id,
      ...receipt('1500.00'),
      settlements: [{ type: 'prepayment', amount: rub('1500.00') }],
      send: true,
    },
    newKey(),
  );
  expect([receiptDoc.type, receiptDoc.payment_id, receiptDoc.status]).toEqual(['payment', twoStage.id, 'pending']);
  expect((await yoo.getReceipt(receiptDoc.id)).status).toBe('succeeded');

  // Only a two-stage payment waiting for its capture can be canceled by the shop.
  const abandoned = await yoo.createPayment(paymentBody({ capture: false }), newKey());
  await control(`pay/${abandoned.id}`, {});
  const canceled = await yoo.cancelPayment(abandoned.id, newKey());
  expect([canceled.status, canceled.cancellation_details]).toEqual([
    'canceled',
    { party: 'merchant', reason: 'canceled_by_merchant' },
  ]);
  expect(logs).toEqual([]);
});

test('5xx and 429 are retried with the same key and the same body; one payment comes of it', async () => {
  await control('faults', { fail: { count: 1, status: 500, path: '^POST /v3/payments$' } });
  const yoo = client();
  const key = newKey();
  const first = await yoo.createPayment(paymentBody(), key);
  await control('faults', { fail: { count: 2, status: 429 } });
  const again = await yoo.createPayment(paymentBody(), key);
  expect(again.id).toBe(first.id);
  expect(await payments()).toHaveLength(1);
  const log = await requests();
  expect(log.map((r) => [r.status, r.idempotence_key])).toEqual([
    [500, key],
    [200, key],
    [429, key],
    [429, key],
    [200, key],
  ]);
  expect(new Set(log.map((r) => JSON.stringify(r.body))).size).toBe(1);
  expect(logs.map((l) => [l.level, (l.data as { status: number }).status])).toEqual([
    ['warn', 500],
    ['warn', 429],
    ['warn', 429],
  ]);
});

test('an answer lost after YooKassa acted (HTTP 500, a dropped connection): the retry gets the same payment', async () => {
  const yoo = client();
  await control('faults', { fail: { after: true } });
  const lost = await yoo.createPayment(paymentBody(), newKey());
  await control('faults', { fail: { after: true, drop: true } });
  const dropped = await yoo.createPayment(paymentBody(), newKey());
  expect((await payments()).map((p) => p.id)).toEqual([lost.id, dropped.id]);
  expect((await requests()).map((r) => [r.fault ?? null, r.replayed ?? false])).toEqual([
    ['fail-after', false],
    [null, true],
    ['drop-after', false],
    [null, true],
  ]);
});

test('HTTP 202 "processing": asked again after retry_after, with the same key', async () => {
  await control('faults', { processing: { count: 2, retryAfterMs: 25 } });
  const payment = await client().createPayment(paymentBody(), newKey());
  expect(payment.status).toBe('pending');
  expect((await requests()).map((r) => r.status)).toEqual([202, 202, 200]);
  expect(logs.map((l) => (l.data as { delayMs: number }).delayMs)).toEqual([25, 25]);
});

test('a timeout is retried; YooKassa carried the first call out anyway, and the key makes it one payment', async () => {
  await control('faults', { delay: { ms: 400, count: 1 } });
  const key = newKey();
  const payment = await client({ timeoutMs: 100 }).createPayment(paymentBody(), key);
  expect(logs[0]).toMatchObject({
    level: 'warn',
    data: { status: null, reason: expect.stringMatching(/within 100 ms/) },
  });
  // The first call ends on the fake's side after the retry's: it finds the key already answered.
  await until(async () => (await requests()).every((r) => r.status !== undefined));
  expect((await requests()).map((r) => [r.fault ?? null, r.replayed ?? false])).toEqual([
    ['delay', true],
    [null, false],
  ]);
  expect((await payments()).map((p) => p.id)).toEqual([payment.id]);
});

test('4xx are final: YooKassa’s code, description and parameter, no retry', async () => {
  const yoo = client();
  const invalid = await failure(yoo.createPayment(paymentBody({ amount: rub('15.999') }), newKey()));
  expect(invalid).toMatchObject({
    status: 400,
    code: 'invalid_request',
    parameter: 'amount.value',
    retryable: false,
  });
  expect(invalid.description).toContain('amount.value');
  expect(invalid.message).toMatch(/^YooKassa POST \/payments: HTTP 400 invalid_request \(/);
  const missing = await failure(yoo.getPayment('2f1c0a9e-000f-5000-8000-1a2b3c4d5e6f'));
  expect([missing.status, missing.code, missing.retryable]).toEqual([404, 'not_found', false]);
  const wrongSecret = await failure(client({ secretKey: 'wrong' }).getPayment('x'));
  expect([wrongSecret.status, wrongSecret.code]).toEqual([401, 'invalid_credentials']);
  expect(await requests()).toHaveLength(3);
  expect(logs).toEqual([]);
});

test('gives up after `attempts` with a retryable error and says so once', async () => {
  await control('faults', { fail: { count: null, status: 503 } });
  const error = await failure(client({ attempts: 3 }).getPayment('any'));
  expect([error.status, error.retryable]).toEqual([503, true]);
  expect(await requests()).toHaveLength(3);
  expect(logs.map((l) => l.level)).toEqual(['warn', 'warn', 'error']);
  expect(logs[2]!.data).toMatchObject({ method: 'GET', path: '/payments/any', attempt: 3, attempts: 3 });
});

test('no server, or one that answers garbage: errors, not crashes', async () => {
  const closed = http.createServer();
  await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((done) => closed.close(done));
  const nobody = await failure(client({ apiRoot: `http://127.0.0.1:${port}/v3`, attempts: 2 }).getPayment('x'));
  expect([nobody.status, nobody.retryable]).toEqual([null, true]);
  expect(nobody.message).toMatch(/no answer \(fetch failed: ECONNREFUSED\)/);

  const answers = ['<html>Шлюз</html>', '{"id": 1, "status": "pending"}', '[]'];
  let hits = 0;
  const garbage = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(answers[hits % answers.length]);
    hits += 1;
  });
  await new Promise<void>((done) => garbage.listen(0, '127.0.0.1', done));
  const apiRoot = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}/v3`;
  try {
    const error = await failure(client({ apiRoot, attempts: 3 }).createPayment(paymentBody(), newKey()));
    expect([error.status, error.retryable]).toEqual([200, true]);
    expect(error.message).toMatch(/without an object with id and status/);
    expect(hits).toBe(3);
  } finally {
    await new Promise((done) => garbage.close(done));
  }
});

test('never makes up a key, and never shows the secret key or the Authorization header', async () => {
  const yoo = client();
  await expect(yoo.createPayment(paymentBody(), '')).rejects.toThrow(TypeError);
  await expect(yoo.cancelPayment('x', 'k'.repeat(65))).rejects.toThrow(/Idempotence-Key of 1 to 64/);
  expect(await requests()).toEqual([]);

  await control('faults', { fail: { count: null } });
  const error = await failure(client({ attempts: 2 }).createPayment(paymentBody(), newKey()));
  const shown = [JSON.stringify(logs), error.message, inspect(error), inspect(yoo), JSON.stringify(yoo)].join('\n');
  expect(shown).not.toContain(SECRET);
  expect(shown).not.toContain(BASIC);
  expect(shown).not.toMatch(/authorization/i);
  expect(JSON.stringify(await requests())).not.toContain(BASIC);
});
