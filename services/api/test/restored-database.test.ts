import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { copyDatabase, dropDatabase } from '../src/database/ensure-database';
import { noShowJobId } from '../src/bookings/no-shows';
import { reminderJobId } from '../src/bookings/booking-reminders';
import { QUEUES } from '../src/queues/queues';
import { nextMail } from './support/mailbox';
import { cancel, madeGame, msk, order, queuedJob, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';
import { waitFor } from './support/wait';

// A database younger than its Redis (docs/decisions/0083-job-ids-for-all-time.md): last night's
// backup restored, or `.kort-data/` deleted beside a system Redis. The restored database hands its
// booking and waitlist ids out again while Redis still holds the jobs of the first time round
// (completed ones for days); every offer, reminder and no-show check must happen the second time too.

const NOW = '2027-06-07T06:00:00Z'; // Monday 09:00 in Moscow
/** The restore comes later than the backup's first life: the clock has moved on. */
const LATER = '2027-06-07T07:00:00Z';
const DAY = '2027-06-09';

/** The waitlist, reminder and no-show journeys, on whichever database the app runs. */
async function journeys(api: TestApp): Promise<void> {
  const [first, second, waiting] = await signedInPlayers(api, 3);
  // An hour taken on both courts, a player in line, a game cancelled: the line gets the court.
  expect((await order(first!.client, 1, msk(DAY, 18))).status).toBe(200);
  expect((await order(second!.client, 2, msk(DAY, 18))).status).toBe(200);
  const joined = await waiting!.client.post('/api/waitlist/', { time_start: msk(DAY, 18) });
  expect(joined.status).toBe(200);
  expect((await cancel(first!.client, 1, msk(DAY, 18))).status).toBe(200);
  const places = async () =>
    ((await waiting!.client.get('/api/waitlist/')).body as { detail: { state: string }[] }).detail;
  await waitFor(async () => (await places())[0]?.state === 'offered');

  // A game of its own: its reminder is queued for 2 hours before and sent when due; its no-show
  // check is queued for after its start.
  const booked = await order(second!.client, 1, msk('2027-06-10', 12));
  expect(booked.status).toBe(200);
  const game = await madeGame(api.db, (booked.body as { id: number }).id);
  const reminder = await queuedJob(api.app.get<Queue>(getQueueToken(QUEUES.bookings)), reminderJobId(game));
  expect(await reminder.getState()).toBe('delayed');
  const check = await queuedJob(api.app.get<Queue>(getQueueToken(QUEUES.noShows)), noShowJobId(game));
  expect(await check.getState()).toBe('delayed');
  await reminder.promote();
  expect((await nextMail(second!.email)).subject).toBe('Напоминание: игра в 12:00, корт 1');
  await waitFor(async () => (await reminder.getState()) === 'completed');
}

test('on a database restored from before them, with Redis kept, every offer, reminder and check happens again', async () => {
  const first = await startTestApp({}, new TestClock(), { ownDatabase: true });
  const { databaseUrl, redisPrefix } = first.config;
  await first.app.close();
  // The backup, taken before anything happened.
  const backup = databaseUrl.replace(/\/([^/]+)$/, (_, name: string) => `/${name}_backup`);
  const restored = databaseUrl.replace(/\/([^/]+)$/, (_, name: string) => `/${name}_restored`);
  await copyDatabase(databaseUrl, backup);
  try {
    const original = await startTestApp({ DATABASE_URL: databaseUrl, REDIS_PREFIX: redisPrefix }, new TestClock());
    original.clock.set(NOW);
    try {
      await journeys(original);
    } finally {
      await original.app.close();
    }
    // The backup restored under another name, the same Redis (its completed jobs still there).
    await copyDatabase(backup, restored);
    const again = await startTestApp({ DATABASE_URL: restored, REDIS_PREFIX: redisPrefix }, new TestClock());
    again.clock.set(LATER);
    try {
      await journeys(again);
    } finally {
      await again.app.close();
    }
  } finally {
    await dropDatabase(restored).catch(() => undefined);
    await dropDatabase(backup).catch(() => undefined);
    await first.close();
  }
}, 120_000);
