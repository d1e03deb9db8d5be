// The read caches (src/cache/, docs/decisions/0050-*): two replicas share the database and Redis, as behind
// the proxy; what one writes, the other serves at once, and with the change feed cut the caches
// step aside instead of answering from memory.
import { messages } from '@kort/contracts';
import { ChangeFeed } from '../src/cache/change-feed';
import { waitFor } from './support/wait';
import { type Client } from './support/client';
import { msk, order, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

// Bookings in March 2027: no other file books then.
const NOW = '2027-03-01T07:00:00Z'; // Monday 1 March 2027, 10:00 in Moscow
const DAY = '2027-03-10';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // A database of their own: the rules text is one row that another file edits too.
  a = await startTestApp({}, new TestClock(), { ownDatabase: true });
  b = await startTestApp({ REDIS_PREFIX: a.config.redisPrefix, DATABASE_URL: a.config.databaseUrl }, new TestClock());
  await waitFor(() => a.app.get(ChangeFeed).live && b.app.get(ChangeFeed).live);
});
beforeEach(() => {
  a.clock.set(NOW);
  b.clock.set(NOW);
});
afterAll(async () => {
  await b.close();
  await a.close(); // drops the database
});

/** The same browser reaching the other replica (the proxy's round robin). */
function onReplica(client: Client, api: TestApp): Client {
  const other = api.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

// The other replica follows within the notification's delivery (change-feed.ts): milliseconds on a
// quiet machine, so it is given one second, far inside the caches' minute that a lost notification
// would leave it stale for.
const FEED_DELIVERY_MS = 1000;

test('a game booked through one replica is in the other\'s dial, calendar and "my games" within the notification\'s delivery', async () => {
  const [sport] = await signedInPlayers(a, 1, { sportSchool: true });
  const viaA = sport!.client;
  const viaB = onReplica(viaA, b);
  const dial = async () => (await viaB.get(`/api/get-available-times/?date=${DAY}`)).body as Record<string, number[]>;
  const myGames = async () => ((await viaB.get('/api/my-orders/')).body as { detail: unknown[] }).detail.length;
  // Both replicas have the day, the month and the list in memory before each write.
  expect(await dial()).toEqual({ reserved: [], reserved_hours_by_current_user: [] });
  expect(await myGames()).toBe(0);

  for (const [round, hour] of [6, 7, 8, 9, 10, 11, 12, 13, 14, 15].entries()) {
    expect((await order(viaA, 1 + (round % 2), msk(DAY, hour))).status).toBe(200);
    await waitFor(
      async () => (await dial()).reserved_hours_by_current_user!.includes(hour) && (await myGames()) === round + 1,
      FEED_DELIVERY_MS,
      `the ${hour}:00 game on the other replica`,
    );
  }
  // Both courts taken at 16:00: the hour is taken on the other replica's dial.
  const [other] = await signedInPlayers(a, 1);
  expect((await order(other!.client, 2, msk(DAY, 16))).status).toBe(200);
  expect((await order(viaA, 1, msk(DAY, 16))).status).toBe(200);
  await waitFor(async () => (await dial()).reserved!.join() === '16', FEED_DELIVERY_MS, 'the 16:00 hour taken');
});

test("players' games, whose announcement the booking leaves to the outbox's relay, are on the other replica's dial as soon", async () => {
  // Players under the quotas book in one statement that notifies nobody at its commit: the event
  // outbox's relay announces the games once it has taken them (docs/decisions/0128).
  const DAY11 = '2027-03-11';
  const [viewer, ...others] = await signedInPlayers(a, 5);
  const viaB = onReplica(viewer!.client, b);
  const dial = async () => (await viaB.get(`/api/get-available-times/?date=${DAY11}`)).body as Record<string, number[]>;
  expect(await dial()).toEqual({ reserved: [], reserved_hours_by_current_user: [] });

  expect((await order(viewer!.client, 1, msk(DAY11, 8))).status).toBe(200);
  await waitFor(async () => (await dial()).reserved_hours_by_current_user!.join() === '8', FEED_DELIVERY_MS, 'my game');
  for (const hour of [9, 10]) {
    // One player on each court: the hour is taken.
    for (const court of [1, 2]) expect((await order(others.shift()!.client, court, msk(DAY11, hour))).status).toBe(200);
    await waitFor(async () => (await dial()).reserved!.includes(hour), FEED_DELIVERY_MS, `the ${hour}:00 hour taken`);
  }
});

test("a fully booked day shows on the other replica's calendar at once", async () => {
  const [club] = await signedInPlayers(a, 1, { sportSchool: true });
  const viaB = onReplica(club!.client, b);
  const fullDays = async () =>
    ((await viaB.get('/api/booked_times/?month=3&year=2027')).body as { detail: number[] }).detail;
  const before = await fullDays();
  expect(before).not.toContain(12);
  for (let hour = 6; hour <= 23; hour += 1) {
    for (const court of [1, 2]) expect((await order(club!.client, court, msk('2027-03-12', hour))).status).toBe(200);
  }
  expect(await fullDays()).toContain(12);
});

test('an account blocked through one replica is signed out on the other at once', async () => {
  const [player] = await signedInPlayers(a, 1);
  const [admin] = await signedInPlayers(a, 1, { role: 'owner' });
  const viaB = onReplica(player!.client, b);
  expect((await viaB.get('/api/my_name/')).status).toBe(200); // the account is in B's memory
  expect((await admin!.client.act(`/api/delete_user/?id=${player!.id}`)).status).toBe(200);
  const refused = await viaB.get('/api/my_name/');
  expect(refused.status).toBe(401);
  expect(refused.body.detail).toBe(messages.notAuthenticated);
});

test('the rules an admin changes through one replica are what the other serves next', async () => {
  const [admin] = await signedInPlayers(a, 1, { role: 'owner' });
  const rules = async () => ((await b.client().get('/api/give_rules/')).body as { detail: string }).detail;
  const original = await rules();
  const text = `Правила клуба, редакция ${Date.now()}`;
  expect((await admin!.client.put('/api/admin/settings/court_rules', { value: text })).status).toBe(200);
  expect(await rules()).toBe(text);
  expect((await admin!.client.put('/api/admin/settings/court_rules', { value: original })).status).toBe(200);
  expect(await rules()).toBe(original);
});

test('with the change feed cut, the caches step aside until it listens again', async () => {
  const [player] = await signedInPlayers(b, 1);
  const name = async () => ((await player!.client.get('/api/my_name/')).body as { detail: string }).detail;
  const rename = (value: string) => b.db.query(`UPDATE users SET name = $2 WHERE id = $1`, [player!.id, value]);
  expect(await name()).toBe('Игрок');

  // Both replicas' LISTEN connections killed, as a PostgreSQL failover or a network cut would. Only
  // theirs: the other test files run beside this one on the same PostgreSQL, each app with its own
  // feed, and a feed cut under them made their reads stale for a moment (a shelf test saw a storage
  // switch's old value).
  const feeds = await Promise.all([a, b].map((replica) => replica.app.get(ChangeFeed).backendPid()));
  expect(feeds.every((pid) => typeof pid === 'number')).toBe(true);
  await b.db.query(`SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid`, [feeds]);
  await waitFor(() => !b.app.get(ChangeFeed).live);
  await rename('Без кэша');
  expect(await name()).toBe('Без кэша'); // read from the database: nothing is served from memory

  await waitFor(() => b.app.get(ChangeFeed).live);
  expect(await name()).toBe('Без кэша');
  // Written behind the API's back: the trigger tells the feed, and the cached name goes within the
  // notification's delivery (the read just before put it in memory again).
  await rename('Снова с кэшем');
  await waitFor(async () => (await name()) === 'Снова с кэшем', FEED_DELIVERY_MS, 'the renamed player');
});
