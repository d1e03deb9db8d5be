import { fixturePasswordHash } from '../support/players';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { PASSWORD, uniqueEmail } from '../support/accounts';
import { Client } from '../support/client';
import { startFakeYooKassa, type FakeYooKassa } from '../support/fake-yookassa';
import { startScript, type RunningProcess } from '../support/processes';
import { waitFor } from '../support/wait';

// The API process killed (SIGKILL) between YooKassa making the payment and the API storing its
// answer; a new process, the player taps again: one payment at YooKassa, the same one
// (docs/decisions/0080-payments.md: the key is written before YooKassa is asked).

let yookassa: FakeYooKassa;
let db: DataSource;
const prefix = `${process.env.REDIS_PREFIX}${randomUUID().slice(0, 8)}:`;
const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  yookassa = await startFakeYooKassa();
  db = await new DataSource(dataSourceOptions(process.env.DATABASE_URL!)).initialize();
  await db.query(
    `INSERT INTO prices (site_id, name, weekdays, from_hour, to_hour, amount_kopecks)
     VALUES ('default', 'Весь день', '{1,2,3,4,5,6,7}', 6, 24, 150000)`,
  );
});
afterAll(async () => {
  await db?.destroy();
  await yookassa?.close();
});

const start = () =>
  startScript('start:prod', { ...process.env, ...yookassa.env, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' });

async function signedIn(api: RunningProcess, email: string): Promise<Client> {
  const client = new Client(api.base);
  const login = await client.post('/api/login/', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return client;
}

test('killed between YooKassa’s answer and ours, then restarted: the player’s second tap reaches the same payment', async () => {
  const email = uniqueEmail('killed');
  await db.query(
    `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at)
     VALUES ($1, 'Игрок', 'player', $2, now(), now())`,
    [email, await fixturePasswordHash()],
  );
  const first = await start();
  const player = await signedIn(first, email);
  const booked = await player.post('/api/order-court/1/', {
    id_cort: 1,
    time_start: `${day}T19:00:00+03:00`,
    players_count: 2,
  });
  expect(booked.status).toBe(200);
  const { id } = booked.body as { id: number };

  // YooKassa makes the payment, and its answers never arrive; the API is killed while it retries.
  await yookassa.control('faults', { fail: { count: 100, after: true, drop: true, path: 'POST /v3/payments' } });
  const tap = player.post('/api/payments/', { booking_id: id, method: 'bank_card' }).catch(() => null);
  await waitFor(async () => (await yookassa.payments()).some((p) => p.metadata?.booking_id === String(id)), 10_000);
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  await tap;
  await yookassa.control('faults', {});
  const [stored] = await db.query<{ provider_id: string | null }[]>(
    `SELECT provider_id FROM payments WHERE booking_id = $1`,
    [id],
  );
  expect(stored).toEqual({ provider_id: null }); // our side never heard the answer

  const second = await start();
  try {
    const again = await (await signedIn(second, email)).post('/api/payments/', { booking_id: id, method: 'bank_card' });
    expect(again.status).toBe(200);
    const made = (await yookassa.payments()).filter((p) => p.metadata?.booking_id === String(id));
    expect(made).toHaveLength(1);
    expect((again.body as { confirmation_url: string }).confirmation_url).toContain(made[0]!.id);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}, 90_000);
