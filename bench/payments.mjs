// A club that charges, against the local fake of YooKassa (scripts/fake-yookassa.mjs), each figure
// beside a bare reference measured in the same run:
// - the pay call (POST /api/payments/ for a held game: the claim under the game's lock, YooKassa's
//   create with the stored key, the answer): p99 target 1 s; beside a bare create at the fake;
// - a notification → the game paid (the fake's checkout «Оплатить», its notification, the read-back
//   by id, the game marked paid): p99 target 1 s; beside the fake's notification alone (our 200);
// - reconciliation: 1,000 payments whose notifications were lost, read back by the sweep (one
//   BullMQ sweep job): every game paid; beside 1,000 bare GETs of the same payments.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { BENCH_DAY, freePort, players, quantiles, startServer } from './lib.mjs';
import { startFakeYooKassa } from '../scripts/fake-yookassa.mjs';
import { until as waitUntil } from '../e2e/support/wait.mjs';

const require = createRequire(import.meta.url);
const { Queue } = require('bullmq');

const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const until = (check, what, timeoutMs = 60_000) => waitUntil(check, what, timeoutMs, 1);
const SHOP = { shopId: '100500', secretKey: 'test_bench_payments_secret_key' };
const AUTH = `Basic ${Buffer.from(`${SHOP.shopId}:${SHOP.secretKey}`).toString('base64')}`;

const post = (base, session, path, body) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrf },
    body: JSON.stringify(body),
  });

/** The hour `round` of the bench: from BENCH_DAY on, 08:00-21:00 in Moscow, a court each of two. */
function slotOf(round) {
  const day = new Date(`${BENCH_DAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(round / 28));
  const hour = 8 + (Math.floor(round / 2) % 14);
  return {
    court: 1 + (round % 2),
    start: `${day.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+03:00`,
  };
}

export async function paymentsPart(databaseUrl, agentToken, { games = 100, reconciled = 1000 } = {}) {
  const fake = await startFakeYooKassa({ port: await freePort(), ...SHOP });
  const prefix = `kort-bench-pay:${Date.now().toString(36)}:`;
  const api = await startServer('services/api/dist/main.js', '/api/health/', {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: prefix,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'warn',
    EDGE_AGENT_TOKEN: agentToken,
    YOOKASSA_SHOP_ID: SHOP.shopId,
    YOOKASSA_SECRET_KEY: SHOP.secretKey,
    YOOKASSA_API_ROOT: fake.apiRoot,
    YOOKASSA_NOTIFY_FROM: '127.0.0.1/32,::1/128',
  });
  fake.setNotify({ url: `${api.base}/api/payments/yookassa/` });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(`DELETE FROM prices WHERE site_id = 'default'`);
    await db.query(
      `INSERT INTO prices (site_id, name, weekdays, from_hour, to_hour, amount_kopecks)
       VALUES ('default', 'Бенчмарк', '{1,2,3,4,5,6,7}', 6, 24, 150000)`,
    );
    const sessions = await players(api.base, databaseUrl, games, { parallel: 10 });

    // The pay call, one game per player, one at a time (what a player waits for).
    const payCalls = [];
    const payments = [];
    for (const [round, session] of sessions.entries()) {
      const slot = slotOf(round);
      const booked = await post(api.base, session, `/api/order-court/${slot.court}/`, {
        id_cort: slot.court,
        time_start: slot.start,
        players_count: 2,
      });
      const { id, payment } = await booked.json();
      if (!payment) throw new Error(`game ${round} was not held for a payment (${booked.status})`);
      const started = process.hrtime.bigint();
      const answer = await post(api.base, session, '/api/payments/', { booking_id: id, method: 'bank_card' });
      payCalls.push(since(started));
      if (answer.status !== 200) throw new Error(`pay call: ${answer.status} ${await answer.text()}`);
      payments.push({ bookingId: id });
    }
    const bareCreates = [];
    for (let i = 0; i < games; i += 1) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${fake.apiRoot}/payments`, {
        method: 'POST',
        headers: { authorization: AUTH, 'idempotence-key': randomUUID(), 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: { value: '1500.00', currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: 'http://127.0.0.1/' },
          payment_method_data: { type: 'bank_card' },
          description: 'Бенчмарк',
        }),
      });
      await response.json();
      bareCreates.push(since(started));
    }

    // A notification → paid: the fake's «Оплатить» sends it; the game is paid once read back.
    const byBooking = new Map(fake.payments().map((p) => [p.metadata?.booking_id, p.id]));
    const toPaid = [];
    const notified = [];
    for (const { bookingId } of payments) {
      const provider = byBooking.get(String(bookingId));
      const started = process.hrtime.bigint();
      await fake.pay(provider); // resolves once the API answered the notification
      notified.push(since(started));
      await until(
        async () =>
          (await db.query(`SELECT 1 FROM game_payments WHERE booking_id = $1 AND paid_at IS NOT NULL`, [bookingId]))
            .rowCount === 1,
        `game ${bookingId} paid`,
        10_000,
      );
      toPaid.push(since(started));
    }

    // Reconciliation: games held and paid at YooKassa whose notifications were all lost.
    const {
      rows: [user],
    } = await db.query(`SELECT id FROM users ORDER BY id DESC LIMIT 1`);
    fake.setNotify({ lose: true });
    const lost = [];
    for (let round = 0; round < reconciled; round += 1) {
      const start = new Date(
        Date.parse(`${BENCH_DAY}T00:00:00Z`) + (60 + round) * 86_400_000 + (round % 2) * 3_600_000,
      );
      const {
        rows: [game],
      } = await db.query(
        `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
         VALUES ($1, 1, $2, $3, 2) RETURNING id`,
        [user.id, start, new Date(start.getTime() + 3_600_000)],
      );
      await db.query(
        `INSERT INTO game_payments (booking_id, site_id, user_id, amount_kopecks, pay_until)
         VALUES ($1, 'default', $2, 150000, now() + interval '1 hour')`,
        [game.id, user.id],
      );
      const key = randomUUID();
      const response = await fetch(`${fake.apiRoot}/payments`, {
        method: 'POST',
        headers: { authorization: AUTH, 'idempotence-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: { value: '1500.00', currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: 'http://127.0.0.1/' },
          payment_method_data: { type: 'bank_card' },
          description: 'Бенчмарк',
        }),
      });
      const made = await response.json();
      await db.query(
        `INSERT INTO payments (site_id, booking_id, user_id, method, amount_kopecks, idempotence_key, provider_id, created_at)
         VALUES ('default', $1, $2, 'bank_card', 150000, $3, $4, now() - interval '11 minutes')`,
        [game.id, user.id, key, made.id],
      );
      await fake.pay(made.id);
      lost.push(made.id);
    }
    const bareReads = process.hrtime.bigint();
    for (const id of lost)
      await (await fetch(`${fake.apiRoot}/payments/${id}`, { headers: { authorization: AUTH } })).json();
    const bareSeconds = since(bareReads) / 1000;
    const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('payments', {
      connection: { host: redis.hostname, port: Number(redis.port || 6379) },
      prefix: `${prefix}bull`,
    });
    const sweepStarted = process.hrtime.bigint();
    await queue.add('payment-sweep', {});
    await until(
      async () =>
        Number(
          (
            await db.query(
              `SELECT count(*) AS n FROM payments WHERE provider_id = ANY($1::text[]) AND status = 'succeeded'`,
              [lost],
            )
          ).rows[0].n,
        ) === lost.length,
      'every lost payment reconciled',
      180_000,
    );
    const sweepSeconds = since(sweepStarted) / 1000;
    await queue.close();

    const payQ = quantiles(payCalls);
    const paidQ = quantiles(toPaid);
    return [
      {
        name: 'pay call (POST /api/payments/)',
        samples: games,
        ms: payQ,
        verdict: payQ.p99_ms <= 1000 ? 'PASS' : `FAIL: p99 ${payQ.p99_ms} ms`,
      },
      { name: '  reference: a bare create at the fake YooKassa', samples: games, ms: quantiles(bareCreates) },
      {
        name: 'notification → game paid',
        samples: games,
        ms: paidQ,
        verdict: paidQ.p99_ms <= 1000 ? 'PASS' : `FAIL: p99 ${paidQ.p99_ms} ms`,
      },
      { name: '  reference: the notification answered', samples: games, ms: quantiles(notified) },
      {
        name: `reconciliation of ${reconciled} lost notifications`,
        seconds: Math.round(sweepSeconds * 10) / 10,
        paid: lost.length,
      },
      { name: `  reference: ${reconciled} bare GET /payments/{id}`, seconds: Math.round(bareSeconds * 10) / 10 },
    ];
  } finally {
    await db.end();
    await api.stop();
    await fake.close();
  }
}

export function printPayments(figures) {
  console.log('\nPayments (against the fake YooKassa on this machine)');
  for (const row of figures) {
    const value = row.ms
      ? `p50 ${row.ms.p50_ms} ms, p90 ${row.ms.p90_ms} ms, p99 ${row.ms.p99_ms} ms`
      : `${row.seconds} s${row.paid !== undefined ? `, ${row.paid} paid` : ''}`;
    console.log(`  ${row.name.padEnd(58)} ${value}${row.verdict ? `  ${row.verdict}` : ''}`);
  }
}
