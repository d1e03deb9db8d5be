import { msk, order, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { waitFor } from './support/wait';
import { TestClock } from './support/test-clock';

// Real parallel HTTP requests against the real database. Books in March 2027.
let api: TestApp;
let racers: Awaited<ReturnType<typeof signedInPlayers>>;
beforeAll(async () => {
  const clock = new TestClock();
  clock.set('2027-03-01T06:00:00Z'); // Monday 1 March 2027, 09:00 in Moscow
  api = await startTestApp({}, clock);
  // 50 real logins (argon2 each) are setup, not the race: on a busy 2-core runner they take long.
  racers = await signedInPlayers(api, 50);
}, 120_000);
afterAll(() => api.close());

test('50 players asking for the same court and hour at once: exactly one 200, the rest 409, one row', async () => {
  const start = msk('2027-03-03', 19);
  const answers = await Promise.all(racers.map(({ client }) => order(client, 1, start)));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  const rows = await api.db.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM bookings WHERE court_id = 1 AND starts_at = $1 AND cancelled_at IS NULL`,
    [start],
  );
  expect(rows).toEqual([{ count: 1 }]);
});

test('a second game inserted into a slot waits behind the slot lock for the first, then is refused at once', async () => {
  const [first, second] = racers.map((racer) => racer.id);
  const start = new Date(msk('2027-03-04', 20));
  const end = new Date(start.getTime() + 3_600_000);
  const insert = `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, 2, $2, $3, 2)`;
  const [a, b] = [api.db.createQueryRunner(), api.db.createQueryRunner()];
  try {
    await a.startTransaction();
    await a.query(insert, [first, start, end]);
    const pidOfB = (await b.query(`SELECT pg_backend_pid() AS pid`))[0].pid as number;
    const refused = b.query(insert, [second, start, end]).then(
      () => 'inserted',
      (error: { driverError?: { code?: string } }) => error.driverError?.code,
    );
    // It waits for the slot's advisory lock, not inside the constraint's check for a's transaction
    // (where two such inserts can wait for each other: a deadlock PostgreSQL breaks after 1 s).
    await waitFor(async () => {
      const [row] = await api.db.query(`SELECT wait_event FROM pg_stat_activity WHERE pid = $1`, [pidOfB]);
      return row?.wait_event === 'advisory';
    });
    await a.commitTransaction();
    expect(await refused).toBe('23P01');
  } finally {
    if (a.isTransactionActive) await a.rollbackTransaction();
    await a.release();
    await b.release();
  }
});

test('one player firing 20 bookings at once over 20 days: the quotas hold exactly', async () => {
  const [player] = await signedInPlayers(api, 1);
  const { client, id } = player!;
  // 20 consecutive days from Monday 8 March: weeks of 7, 7 and 6 days. At most 2 a week would
  // allow 6, the cap of 5 upcoming allows 5.
  const days = Array.from({ length: 20 }, (_, i) => `2027-03-${String(8 + i).padStart(2, '0')}`);
  const answers = await Promise.all(days.map((day) => order(client, 2, msk(day, 12))));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  expect(statuses.filter((s) => s === 418)).toHaveLength(15);

  const perWeek = await api.db.query<{ week: string; games: number }[]>(
    `SELECT date_trunc('week', starts_at AT TIME ZONE 'Europe/Moscow')::date::text AS week, count(*)::int AS games
       FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL GROUP BY 1 ORDER BY 1`,
    [id],
  );
  expect(perWeek.every((w) => w.games <= 2)).toBe(true);
});

test('afterwards, SQL finds no overlap on any court and no quota breach by any player', async () => {
  const overlaps = await api.db.query(
    `SELECT a.id, b.id FROM bookings a JOIN bookings b
        ON a.court_id = b.court_id AND a.id < b.id
       AND tstzrange(a.starts_at, a.ends_at) && tstzrange(b.starts_at, b.ends_at)
     WHERE a.cancelled_at IS NULL AND b.cancelled_at IS NULL`,
  );
  expect(overlaps).toEqual([]);

  const breaches = await api.db.query(
    `WITH live AS (
       SELECT b.user_id, b.starts_at, (b.starts_at AT TIME ZONE 'Europe/Moscow') AS local
         FROM bookings b JOIN users u ON u.id = b.user_id
        WHERE b.cancelled_at IS NULL AND NOT u.is_sport_school)
     SELECT user_id, 'day' AS rule FROM live GROUP BY user_id, local::date HAVING count(*) > 1
     UNION ALL
     SELECT user_id, 'week' FROM live GROUP BY user_id, date_trunc('week', local) HAVING count(*) > 2
     UNION ALL
     SELECT user_id, 'upcoming' FROM live GROUP BY user_id HAVING count(*) > 5`,
  );
  expect(breaches).toEqual([]);
});
