import { fixturePasswordHash } from './support/players';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client as PgClient } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { reminderJobId } from '../src/bookings/booking-reminders';
import { noShowJobId } from '../src/bookings/no-shows';
import { QUEUES } from '../src/queues/queues';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { Client } from './support/client';
import { freePort, startScript, type RunningProcess } from './support/processes';
import { waitFor } from './support/wait';

// The API process killed (SIGKILL) right after games commit, before what follows them is queued,
// round after round, then started again: every game has its reminder and its no-show check, once
// (docs/decisions/0086-event-outbox.md); a game cancelled the same way has its hour offered to the
// line (docs/decisions/0117-freed-hours-through-the-outbox.md). The window is held open by a Redis that takes no writes
// (CLIENT PAUSE WRITE: a Redis slow at the moment of the crash) — a Redis of this file's own, so the
// pause stalls no other test.

const ROUNDS = 4;
const GAMES_PER_ROUND = 6;
const prefix = `kort-killed:${randomUUID().slice(0, 8)}:`;
const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);

let redisServer: ChildProcess;
let redisUrl: string;
let redis: Redis;
let db: DataSource;
/** The change feed's channel, as every replica listens to it: the payloads since the last reset. */
let feed: PgClient;
let announced: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  redisServer = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  redisUrl = `redis://127.0.0.1:${port}`;
  redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  await waitFor(async () => (await redis.ping().catch(() => null)) === 'PONG', 10_000, 'our own Redis up');
  db = await new DataSource(dataSourceOptions(process.env.DATABASE_URL!)).initialize();
  feed = new PgClient({ connectionString: process.env.DATABASE_URL });
  await feed.connect();
  feed.on('notification', (message) => announced.push(message.payload ?? ''));
  await feed.query('LISTEN kort_changes');
});

afterAll(async () => {
  await redis?.call('CLIENT', 'UNPAUSE').catch(() => undefined);
  redis?.disconnect();
  await db?.destroy();
  await feed?.end();
  redisServer?.kill('SIGKILL');
});

const start = () =>
  startScript('start:prod', { ...process.env, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' });

async function player(): Promise<{ id: number; email: string }> {
  const email = uniqueEmail('killed-commit');
  const [row] = await db.query<{ id: number }[]>(
    `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at)
     VALUES ($1, 'Игрок', 'player', $2, now(), now()) RETURNING id`,
    [email, await fixturePasswordHash()],
  );
  return { id: row!.id, email };
}

async function signedInPlayer(api: RunningProcess): Promise<{ id: number; client: Client }> {
  const { id, email } = await player();
  const client = new Client(api.base);
  expect((await client.post('/api/login/', { email, password: PASSWORD })).status).toBe(200);
  return { id, client };
}

test('killed right after games commit, again and again: every game gets its reminder and its check, once', async () => {
  const gameIds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const api = await start();
    const players = [];
    for (let i = 0; i < GAMES_PER_ROUND; i += 1) players.push(await signedInPlayer(api));
    // The last round's games followed up (and announced) by this process: what is announced from now is this round's.
    await waitFor(async () => (await db.query(`SELECT id FROM event_outbox`)).length === 0, 15_000, 'the outbox empty');
    announced = [];
    // Redis takes no more writes: whatever the API queues after the commit waits there.
    await redis.call('CLIENT', 'PAUSE', '60000', 'WRITE');
    players.forEach(({ client }, i) => {
      const slot = round * GAMES_PER_ROUND + i;
      const hour = String(6 + (slot % 18)).padStart(2, '0');
      const court = 1 + Math.floor(slot / 18);
      void client
        .post(`/api/order-court/${court}/`, {
          id_cort: court,
          time_start: `${day}T${hour}:00:00+03:00`,
          players_count: 2,
        })
        .catch(() => null); // the process dies under it
    });
    const ids = players.map(({ id }) => id);
    await waitFor(
      async () =>
        (await db.query(`SELECT id FROM bookings WHERE user_id = ANY($1::int[])`, [ids])).length === ids.length,
      15_000,
      `round ${round}: every game committed`,
    );
    // The replicas' read caches are told of the games although their jobs cannot be queued: the
    // relay announces them first (the booking's own commit announces nothing: decision 0128).
    await waitFor(() => announced.includes('bookings'), 15_000, `round ${round}: the games announced`);
    api.child.kill('SIGKILL');
    expect(await api.exited).toBe('SIGKILL');
    await redis.call('CLIENT', 'UNPAUSE');
    const games = await db.query<{ id: number }[]>(`SELECT id FROM bookings WHERE user_id = ANY($1::int[])`, [ids]);
    gameIds.push(...games.map((game) => game.id));
  }

  const api = await start();
  const connection = { host: '127.0.0.1', port: Number(new URL(redisUrl).port) };
  const reminders = new Queue(QUEUES.bookings, { prefix: `${prefix}bull`, connection });
  const checks = new Queue(QUEUES.noShows, { prefix: `${prefix}bull`, connection });
  try {
    const games = await db.query<{ id: number; created_at: Date }[]>(
      `SELECT id, created_at FROM bookings WHERE id = ANY($1::int[])`,
      [gameIds],
    );
    expect(games).toHaveLength(ROUNDS * GAMES_PER_ROUND);
    const queued = async () => {
      const [reminded, checked] = await Promise.all([reminders.getJobs(['delayed']), checks.getJobs(['delayed'])]);
      return { reminded, checked };
    };
    await waitFor(
      async () => {
        const { reminded, checked } = await queued();
        return reminded.length >= games.length && checked.length >= games.length;
      },
      20_000,
      'a reminder and a check for every game',
    );
    const { reminded, checked } = await queued();
    expect(reminded.map((job) => job.id).sort()).toEqual(
      games.map((game) => reminderJobId({ id: game.id, createdAt: game.created_at })).sort(),
    );
    expect(checked.map((job) => job.id).sort()).toEqual(
      games.map((game) => noShowJobId({ id: game.id, createdAt: game.created_at })).sort(),
    );
    expect(await db.query(`SELECT id FROM event_outbox`)).toEqual([]);
  } finally {
    await reminders.close();
    await checks.close();
    api.child.kill('SIGTERM');
    await api.exited;
  }
}, 180_000);

test('killed right after a game is cancelled: its hour is still offered to the first in line, once', async () => {
  // Both courts taken at 20:00 a day after the first test's games; a third player waits in line for that hour.
  const laterDay = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const startsAt = new Date(`${laterDay}T20:00:00+03:00`);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  const [first, second, waiting] = [await player(), await player(), await player()];
  for (const [court, who] of [first, second].entries()) {
    await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2)`,
      [who.id, court + 1, startsAt, endsAt],
    );
  }
  const [entry] = await db.query<{ id: number }[]>(
    `INSERT INTO waitlist_entries (site_id, user_id, starts_at) VALUES ('default', $1, $2) RETURNING id`,
    [waiting.id, startsAt],
  );

  let api = await start();
  try {
    const client = new Client(api.base);
    expect((await client.post('/api/login/', { email: first.email, password: PASSWORD })).status).toBe(200);
    // Redis takes no more writes: the offer queued after the commit waits there, and dies with the process.
    await redis.call('CLIENT', 'PAUSE', '60000', 'WRITE');
    void client
      .post('/api/delete_order/1/', { id_cort: 1, time_start: `${laterDay}T20:00:00+03:00` })
      .catch(() => null); // the process dies under it
    await waitFor(
      async () =>
        (await db.query(`SELECT 1 FROM bookings WHERE user_id = $1 AND cancelled_at IS NOT NULL`, [first.id]))
          .length === 1,
      15_000,
      'the cancellation committed',
    );
    api.child.kill('SIGKILL');
    expect(await api.exited).toBe('SIGKILL');
    await redis.call('CLIENT', 'UNPAUSE');

    api = await start();
    const offered = async () =>
      db.query<{ state: string; held: number }[]>(
        `SELECT w.state, (SELECT count(*)::int FROM bookings b WHERE b.user_id = w.user_id AND b.held_until IS NOT NULL
                          AND b.cancelled_at IS NULL AND b.starts_at = w.starts_at) AS held
           FROM waitlist_entries w WHERE w.id = $1`,
        [entry!.id],
      );
    await waitFor(async () => (await offered())[0]?.state === 'offered', 20_000, 'the freed hour offered to the line');
    expect(await offered()).toEqual([{ state: 'offered', held: 1 }]);
    expect(await db.query(`SELECT id FROM event_outbox`)).toEqual([]);
  } finally {
    await redis.call('CLIENT', 'UNPAUSE').catch(() => undefined);
    api.child.kill('SIGTERM');
    await api.exited;
  }
}, 120_000);
