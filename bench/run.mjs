#!/usr/bin/env node
// `npm run bench`: measures the API beside bare references in the same run (bench/api.mjs), on
// this machine, and the web apps (initial JavaScript, Lighthouse), and writes
// bench/results/latest.json. Every target lives here, not in unit tests, and is printed with its
// figure. Exit 0 when every target of the parts run is met; 2 when one is missed (each named on
// stderr with its figure); 1 when the bench itself broke.
// `--only web` (or BENCH_ONLY=web) runs one part: `api`, `web`, `load` (bench/load.mjs; sizes in
// BENCH_LOAD_*) or `suites` (bench/suites.mjs: the authorization matrix, BENCH_FUZZ_RUNS of fuzzing,
// the fault files) or `offline` (bench/offline.mjs: keypad, schedule sync and outbox);
// `--only api,load` runs two; `notify` (bench/notify.mjs: a freed court → the Telegram offer, 1,000
// reminders at once); `stats` (bench/stats.mjs: the admin's statistics over a seeded year, its own
// database and API); `fleet` (bench/fleet.mjs: FLEET_AGENTS agents, one site each, through nginx to
// two replicas, and a restart of both, beside one site; its own databases and replicas); `payments`
// (bench/payments.mjs: the pay call, a notification → paid, reconciling 1,000 lost notifications,
// against the fake YooKassa); `rush` (bench/rush.mjs: the minute a new day opens, 2,000 players and
// 600 bookers through nginx to two replicas; sizes in BENCH_RUSH_*); `floor` (bench/framework-floor.mjs:
// bare node, bare NestJS on Express and on Fastify, side by side, BENCH_FLOOR_ROUNDS rounds).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { apiPart, printApi } from './api.mjs';
import { benchDatabase, machine, root, startServer } from './lib.mjs';
import { adminDashboard, printAdmin } from './admin.mjs';
import { loadPart, loadSettings, printLoad } from './load.mjs';
import { initialJavaScript, lighthouseScores, printWeb } from './web.mjs';
import { printSuites, reliabilitySuites } from './suites.mjs';
import { bookingToAgent, keypadToRelay, outboxUpload, printOffline, scheduleWrite } from './offline.mjs';
import { freedCourtToTelegram, printNotify, remindersBurst } from './notify.mjs';
import { printStats, statsPart } from './stats.mjs';
import { fleetPart, printFleet } from './fleet.mjs';
import { paymentsPart, printPayments } from './payments.mjs';
import { printRush, rushPart, rushRows } from './rush.mjs';
import { frameworkFloor, printFloor } from './framework-floor.mjs';

/** The exit code of a run that missed a target (1 stays for a bench that broke). */
const MISSED = 2;
const PARTS = ['floor', 'api', 'rush', 'offline', 'notify', 'payments', 'stats', 'fleet', 'web', 'load', 'suites'];
const onlyFlag = process.argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
const only =
  onlyFlag === -1
    ? process.env.BENCH_ONLY || undefined
    : (process.argv[onlyFlag].split('=')[1] ?? process.argv[onlyFlag + 1] ?? '');
const parts = only === undefined ? PARTS : only.split(',');
if (parts.some((part) => !PARTS.includes(part)))
  throw new Error(`--only / BENCH_ONLY takes ${PARTS.join(', ')} (or several, comma-separated), not "${only}"`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1500);
// Each row's commands are paced (lib.mjs commandGap, 200 ms): 300 of each is a minute apiece.
const OPENINGS = Number(process.env.BENCH_DOOR_OPENINGS ?? 300);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const ADMIN_RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 10);
const LIVE_FLIPS = Number(process.env.BENCH_LIVE_FLIPS ?? 30);
const KEYPAD_ENTRIES = Number(process.env.BENCH_KEYPAD_ENTRIES ?? 300);
const SYNCED_BOOKINGS = Number(process.env.BENCH_SYNCED_BOOKINGS ?? 40);
const FREED_COURTS = Number(process.env.BENCH_FREED_COURTS ?? 40);
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 1000);
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
let apiFigures = null;
let web = null;
let loadFigures = null;
let suiteFigures = null;
let offlineFigures = null;
let notifyFigures = null;
let statsFigures = null;
let fleetFigures = null;
let paymentsFigures = null;
let rushFigures = null;
let floorFigures = null;

try {
  // Sizes first: they need only the build, and an oversized bundle is worth knowing even if the
  // rest fails.
  if (parts.includes('web')) web = { initial_js: initialJavaScript() };
  if (parts.includes('api'))
    apiFigures = await apiPart({
      api,
      hello,
      databaseUrl: database.url,
      agentToken,
      redisPrefix: prefix,
      duration: DURATION,
      orders: ORDERS,
      commands: OPENINGS,
    });
  if (parts.includes('floor'))
    floorFigures = await frameworkFloor({ rounds: Number(process.env.BENCH_FLOOR_ROUNDS ?? 3), seconds: DURATION });
  if (parts.includes('rush')) rushFigures = await rushPart();
  if (parts.includes('offline'))
    offlineFigures = [
      ...(await keypadToRelay(KEYPAD_ENTRIES)),
      ...(await bookingToAgent(api.base, database.url, agentToken, SYNCED_BOOKINGS)),
      ...(await scheduleWrite()),
      ...(await outboxUpload(api.base, database.url, agentToken)),
    ];
  if (parts.includes('notify'))
    notifyFigures = [
      ...(await freedCourtToTelegram(database.url, agentToken, FREED_COURTS)),
      ...(await remindersBurst(database.url, agentToken, REMINDERS)),
    ];
  if (parts.includes('payments'))
    paymentsFigures = await paymentsPart(database.url, agentToken, {
      games: Number(process.env.BENCH_PAYMENTS ?? 100),
      reconciled: Number(process.env.BENCH_RECONCILED ?? 1000),
    });
  if (parts.includes('stats')) statsFigures = await statsPart(Number(process.env.BENCH_STATS_RUNS ?? 50));
  if (parts.includes('fleet')) fleetFigures = await fleetPart();
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

const report = {
  date: new Date().toISOString(),
  machine: machine(),
  parts,
  ...(apiFigures && {
    settings: { connections: 50, duration_s: DURATION, orders: ORDERS, commands: OPENINGS },
    api: apiFigures,
  }),
  ...(web && { web: { lighthouse_runs: LIGHTHOUSE_RUNS, ...web } }),
  ...(loadFigures && { load: loadFigures }),
  ...(suiteFigures && { suites: suiteFigures }),
  ...(offlineFigures && { offline: offlineFigures }),
  ...(notifyFigures && { notify: notifyFigures }),
  ...(statsFigures && { stats: statsFigures }),
  ...(fleetFigures && { fleet: fleetFigures }),
  ...(paymentsFigures && { payments: paymentsFigures }),
  ...(rushFigures && { rush: { ...rushFigures, rows: rushRows(rushFigures) } }),
  ...(floorFigures && { floor: floorFigures }),
};
mkdirSync(`${root}/bench/results`, { recursive: true });
writeFileSync(`${root}/bench/results/latest.json`, `${JSON.stringify(report, null, 2)}\n`);

console.log(`\nKort benchmark, ${report.machine.cores} × ${report.machine.cpu}, Node ${report.machine.node}\n`);
if (apiFigures) printApi(apiFigures);
if (web) printWeb(web);
if (web?.admin) printAdmin(web.admin);
if (loadFigures) printLoad(loadFigures);
if (suiteFigures) printSuites(suiteFigures);
if (offlineFigures) printOffline(offlineFigures);
if (notifyFigures) printNotify(notifyFigures);
if (statsFigures) printStats(statsFigures);
if (fleetFigures) printFleet(fleetFigures);
if (paymentsFigures) printPayments(paymentsFigures);
if (floorFigures) printFloor(floorFigures);
if (rushFigures) printRush(rushFigures);
console.log('Written to bench/results/latest.json');
const overBudget = web?.initial_js.filter((b) => b.status === 'FAIL') ?? [];
for (const b of overBudget)
  console.error(
    `FAIL: ${b.app} initial JavaScript is ${b.initial_js_gzip_bytes} B gzipped, budget ${b.budget_gzip_bytes} B`,
  );
if (overBudget.length) process.exitCode = MISSED;
const missed = [
  ...(apiFigures?.throughput ?? []),
  ...(apiFigures?.latency ?? []),
  ...(notifyFigures ?? []),
  ...(statsFigures?.rows ?? []),
  ...(fleetFigures?.rows ?? []),
  ...(paymentsFigures ?? []),
  ...(rushFigures ? rushRows(rushFigures) : []),
].filter((row) => row.verdict?.startsWith('FAIL'));
for (const row of missed) console.error(`FAIL: ${row.name}: ${row.verdict.slice('FAIL: '.length)}`);
if (missed.length) process.exitCode = MISSED;
else if (!overBudget.length) console.log('Every target met.');
