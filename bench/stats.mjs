// The admin's statistics over a year of a busy club: 4 courts × 18 hours × 365 days of
// games (≈ 26,000), ≈ 100,000 door and light events and a waitlist, seeded with INSERT … SELECT
// into a database of its own; then each `/api/admin/stats/*` call for the whole year, p50/p99 over
// BENCH_STATS_RUNS runs, beside bare references in the same run: `SELECT 1` and a COUNT(*) over the
// bookings straight from Postgres, and the API's health call. Target: p99 ≤ 150 ms for every call.
import pg from 'pg';
import { benchDatabase, players, quantiles, startServer } from './lib.mjs';

const TARGET_P99_MS = 150;
const REPORTS = ['occupancy', 'courts', 'demand', 'no-shows', 'devices'];
const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/** The year before today, in the club's days; games fill every open hour of every court. */
export async function seedYear(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const start = process.hrtime.bigint();
  try {
    await client.query(`
      INSERT INTO courts (id, name, site_id, active, sort_order)
      SELECT n, 'Корт ' || n, 'default', true, n FROM generate_series(1, 4) n
      ON CONFLICT (id) DO UPDATE SET active = true`);
    await client.query(`
      INSERT INTO users (email, name, confirmed_at, rules_accepted_at)
      SELECT 'stats-' || n || '@example.com', 'Игрок ' || n, now(), now() FROM generate_series(1, 300) n`);
    // The booking trigger's per-slot advisory locks would exhaust the lock table in one statement of
    // 26,000 rows; the slots here cannot collide, and the exclusion constraint still holds.
    await client.query(`SET session_replication_role = replica`);
    // Every hour 06-23 Moscow time on 4 courts; 1 in 20 a no-show, 1 in 10 cancelled, the rest played.
    await client.query(`
      INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at, cancelled_at, no_show_at,
                            created_at)
      SELECT u.id, g.court, g.at, g.at + interval '1 hour', 2,
             CASE WHEN g.n % 20 <> 0 AND g.n % 10 <> 1 THEN g.at + interval '3 minutes' END,
             CASE WHEN g.n % 20 = 0 THEN g.at + interval '15 minutes'
                  WHEN g.n % 10 = 1 THEN g.at - (g.n % 48) * interval '1 hour' END,
             CASE WHEN g.n % 20 = 0 THEN g.at + interval '15 minutes' END,
             g.at - interval '3 days'
        FROM (SELECT row_number() OVER () AS n, c AS court,
                     ((current_date - d) + make_interval(hours => h)) AT TIME ZONE 'Europe/Moscow' AS at
                FROM generate_series(1, 365) d, generate_series(6, 23) h, generate_series(1, 4) c) g
        JOIN users u ON u.email = 'stats-' || (g.n % 300 + 1) || '@example.com'`);
    // Four events per game: the door (a code, or an offline PIN one time in 8), the light on and off,
    // and one more door report.
    await client.query(`
      INSERT INTO commands (id, site_id, device, action, requested_by, booking_id, requested_at, deadline,
                            finished_at, status, origin, offline)
      SELECT gen_random_uuid(), 'default', split_part(e.action, '.', 1), e.action, b.user_id, b.id, e.at, e.at, e.at,
             'done', CASE WHEN e.action = 'door.open' THEN 'api' ELSE 'agent' END, e.action = 'door.entry'
        FROM bookings b
        CROSS JOIN LATERAL (VALUES
          (CASE WHEN b.id % 8 = 0 THEN 'door.entry' ELSE 'door.open' END, b.starts_at - interval '2 minutes'),
          ('light.on', b.starts_at - interval '5 minutes'),
          ('light.off', b.ends_at + interval '5 minutes'),
          ('door.opened', b.starts_at - interval '1 minute')) AS e(action, at)`);
    await client.query(`SET session_replication_role = origin`);
    await client.query(`
      INSERT INTO commands (id, site_id, device, action, requested_at, deadline, finished_at, status, origin)
      SELECT gen_random_uuid(), 'default', NULL, 'agent.offline', t, t, t + interval '20 minutes', 'done', 'agent'
        FROM generate_series(current_date - 365, current_date - 1, interval '9 days') t`);
    await client.query(`
      INSERT INTO waitlist_entries (user_id, starts_at, state)
      SELECT b.user_id, b.starts_at, CASE WHEN b.id % 3 = 0 THEN 'booked' ELSE 'expired' END
        FROM bookings b WHERE b.id % 4 = 0`);
    // As autovacuum leaves a year-old table: statistics and a visibility map (index-only scans).
    await client.query('VACUUM ANALYZE');
    const [{ games }] = (await client.query(`SELECT count(*)::int AS games FROM bookings`)).rows;
    const [{ events }] = (await client.query(`SELECT count(*)::int AS events FROM commands`)).rows;
    return { games, events, seed_ms: Math.round(since(start)) };
  } finally {
    await client.end();
  }
}

async function timed(runs, call) {
  await call(); // the first call warms the connection pools and the query plans
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await call();
    samples.push(since(start));
  }
  return quantiles(samples);
}

/** Each stats call for the year, and the references, with their verdicts. */
export async function statsPart(runs = Number(process.env.BENCH_STATS_RUNS ?? 50)) {
  const database = await benchDatabase();
  const api = await startServer('services/api/dist/main.js', '/api/health/', {
    DATABASE_URL: database.url,
    REDIS_PREFIX: `kort-bench-stats:${Date.now().toString(36)}:`,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SITE_TIMEZONE: 'Europe/Moscow',
    LOG_LEVEL: 'info',
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    const seeded = await seedYear(database.url);
    const [admin] = await players(api.base, database.url, 1, { role: 'owner' });
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const year = `from=${day(-365)}&to=${day(-1)}`;
    const get = async (path, accept = 'application/json') => {
      const answer = await fetch(`${api.base}${path}`, { headers: { cookie: admin.cookie, accept } });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      await answer.text();
    };
    await client.connect();
    const rows = [
      { name: 'reference: SELECT 1', ...(await timed(runs, () => client.query('SELECT 1'))) },
      {
        name: 'reference: COUNT(*) bookings',
        ...(await timed(runs, () => client.query('SELECT count(*) FROM bookings'))),
      },
      { name: 'reference: GET /api/health/', ...(await timed(runs, () => get('/api/health/'))) },
    ];
    for (const report of REPORTS) {
      const figures = await timed(runs, () => get(`/api/admin/stats/${report}?${year}`));
      rows.push({ name: `stats/${report} (year)`, ...figures, target: TARGET_P99_MS });
    }
    rows.push({
      name: 'stats/occupancy (year, CSV)',
      ...(await timed(runs, () => get(`/api/admin/stats/occupancy?${year}`, 'text/csv'))),
      target: TARGET_P99_MS,
    });
    for (const row of rows)
      if (row.target)
        row.verdict = row.p99_ms <= row.target ? 'ok' : `FAIL: p99 ${row.p99_ms} ms over ${row.target} ms`;
    return { ...seeded, runs, rows };
  } finally {
    await client.end().catch(() => {});
    await api.stop();
    await database.drop();
  }
}

export function printStats(figures) {
  console.log(`\nStats over a year: ${figures.games} games, ${figures.events} door/light events`);
  console.log(`(seeded in ${figures.seed_ms} ms), ${figures.runs} runs each\n`);
  console.log(`${'call'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}  verdict`);
  for (const row of figures.rows)
    console.log(
      `${row.name.padEnd(34)} ${String(row.p50_ms).padStart(8)} ${String(row.p99_ms).padStart(8)} ${String(row.max_ms).padStart(8)}  ${row.verdict ?? ''}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await statsPart();
  printStats(figures);
  // A missed target exits 2, as `npm run bench` does; 1 stays for a bench that broke.
  if (figures.rows.some((row) => row.verdict?.startsWith('FAIL'))) process.exitCode = 2;
}
