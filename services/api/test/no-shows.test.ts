import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { messages, type PlayerNoShows } from '@kort/contracts';
import { GamePlay } from '../src/bookings/game-play';
import { noShowJobId, NoShows } from '../src/bookings/no-shows';
import { dropDatabase } from '../src/database/ensure-database';
import { QUEUES } from '../src/queues/queues';
import { obedient, scriptedAgent } from './support/agents';
import { waitFor } from './support/wait';
import { nextMail } from './support/mailbox';
import { madeGame, msk, order, outboxDrained, queuedJob, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

// Check-in is the door: a game whose door was not opened 15 minutes after
// its start is released; two no-shows in 30 days pause new bookings for 7 days; a sport school is
// exempt. The world: its own database (the site is one physical court) with a scripted agent
// connected, so the API knows the door; the clock is the test's, in March 2027.
const NOW = '2027-03-01T06:00:00Z'; // Monday 1 March 2027, 09:00 in Moscow
const MINUTE = 60_000;

let api: TestApp;
let base: string;
let agent: Awaited<ReturnType<typeof scriptedAgent>>;
beforeAll(async () => {
  api = await startTestApp({ NO_SHOW_AFTER_MIN: '15', NO_SHOW_LIMIT: '2', NO_SHOW_PAUSE_DAYS: '7' }, new TestClock(), {
    ownDatabase: true,
  });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  agent = await scriptedAgent(base, obedient);
  await waitFor(() => siteOnline());
});
beforeEach(() => api.clock.set(NOW));
afterAll(async () => {
  agent?.close();
  await api?.close();
});

const player = async (options: { sportSchool?: boolean } = {}) => (await signedInPlayers(api, 1, options))[0]!;
/**
 * A game booked at the test clock's time, once its check is queued: the check's delay counts from
 * that time, not from wherever the test has moved the clock by then (the worker would otherwise
 * run it at once, beside the test's own call).
 */
const booked = async (client: Parameters<typeof order>[0], court: number, startsAt: string): Promise<number> => {
  const response = await order(client, court, startsAt);
  expect(response.status).toBe(200);
  await outboxDrained(api.db);
  return response.body.id as number;
};
const at = (date: string, hour: number, minute = 0) => api.clock.set(new Date(msk(date, hour, minute)));
const noShows = () => api.app.get(NoShows);
/** Whether the API holds the site's agent for connected. */
const siteOnline = async (app: TestApp = api) =>
  (await app.db.query<{ online: boolean }[]>(`SELECT online FROM sites WHERE id = 'default'`))[0]?.online ?? false;

test('a game whose door was not opened is released 15 minutes after its start: the court is free, the player is told, My games says no-show', async () => {
  const { client, email } = await player();
  const booked = await order(client, 1, msk('2027-03-01', 12));
  expect(booked.status).toBe(200);
  const id = booked.body.id as number;
  // Queued once, for 12:15 (3 hours 15 minutes from 09:00).
  const job = await queuedJob(
    api.app.get<Queue>(getQueueToken(QUEUES.noShows)),
    noShowJobId(await madeGame(api.db, id)),
  );
  expect(job.opts.delay).toBe(195 * MINUTE);

  at('2027-03-01', 12, 14);
  expect(await noShows().check(id)).toBe('not-yet');
  at('2027-03-01', 12, 15);
  expect(await noShows().check(id)).toBe('released');
  expect(await noShows().check(id)).toBe('gone'); // a second run releases nothing twice

  expect((await client.get('/api/get_courts_status/?date=2027-03-01&hour=12')).body.busy_courts).toEqual([]);
  const [game] = (await client.get('/api/my-orders/')).body.detail;
  expect(game).toMatchObject({ id, status: 'no_show' });
  expect(game.offline_pin).toBeUndefined();
  const letter = await nextMail(email);
  expect(letter.subject).toBe('Неявка: игра 1 марта 2027 в 12:00');
  expect(letter.text).toContain('не открыли в течение 15 минут');
});

test('a game whose door was opened is checked in and stays', async () => {
  const { client } = await player();
  const id = await booked(client, 2, msk('2027-03-01', 13));
  at('2027-03-01', 13, 5);
  await api.app.get(GamePlay).markStarted([{ id, at: new Date(msk('2027-03-01', 13, 5)) }]);
  at('2027-03-01', 13, 30);
  expect(await noShows().check(id)).toBe('checked-in');
  expect((await client.get('/api/my-orders/')).body.detail[0]).toMatchObject({ id, status: 'playing' });
});

test('while the door is unreachable nobody is released blind; once it is back, the check decides', async () => {
  const { client } = await player();
  const id = await booked(client, 1, msk('2027-03-01', 14));
  agent.close();
  await waitFor(async () => !(await siteOnline()));
  at('2027-03-01', 14, 20);
  expect(await noShows().check(id)).toBe('door-unknown');
  expect((await client.get('/api/my-orders/')).body.detail[0]).toMatchObject({ id, status: 'upcoming' });

  agent = await scriptedAgent(base, obedient);
  await waitFor(() => siteOnline());
  expect(await noShows().check(id)).toBe('released');
});

test('the queued check runs by itself when it comes due (BullMQ), once', async () => {
  const { client } = await player();
  const id = await booked(client, 2, msk('2027-03-01', 15));
  const job = await queuedJob(
    api.app.get<Queue>(getQueueToken(QUEUES.noShows)),
    noShowJobId(await madeGame(api.db, id)),
  );
  at('2027-03-01', 15, 16);
  await job.promote(); // what the delay does at 15:15
  await waitFor(async () => (await job.getState()) === 'completed');
  expect((await client.get('/api/my-orders/')).body.detail[0]).toMatchObject({ id, status: 'no_show' });
});

test('a released game goes to the waitlist: the first in line is offered the court', async () => {
  const [a, b, waiting] = await signedInPlayers(api, 3);
  at('2027-03-01', 9);
  const id = await booked(a!.client, 1, msk('2027-03-02', 16));
  expect((await order(b!.client, 2, msk('2027-03-02', 16))).status).toBe(200);
  expect((await waiting!.client.post('/api/waitlist/', { time_start: msk('2027-03-02', 16) })).status).toBe(200);
  at('2027-03-02', 16, 15);
  expect(await noShows().check(id)).toBe('released');
  await waitFor(async () => (await waiting!.client.get('/api/waitlist/')).body.detail[0]?.state === 'offered');
  expect((await waiting!.client.get('/api/waitlist/')).body.detail[0]).toMatchObject({ court: 1 });
});

test('two no-shows within 30 days pause new bookings for 7 days, said with the date; then booking works again', async () => {
  const { client } = await player();
  for (const day of ['2027-03-02', '2027-03-10']) {
    at(day, 8);
    const id = await booked(client, 1, msk(day, 10));
    at(day, 10, 15);
    expect(await noShows().check(id)).toBe('released');
  }
  at('2027-03-11', 9);
  const refused = await order(client, 1, msk('2027-03-12', 10));
  expect(refused.status).toBe(403);
  expect(refused.body.code).toBe('booking.paused_for_no_shows');
  expect(refused.body.detail).toBe(`${messages.bookingPausedForNoShows} до 17 марта 2027, 10:15`);
  const limits = await client.get('/api/booking_limits/?year=2027&month=3');
  expect(limits.body.detail.paused_until).toBe('2027-03-17T10:15:00.000+03:00');
  // The player is told which games caused it, as My games writes them.
  expect(limits.body.detail.no_shows).toEqual([
    { date: '2 марта 2027', time: '10:00', court: 1 },
    { date: '10 марта 2027', time: '10:00', court: 1 },
  ]);

  at('2027-03-17', 10, 16);
  expect((await order(client, 1, msk('2027-03-18', 10))).status).toBe(200);
  const after = (await client.get('/api/booking_limits/?year=2027&month=3')).body.detail;
  expect(after.paused_until).toBeNull();
  expect(after).not.toHaveProperty('no_shows');
});

test('no-shows further apart than 30 days do not pause; a sport school is never paused', async () => {
  const { client } = await player();
  for (const day of ['2027-03-03', '2027-04-05']) {
    at(day, 8);
    const id = await booked(client, 2, msk(day, 10));
    at(day, 10, 15);
    expect(await noShows().check(id)).toBe('released');
  }
  expect((await order(client, 2, msk('2027-04-06', 10))).status).toBe(200);

  const school = await player({ sportSchool: true });
  for (const day of ['2027-03-04', '2027-03-05']) {
    at(day, 8);
    const id = await booked(school.client, 2, msk(day, 11));
    at(day, 11, 15);
    expect(await noShows().check(id)).toBe('released');
  }
  expect((await order(school.client, 2, msk('2027-03-06', 11))).status).toBe(200);
  expect((await school.client.get('/api/booking_limits/?year=2027&month=3')).body.detail.paused_until).toBeNull();
});

test("the admin sees a player's no-shows and the pause, and can forgive one: the pause lifts, the action is logged", async () => {
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const { client, id: playerId } = await player();
  at('2027-03-08', 8);
  const countBefore = (await admin!.client.get('/api/count_no_shows/')).body.detail as number;
  const released: number[] = [];
  for (const day of ['2027-03-08', '2027-03-09']) {
    at(day, 8);
    const id = await booked(client, 1, msk(day, 12));
    at(day, 12, 15);
    expect(await noShows().check(id)).toBe('released');
    released.push(id);
  }
  at('2027-03-09', 13);
  // The home page's counter of the week, and each release in the action log, by «Система».
  expect((await admin!.client.get('/api/count_no_shows/')).body.detail).toBe(countBefore + 2);
  const releases = await admin!.client.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ action: 'booking.no_show_release' }))}&sort=["id","DESC"]&range=[0,1]`,
  );
  expect(releases.body).toEqual([
    expect.objectContaining({ admin_id: null, admin_name: 'Система', target_id: String(released[1]) }),
    expect.objectContaining({ admin_id: null, admin_name: 'Система', target_id: String(released[0]) }),
  ]);
  const seen = await admin!.client.get(`/api/admin/users/${playerId}/no-shows`);
  expect(seen.status).toBe(200);
  expect((seen.body as PlayerNoShows).no_shows.map((row) => row.booking_id)).toEqual([...released].reverse());
  expect(seen.body.paused_until).toBe('2027-03-16T09:15:00.000Z');
  expect((await order(client, 1, msk('2027-03-11', 12))).status).toBe(403);

  // A player may not; a booking that is not this player's no-show is not found; no CSRF header, 403.
  expect((await client.post(`/api/admin/users/${playerId}/no-shows/${released[0]}/forgive`)).status).toBe(403);
  expect((await admin!.client.post(`/api/admin/users/${playerId}/no-shows/999999/forgive`)).status).toBe(404);
  const noCsrf = await admin!.client.post(`/api/admin/users/${playerId}/no-shows/${released[0]}/forgive`, undefined, {
    csrf: false,
  });
  expect(noCsrf.status).toBe(403);

  const forgiven = await admin!.client.post(`/api/admin/users/${playerId}/no-shows/${released[0]}/forgive`);
  expect(forgiven.status).toBe(200);
  expect(forgiven.body.paused_until).toBeNull();
  const rows = (forgiven.body as PlayerNoShows).no_shows;
  expect(rows.find((row) => row.booking_id === released[0])?.forgiven).toBe(true);
  expect((await order(client, 1, msk('2027-03-11', 12))).status).toBe(200);
  const log = await admin!.client.get('/api/admin/actions?sort=["id","DESC"]&range=[0,0]');
  expect(log.body[0]).toMatchObject({ action: 'booking.forgive_no_show', target_id: String(released[0]) });
});

test('a check queued before a replica restarts is still there after it, and the new replica runs it', async () => {
  const { client } = await player();
  const id = await booked(client, 1, msk('2027-03-01', 16));
  const { databaseUrl, redisPrefix } = api.config;
  agent.close();
  await api.app.close(); // the replica stops (its database and Redis keys stay)
  const restarted = await startTestApp(
    { DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix, NO_SHOW_AFTER_MIN: '15' },
    new TestClock(),
  );
  try {
    const port = (restarted.server.address() as { port: number }).port;
    agent = await scriptedAgent(`http://127.0.0.1:${port}`, obedient);
    await waitFor(() => siteOnline(restarted));
    restarted.clock.set(new Date(msk('2027-03-01', 16, 15)));
    const job = await queuedJob(
      restarted.app.get<Queue>(getQueueToken(QUEUES.noShows)),
      noShowJobId(await madeGame(restarted.db, id)),
    );
    expect(await job.getState()).toBe('delayed');
    await job.promote();
    await waitFor(async () => (await job.getState()) === 'completed');
    const [row] = await restarted.db.query(`SELECT no_show_at IS NOT NULL AS released FROM bookings WHERE id = $1`, [
      id,
    ]);
    expect(row.released).toBe(true);
    agent.close();
  } finally {
    await restarted.app.close();
    await dropDatabase(databaseUrl);
    api = undefined as unknown as TestApp; // closed here, not in afterAll
  }
});
