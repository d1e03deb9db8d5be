import type { Response } from 'supertest';
import { signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { startAdminApp, type AdminSession } from '../admin/admin-support';

// An admin's statistics calls take their turn (docs/decisions/0076-an-admins-heavy-reads.md): on a
// replica, 2 of one admin's calls run at once, 10 more wait in line, the rest are told to come back.
// What runs is read from PostgreSQL itself: the test holds the bookings table locked, so the
// reports that reached the database wait there in pg_stat_activity until it lets go.

const YEAR = 'from=2026-09-01&to=2027-08-31';
const BUSY = 'Отчёты ещё считаются, повторите через несколько секунд';

let api: TestApp;
let admin: AdminSession;
let second: AdminSession;

const stats = (who: AdminSession, path: string) => who.client.get(`/api/admin/stats/${path}`, { csrf: false });

beforeAll(async () => {
  ({ api, admin } = await startAdminApp());
  [second] = (await signedInPlayers(api, 1, { role: 'owner' })) as [AdminSession];
  // A year of games: one every evening on the first court, most played, one in ten a no-show.
  await api.db.query(
    `
    INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at, cancelled_at, no_show_at)
    SELECT $1, (SELECT min(id) FROM courts WHERE active), at, at + interval '1 hour', 2,
           CASE WHEN n % 10 <> 0 THEN at + interval '3 minutes' END,
           CASE WHEN n % 10 = 0 THEN at + interval '15 minutes' END,
           CASE WHEN n % 10 = 0 THEN at + interval '15 minutes' END
      FROM (SELECT row_number() OVER () AS n, (d + interval '18 hours') AT TIME ZONE 'Europe/Moscow' AS at
              FROM generate_series('2026-09-01'::timestamp, '2027-08-31'::timestamp, interval '1 day') d) g`,
    [admin.id],
  );
}, 60_000);
afterAll(() => api?.close());

/** Occupancy and courts queries waiting in the database for the bookings lock (the test's own query has no lock wait). */
async function reportsInDatabase(): Promise<number> {
  const [row] = await api.db.query<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%day_hours%'`,
  );
  return row!.n;
}

/** Runs `body` while the bookings table is locked; every report that reads it waits in the database. */
async function withBookingsLocked(body: () => Promise<void>): Promise<void> {
  const lock = api.db.createQueryRunner();
  try {
    await lock.startTransaction();
    await lock.query('LOCK TABLE bookings IN ACCESS EXCLUSIVE MODE');
    await body();
  } finally {
    if (lock.isTransactionActive) await lock.rollbackTransaction();
    await lock.release();
  }
}

/** Fires `count` calls at once; `answered` fills as their answers arrive. */
function burst(count: number, call: () => Promise<Response>) {
  const answered: Response[] = [];
  const all = Promise.all(
    Array.from({ length: count }, () =>
      call().then((response) => {
        answered.push(response);
        return response;
      }),
    ),
  );
  return { answered, all };
}

/**
 * Settled: 2 reports wait in the database and the 8 calls past the line have their answer. Also
 * returns once more than 2 reach the database (no line at all), for the assertions to say so.
 */
const lineSettled = (calls: ReturnType<typeof burst>) =>
  waitFor(
    async () => {
      const running = await reportsInDatabase();
      return running > 2 || (running === 2 && calls.answered.length === 8);
    },
    10_000,
    '2 reports in the database and 8 answers',
  );

const expectBusy = (response: Response) =>
  expect([response.status, response.body.code, response.body.detail, response.headers['retry-after']]).toEqual([
    429,
    'admin.stats_busy',
    BUSY,
    '5',
  ]);

test('20 year-long calls from one admin: 2 run in the database, 10 wait their turn, 8 are told to come back', async () => {
  const alone = await stats(admin, `occupancy?${YEAR}`);
  expect(alone.status).toBe(200);
  expect(alone.body.totals.booked).toBe(365);
  let calls!: ReturnType<typeof burst>;
  await withBookingsLocked(async () => {
    calls = burst(20, () => stats(admin, `occupancy?${YEAR}`));
    await lineSettled(calls);
    expect(await reportsInDatabase()).toBe(2);
    expect(calls.answered).toHaveLength(8);
    calls.answered.forEach(expectBusy);
    // The line is the admin's, whatever the report: another of theirs is refused too, as CSV.
    expectBusy(await stats(admin, `demand?${YEAR}&format=csv`));
  });
  const answers = await calls.all;
  const ok = answers.filter((response) => response.status === 200);
  expect(ok).toHaveLength(12);
  expect(answers.filter((response) => response.status !== 200)).toHaveLength(8);
  // Each call that waited counts the same year as the call made alone.
  for (const response of ok) expect(response.body).toEqual(alone.body);
  // The line has emptied: the admin's next call runs.
  expect((await stats(admin, `courts?${YEAR}`)).status).toBe(200);
});

test("a second admin is not held by the first's line: their own 2 run beside it", async () => {
  let first!: ReturnType<typeof burst>;
  let theirs!: ReturnType<typeof burst>;
  await withBookingsLocked(async () => {
    first = burst(20, () => stats(admin, `occupancy?${YEAR}`));
    await lineSettled(first);
    expect(await reportsInDatabase()).toBe(2);
    // The waitlist's report does not read the locked table: it answers while the first admin waits.
    const demand = await stats(second, `demand?${YEAR}`);
    expect(demand.status).toBe(200);
    expect(demand.body.totals).toEqual({ joined: 0, got_court: 0 });
    theirs = burst(2, () => stats(second, `courts?${YEAR}`));
    await waitFor(
      async () => (await reportsInDatabase()) === 4,
      10_000,
      "the second admin's 2 reports in the database",
    );
    expect(first.answered).toHaveLength(8);
    expect(theirs.answered).toHaveLength(0);
  });
  const statuses = (await first.all).map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(12);
  expect(statuses.filter((status) => status === 429)).toHaveLength(8);
  expect((await theirs.all).map((response) => response.status)).toEqual([200, 200]);
});
