import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A fake YooKassa (scripts/fake-yookassa.mjs: the real protocol, its checkout page and a control
 * API) of the test file's own, in a worker thread (jest's CommonJS loader cannot import an .mjs;
 * a worker's loader can). Driven over HTTP, as e2e drives it.
 */
export interface FakeYooKassa {
  url: string;
  apiRoot: string;
  shopId: string;
  secretKey: string;
  /** The API's environment for this shop, notifications accepted from this machine. */
  env: Record<string, string>;
  control<T>(path: string, body?: object): Promise<T>;
  payments(): Promise<FakePayment[]>;
  close(): Promise<void>;
}

export interface FakePayment {
  id: string;
  status: string;
  paid: boolean;
  amount: { value: string };
  metadata?: Record<string, string>;
  refunded_amount?: { value: string };
  _request: Record<string, unknown> & { receipt?: unknown };
}

export async function startFakeYooKassa(): Promise<FakeYooKassa> {
  const scripts = resolve(__dirname, '../../../../scripts');
  const fakeUrl = pathToFileURL(resolve(scripts, 'fake-yookassa.mjs')).href;
  const freePortUrl = pathToFileURL(resolve(scripts, 'free-port.mjs')).href;
  const shopId = '100500';
  const secretKey = `test_${process.pid}_api_tests_secret`;
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    (async () => {
      const { freePort } = await import(${JSON.stringify(freePortUrl)});
      const { startFakeYooKassa } = await import(${JSON.stringify(fakeUrl)});
      const fake = await startFakeYooKassa({ port: await freePort(), shopId: ${JSON.stringify(shopId)}, secretKey: ${JSON.stringify(secretKey)} });
      parentPort.once('message', () => fake.close().then(() => parentPort.postMessage('closed')));
      parentPort.postMessage({ url: fake.url, apiRoot: fake.apiRoot });
    })();`,
    { eval: true },
  );
  const started = await new Promise<{ url: string; apiRoot: string }>((done, fail) => {
    worker.once('message', done);
    worker.once('error', fail);
  });
  const control = async <T>(path: string, body?: object): Promise<T> => {
    const response = await fetch(`${started.url}/__fake/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`fake ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    ...started,
    shopId,
    secretKey,
    env: {
      YOOKASSA_SHOP_ID: shopId,
      YOOKASSA_SECRET_KEY: secretKey,
      YOOKASSA_API_ROOT: started.apiRoot,
      YOOKASSA_NOTIFY_FROM: '127.0.0.1/32,::1/128',
    },
    control,
    payments: () => control<FakePayment[]>('payments'),
    close: async () => {
      const closed = new Promise((done) => worker.once('message', done));
      worker.postMessage('close');
      await closed;
      await worker.terminate();
    },
  };
}
