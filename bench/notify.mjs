// Players heard where they are, against the local fake Bot API, each figure beside a bare
// reference measured in the same run:
// - a freed court → the first in line's Telegram offer (the cancel call, the waitlist job, the hold,
//   the notifier, the Telegram queue, grammY, the fake's sendMessage): p99 target 2 s; beside the
//   cancel call's own answer and a bare grammY sendMessage to the same fake;
// - 1,000 reminders due at once (the reminder jobs of 1,000 games, each to its own chat): target
//   30 s, no chat messaged twice; beside 1,000 bare grammY sendMessage calls, 25 at a time (the
//   Telegram queue's concurrency).
import { createRequire } from 'node:module';
import pg from 'pg';
import { BENCH_DAY, freePort, players, quantiles, startServer } from './lib.mjs';
import { startMailDev } from '../scripts/maildev.mjs';
import { startFakeBotApi } from '../scripts/fake-telegram-bot-api.mjs';
import { until as waitUntil } from '../e2e/support/wait.mjs';

const require = createRequire(import.meta.url);
const { Bot } = require('grammy');
const { Queue } = require('bullmq');

const TOKEN = '7000000002:AAKortBenchBotToken_0123456789abcdef';
const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The shared wait, polling every millisecond: the waits here are what is timed. */
const until = (check, what, timeoutMs = 10_000) => waitUntil(check, what, timeoutMs, 1);

/**
 * The API with a bot, polling the fake (no webhook), on its own Redis prefix, mailing a MailDev of
 * its own (every notice goes by e-mail too, as it does for a player who linked Telegram).
 */
async function apiWithBot(databaseUrl, fake, prefix, agentToken, nodeFlags = []) {
  const maildev = await startMailDev({ smtpPort: await freePort(), webPort: await freePort() });
  const api = await startServer(
    'services/api/dist/main.js',
    '/api/health/',
    {
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: prefix,
      SMTP_URL: `smtp://127.0.0.1:${maildev.smtpPort}`,
      LOG_LEVEL: 'warn',
      EDGE_AGENT_TOKEN: agentToken,
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: fake.url,
    },
    nodeFlags,
  );
  return {
    base: api.base,
    stop: async () => {
      await api.stop();
      await maildev.stop();
    },
  };
}

const post = (base, session, path, body) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: session.cookie,
      'x-csrftoken': session.csrf,
      ...(session.address && { 'x-forwarded-for': session.address }),
    },
    body: JSON.stringify(body),
  });

/** The hour `round` of the bench: from BENCH_DAY on, 08:00-21:00 in Moscow, one hour each. */
function hourOf(round) {
  const day = new Date(`${BENCH_DAY}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + Math.floor(round / 14));
  return `${day.toISOString().slice(0, 10)}T${String(8 + (round % 14)).padStart(2, '0')}:00:00+03:00`;
}

async function ids(client, count) {
  const rows = await client.query(`SELECT id FROM users ORDER BY id DESC LIMIT $1`, [count]);
  return rows.rows.map((row) => row.id).reverse();
}

async function linkChats(client, userIds, firstChat) {
  await client.query(
    `INSERT INTO telegram_chats (user_id, chat_id, linked_at)
     SELECT u, $2::bigint + ordinality, now() FROM unnest($1::int[]) WITH ORDINALITY AS u`,
    [userIds, firstChat],
  );
}

export async function freedCourtToTelegram(databaseUrl, agentToken, rounds) {
  const fake = await startFakeBotApi({ token: TOKEN });
  const prefix = `kort-bench-notify:${Date.now().toString(36)}:`;
  const api = await apiWithBot(databaseUrl, fake, prefix, agentToken);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const sessions = await players(api.base, databaseUrl, rounds * 3, {
      parallel: 4,
      address: (i) => `10.77.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    });
    const userIds = await ids(db, rounds * 3);
    const waiting = userIds.filter((_, i) => i % 3 === 2);
    await linkChats(db, waiting, 700_000_000);
    const freed = [];
    const cancels = [];
    for (let round = 0; round < rounds; round += 1) {
      const [one, two, line] = sessions.slice(round * 3, round * 3 + 3);
      const time = hourOf(round);
      for (const [session, court] of [
        [one, 1],
        [two, 2],
      ]) {
        const booked = await post(api.base, session, `/api/order-court/${court}/`, {
          id_cort: court,
          time_start: time,
          players_count: 2,
        });
        if (!booked.ok) throw new Error(`bench: booking failed ${booked.status} ${await booked.text()}`);
      }
      const joined = await post(api.base, line, '/api/waitlist/', { time_start: time });
      if (!joined.ok) throw new Error(`bench: waitlist join failed ${joined.status} ${await joined.text()}`);
      const chat = 700_000_000 + waiting.indexOf(userIds[round * 3 + 2]) + 1;
      const start = process.hrtime.bigint();
      const cancelled = await post(api.base, one, '/api/delete_order/1/', {
        id_cort: 1,
        time_start: time,
        players_count: 2,
      });
      cancels.push(since(start));
      if (!cancelled.ok) throw new Error(`bench: cancel failed ${cancelled.status}`);
      await until(() => fake.sent().some((m) => Number(m.chat_id) === chat), `the offer to chat ${chat}`);
      freed.push(since(start));
    }
    const bot = new Bot(TOKEN, { client: { apiRoot: fake.url } });
    const bare = [];
    for (let i = 0; i < rounds; i += 1) {
      const start = process.hrtime.bigint();
      await bot.api.sendMessage(600_000_000 + i, 'Корт освободился');
      bare.push(since(start));
    }
    const freedQ = quantiles(freed);
    return [
      {
        name: 'freed court → first in line’s Telegram offer',
        samples: rounds,
        ms: freedQ,
        target: 'p99 ≤ 2000 ms',
        verdict: freedQ.p99_ms <= 2000 ? 'PASS' : `FAIL: p99 ${freedQ.p99_ms} ms`,
      },
      { name: '  reference: the cancel call’s own answer', samples: rounds, ms: quantiles(cancels) },
      { name: '  reference: bare grammY sendMessage to the fake', samples: rounds, ms: quantiles(bare) },
    ];
  } finally {
    await db.end();
    await api.stop();
    await fake.stop();
  }
}

/** BENCH_NOTIFY_PROFILE=<dir>: the API of the reminders burst runs under --cpu-prof, its profile kept there. */
export async function remindersBurst(databaseUrl, agentToken, count) {
  const fake = await startFakeBotApi({ token: TOKEN });
  const prefix = `kort-bench-notify:${Date.now().toString(36)}:`;
  const profile = process.env.BENCH_NOTIFY_PROFILE;
  const api = await apiWithBot(
    databaseUrl,
    fake,
    prefix,
    agentToken,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const queue = new Queue('bookings', {
    connection: { host: redis.hostname, port: Number(redis.port || 6379) },
    prefix: `${prefix}bull`,
  });
  try {
    const emails = Array.from({ length: count }, (_, i) => `bench-remind-${i}-${Date.now()}@example.com`);
    const { rows: users } = await db.query(
      `INSERT INTO users (email, name, confirmed_at, rules_accepted_at) SELECT e, 'Нагрузка', now(), now()
         FROM unnest($1::text[]) AS e RETURNING id`,
      [emails],
    );
    const userIds = users.map((row) => row.id);
    await linkChats(db, userIds, 710_000_000);
    // A game each, two courts an hour from a month ahead on (the reminders' own games).
    const { rows: games } = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, created_at)
       SELECT u, 1 + (n - 1) % 2, t, t + interval '1 hour', 2, now()
         FROM unnest($1::int[]) WITH ORDINALITY AS x(u, n),
              LATERAL (SELECT date_trunc('day', now()) + interval '30 days' + ((n - 1) / 2) * interval '1 hour' AS t) s
       RETURNING id`,
      [userIds],
    );
    const start = process.hrtime.bigint();
    await queue.addBulk(
      games.map((game) => ({
        name: 'booking-reminder',
        data: { bookingId: game.id },
        opts: { jobId: `booking-reminder-${game.id}` },
      })),
    );
    const firstChat = 710_000_001;
    const reached = () =>
      fake.sent().filter((m) => m.chat_id >= firstChat && m.chat_id < firstChat + count && m.text.startsWith('⏰'));
    const deadline = Date.now() + 120_000;
    while (reached().length < count && Date.now() < deadline) await sleep(20);
    const seconds = since(start) / 1000;
    const perChat = new Map();
    for (const message of reached()) perChat.set(message.chat_id, (perChat.get(message.chat_id) ?? 0) + 1);
    const twice = [...perChat.values()].filter((n) => n > 1).length;

    const bot = new Bot(TOKEN, { client: { apiRoot: fake.url } });
    const bareStart = process.hrtime.bigint();
    let next = 0;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < count) {
          const i = next++;
          await bot.api.sendMessage(720_000_000 + i, 'Напоминание');
        }
      }),
    );
    const bareSeconds = since(bareStart) / 1000;
    const ok = perChat.size === count && twice === 0 && seconds <= 30;
    return [
      {
        name: `${count} reminders due at once → each chat’s message`,
        samples: count,
        seconds: Math.round(seconds * 10) / 10,
        chats_reached: perChat.size,
        chats_messaged_twice: twice,
        target: `all ${count} in ≤ 30 s, none twice`,
        verdict: ok ? 'PASS' : `FAIL: ${perChat.size} chats in ${seconds.toFixed(1)} s, ${twice} twice`,
      },
      {
        name: `  reference: ${count} bare grammY sendMessage, 25 at a time`,
        samples: count,
        seconds: Math.round(bareSeconds * 10) / 10,
      },
    ];
  } finally {
    await queue.close();
    await db.end();
    await api.stop();
    await fake.stop();
  }
}

export function printNotify(figures) {
  console.log('\nNotifications (against the fake Bot API on this machine)');
  for (const row of figures) {
    const value = row.ms
      ? `p50 ${row.ms.p50_ms} ms, p90 ${row.ms.p90_ms} ms, p99 ${row.ms.p99_ms} ms`
      : `${row.seconds} s${row.chats_reached !== undefined ? `, ${row.chats_reached} chats, ${row.chats_messaged_twice} twice` : ''}`;
    console.log(`  ${row.name.padEnd(58)} ${value}${row.verdict ? `  ${row.verdict}` : ''}`);
  }
}
