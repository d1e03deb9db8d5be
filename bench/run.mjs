#!/usr/bin/env node
// `npm run bench`: measures the API against a bare NestJS "hello" endpoint in the same run, on
// this machine, and the web apps (initial JavaScript, Lighthouse), and writes
// bench/results/latest.json. Every target lives here, not in unit tests.
// `--only web` (or BENCH_ONLY=web) runs one part: `api`, `web`, `load` (bench/load.mjs; sizes in
// BENCH_LOAD_*) or `suites` (bench/suites.mjs: the authorization matrix, BENCH_FUZZ_RUNS of fuzzing,
// the fault files) or `offline` (bench/offline.mjs: keypad, schedule sync and outbox, issue 15);
// `--only api,load` runs two.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { doorOpenings, redisRoundTrip, socketAckRoundTrip } from './door.mjs';
import { benchDatabase, load, machine, players, root, startServer } from './lib.mjs';
import { adminDashboard, printAdmin } from './admin.mjs';
import { loadPart, loadSettings, printLoad } from './load.mjs';
import { initialJavaScript, lighthouseScores, printWeb } from './web.mjs';
import { printSuites, reliabilitySuites } from './suites.mjs';
import { bookingToAgent, keypadToRelay, outboxUpload, printOffline, scheduleWrite } from './offline.mjs';

const PARTS = ['api', 'offline', 'web', 'load', 'suites'];
const onlyFlag = process.argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
const only =
  onlyFlag === -1
    ? process.env.BENCH_ONLY || undefined
    : (process.argv[onlyFlag].split('=')[1] ?? process.argv[onlyFlag + 1] ?? '');
const parts = only === undefined ? PARTS : only.split(',');
if (parts.some((part) => !PARTS.includes(part)))
  throw new Error(`--only / BENCH_ONLY takes ${PARTS.join(', ')} (or several, comma-separated), not "${only}"`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 3000);
const OPENINGS = Number(process.env.BENCH_DOOR_OPENINGS ?? 500);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const ADMIN_RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 10);
const LIVE_FLIPS = Number(process.env.BENCH_LIVE_FLIPS ?? 30);
const KEYPAD_ENTRIES = Number(process.env.BENCH_KEYPAD_ENTRIES ?? 300);
const SYNCED_BOOKINGS = Number(process.env.BENCH_SYNCED_BOOKINGS ?? 40);
const agentToken = randomBytes(24).toString('base64url');
const prefix = `kort-bench:${Date.now().toString(36)}:`;

const database = await benchDatabase();
const api = await startServer('services/api/dist/main.js', '/api/health/', {
  DATABASE_URL: database.url,
  REDIS_PREFIX: prefix,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  LOG_LEVEL: 'info', // the production default: one log line per request is part of the cost
  EDGE_AGENT_TOKEN: agentToken,
});
const hello = parts.includes('api') ? await startServer('bench/hello-app.cjs', '/api/hello') : null;
const results = [];
const latency = [];
let web = null;
let loadFigures = null;
let suiteFigures = null;
let offlineFigures = null;

try {
  // Sizes first: they need only the build, and an oversized bundle is worth knowing even if the
  // rest fails.
  if (parts.includes('web')) web = { initial_js: initialJavaScript() };
  if (parts.includes('api')) await apiPart();
  if (parts.includes('offline'))
    offlineFigures = [
      ...(await keypadToRelay(KEYPAD_ENTRIES)),
      ...(await bookingToAgent(api.base, database.url, agentToken, SYNCED_BOOKINGS)),
      ...(await scheduleWrite()),
      ...(await outboxUpload(api.base, database.url, agentToken)),
    ];
  if (web) web.lighthouse = await lighthouseScores(api.base, database.url, LIGHTHOUSE_RUNS);
  if (web)
    web.admin = await adminDashboard(api.base, database.url, agentToken, { runs: ADMIN_RUNS, flips: LIVE_FLIPS });
  if (parts.includes('load')) loadFigures = await loadPart(api.base, database.url, agentToken, loadSettings());
  // The authorization matrix, a longer fuzz run and the fault files: their own apps and databases.
  if (parts.includes('suites')) suiteFigures = await reliabilitySuites();
} finally {
  await Promise.all([api.stop(), hello?.stop()]);
  await database.drop();
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }))
    if (keys.length) await redis.unlink(...keys);
  await redis.quit();
}

async function apiPart() {
  results.push(await load('bare NestJS GET /api/hello', { url: `${hello.base}/api/hello`, duration: DURATION }));

  // Distinct players (sport-school accounts, so quotas do not turn the run into 418s) and a
  // distinct court and hour for every request: each one is a real insert under the exclusion
  // constraint and the per-player lock.
  const sessions = await players(api.base, database.url, 50, { sportSchool: true });
  let next = 0;
  results.push(
    await load('POST /api/order-court/ (distinct players and slots)', {
      url: api.base,
      amount: ORDERS,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const i = next++;
            const session = sessions[i % sessions.length];
            const day = new Date(Date.UTC(2031, 0, 1) + Math.floor(i / 36) * 86_400_000).toISOString().slice(0, 10);
            const hour = String(6 + Math.floor((i % 36) / 2)).padStart(2, '0');
            const court = 1 + (i % 2);
            return {
              ...request,
              path: `/api/order-court/${court}/`,
              headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrf },
              body: JSON.stringify({ id_cort: court, time_start: `${day}T${hour}:00:00+03:00`, players_count: 2 }),
            };
          },
        },
      ],
    }),
  );

  // The dial's call on a day the previous run filled, as a player sees it.
  const [viewer] = await players(api.base, database.url, 1);
  results.push(
    await load('GET /api/get-available-times/', {
      url: `${api.base}/api/get-available-times/?date=2031-01-02`,
      duration: DURATION,
      headers: { cookie: viewer.cookie },
    }),
  );

  // Door openings one after another: latency, not throughput.
  latency.push(await redisRoundTrip(OPENINGS));
  latency.push(await socketAckRoundTrip(OPENINGS));
  latency.push(...(await doorOpenings(api.base, database.url, agentToken, OPENINGS, prefix)));
}

const [baseline] = results;
const report = {
  date: new Date().toISOString(),
  machine: machine(),
  parts,
  ...(parts.includes('api') && {
    settings: { connections: 50, duration_s: DURATION, orders: ORDERS, door_openings: OPENINGS },
    results: results.map((r) => ({
      ...r,
      rps_vs_bare: Number((r.rps / baseline.rps).toFixed(3)),
      p50_vs_bare: Number((r.p50_ms / Math.max(baseline.p50_ms, 1)).toFixed(1)),
      p99_vs_bare: Number((r.p99_ms / Math.max(baseline.p99_ms, 1)).toFixed(1)),
    })),
    latency,
  }),
  ...(web && { web: { lighthouse_runs: LIGHTHOUSE_RUNS, ...web } }),
  ...(loadFigures && { load: loadFigures }),
  ...(suiteFigures && { suites: suiteFigures }),
  ...(offlineFigures && { offline: offlineFigures }),
};
mkdirSync(`${root}/bench/results`, { recursive: true });
writeFileSync(`${root}/bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);

console.log(`\nKort benchmark, ${report.machine.cores} × ${report.machine.cpu}, Node ${report.machine.node}\n`);
if (parts.includes('api')) {
  console.table(
    report.results.map((r) => ({
      scenario: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50_ms,
      'p99 ms': r.p99_ms,
      'req/s vs bare': r.rps_vs_bare,
      'non-2xx': r.non_2xx,
      errors: r.errors,
    })),
  );
  console.log(`\nLatency, ${OPENINGS} sequential operations each\n`);
  console.table(
    latency.map((l) => ({ measure: l.name, n: l.n, 'p50 ms': l.p50_ms, 'p99 ms': l.p99_ms, 'max ms': l.max_ms })),
  );
}
if (web) printWeb(web);
if (web?.admin) printAdmin(web.admin);
if (loadFigures) printLoad(loadFigures);
if (suiteFigures) printSuites(suiteFigures);
if (offlineFigures) printOffline(offlineFigures);
console.log('Written to bench/results/latest.json');
const overBudget = web?.initial_js.filter((b) => b.status === 'FAIL') ?? [];
for (const b of overBudget)
  console.error(
    `FAIL: ${b.app} initial JavaScript is ${b.initial_js_gzip_bytes} B gzipped, budget ${b.budget_gzip_bytes} B`,
  );
if (overBudget.length) process.exitCode = 1;
