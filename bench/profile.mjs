#!/usr/bin/env node
// Where an API request's CPU goes: starts the built API under `node --cpu-prof` on a database of
// its own, loads the routes named on the command line with autocannon, stops the API (which writes
// the profile) and prints self time by package and by function, so a change can be judged against
// a profile rather than a guess. The .cpuprofile is kept for a flame graph (Chrome DevTools'
// Performance panel or speedscope open it as it is).
//
//   node bench/profile.mjs [--seconds 8] [route …]     (after `npm run build`)
//   routes: rules, health, my_name, available, my_orders, courts, booked, spa, order, quotas (default: rules available);
//   quotas profiles its measured pass, after a first one (bench/api.mjs, bookingRun)
import autocannon from 'autocannon';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { bookingRequests, bookingRun } from './api.mjs';
import { report } from './profile-report.mjs';
import { BENCH_DAY, BENCH_MONTH_QUERY, benchDatabase, monotonicMicros, players, root, startServer } from './lib.mjs';

const ROUTES = {
  rules: { path: '/api/give_rules/' },
  health: { path: '/api/health/' },
  spa: { path: '/some/unknown/page' },
  my_name: { path: '/api/my_name/', signedIn: true },
  available: { path: `/api/get-available-times/?date=${BENCH_DAY}`, signedIn: true },
  my_orders: { path: '/api/my-orders/', signedIn: true },
  courts: { path: '/api/get_courts/', signedIn: true },
  booked: {
    path: `/api/booked_times/?${BENCH_MONTH_QUERY}`,
    signedIn: true,
  },
  // Distinct sport-school players and slots, as bench/api.mjs books them.
  order: { booking: true },
  // Players under the quotas, 1,500 games: the bench's own run (bench/api.mjs).
  quotas: { quotas: true },
};

const args = process.argv.slice(2);
const secondsFlag = args.indexOf('--seconds');
const seconds = secondsFlag === -1 ? 8 : Number(args.splice(secondsFlag, 2)[1]);
const chosen = args.length ? args : ['rules', 'available'];
for (const name of chosen) if (!ROUTES[name]) throw new Error(`unknown route "${name}": ${Object.keys(ROUTES)}`);

const dir = join(root, 'bench', 'results', `profile-${Date.now().toString(36)}`);
mkdirSync(dir, { recursive: true });
const database = await benchDatabase();
const prefix = `kort-profile:${Date.now().toString(36)}:`;
const api = await startServer(
  'services/api/dist/main.js',
  '/api/health/',
  {
    DATABASE_URL: database.url,
    REDIS_PREFIX: prefix,
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'info',
    EDGE_AGENT_TOKEN: randomBytes(24).toString('base64url'),
  },
  ['--cpu-prof', `--cpu-prof-dir=${dir}`],
);
/** When each route's load ran: the report counts those samples only. */
const windows = [];
try {
  const [viewer] = await players(api.base, database.url, 1);
  for (const name of chosen) {
    const route = ROUTES[name];
    const from = monotonicMicros();
    const result = route.quotas
      ? await bookingRun(api.base, database.url, { sportSchool: false, dayOffset: 2, warmUp: true })
      : route.booking
        ? await bookings(api.base, database.url, seconds)
        : await autocannon({
            url: api.base + route.path,
            connections: 50,
            duration: seconds,
            headers: route.signedIn ? { cookie: viewer.cookie } : {},
          });
    windows.push(result.window ?? { from, to: monotonicMicros() });
    // autocannon's own result, or the bench's (bench/lib.mjs load()).
    const rps = result.rps ?? Math.round(result.requests.average);
    const [p50, p99] = result.latency ? [result.latency.p50, result.latency.p99] : [result.p50_ms, result.p99_ms];
    console.log(
      `${name.padEnd(10)} ${String(rps).padStart(6)} req/s, p50 ${p50} ms, p99 ${p99} ms, ` +
        `non-2xx ${result.non2xx ?? result.non_2xx}`,
    );
  }
} finally {
  await api.stop();
  await database.drop();
}

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${dir}: did the API exit through its SIGTERM handler?`);
writeFileSync(join(dir, 'windows.json'), JSON.stringify(windows));
report(JSON.parse(readFileSync(join(dir, file), 'utf8')), windows);
console.log(`\nprofile: ${join(dir, file)}`);

/**
 * POST /api/order-court/ for `seconds`: every request a new slot from BENCH_DAY on, by one of 50
 * sport-school players (the horizon holds about 3,100 slots: a longer run meets refusals).
 */
async function bookings(base, databaseUrl, seconds) {
  const sessions = await players(base, databaseUrl, 50, { sportSchool: true });
  return autocannon({
    url: base,
    connections: 50,
    duration: seconds,
    requests: bookingRequests(sessions, Date.parse(`${BENCH_DAY}T00:00:00Z`)),
  });
}
