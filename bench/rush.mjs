// `npm run bench -- --only rush`: the minute a new day opens for booking. BENCH_RUSH_PLAYERS (2,000)
// players are signed in; the owner raises booking_horizon_days by one, which opens the day after
// the last bookable one (what midnight does every night); the bookers, who were waiting for it,
// arrive within BENCH_RUSH_ARRIVAL_S (5; docs/decisions/0108-the-rush.md); within BENCH_RUSH_WINDOW_S (60) every
// player reads that day's dial BENCH_RUSH_READS (3) times, and BENCH_RUSH_BOOKERS (600) of them go
// for its evening hours on BENCH_RUSH_COURTS (8) courts the way the app does: the dial, the hour's
// courts, a booking; a court taken meanwhile (409) sends them back to the dial, and an hour with
// no court left puts them in its line (the waitlist). Two replicas behind nginx, a database of its
// own. Judged: reads p99, booking answers p99, every slot booked exactly once, every loser told
// the spec's words, no player past the day's quota, no error. RUSH_PROFILE=<dir>: the replicas run
// under --cpu-prof and their profiles, cut to the burst, are summarised (bench/profile-report.mjs)
// after the part. RUSH_SLOWEST=<n>: the n slowest answers, each with when it was asked for.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from './fleet-cluster.mjs';
import {
  benchDatabase,
  cpuBetween,
  crowdClient,
  cpuSnapshot,
  monotonicMicros,
  players,
  quantiles,
  zoneClock,
} from './lib.mjs';
import { report } from './profile-report.mjs';

const { messages } = createRequire(import.meta.url)('../services/contracts/dist/index.js');

export const RUSH_TARGETS = { readsP99Ms: 100, bookingsP99Ms: 250 };
/** The evening hours every booker goes for (site-local). */
const EVENING = [17, 18, 19, 20, 21];
/** A booker's tries: a taken court sends them back to the dial at most this often. */
const TRIES = 4;

export function rushSettings(env = process.env) {
  return {
    players: Number(env.BENCH_RUSH_PLAYERS ?? 2000),
    bookers: Number(env.BENCH_RUSH_BOOKERS ?? 600),
    courts: Number(env.BENCH_RUSH_COURTS ?? 8),
    reads: Number(env.BENCH_RUSH_READS ?? 3),
    window_s: Number(env.BENCH_RUSH_WINDOW_S ?? 60),
    /** The bookers were waiting for midnight: they all arrive within this many seconds of it. */
    arrival_s: Number(env.BENCH_RUSH_ARRIVAL_S ?? 5),
  };
}

const now = () => performance.now();

/** Where the burst's CPU went: each replica, nginx, PostgreSQL, Redis, this load generator. */
function burstCpu(burst, pids) {
  const nginx = new Set([pids.nginx]);
  return cpuBetween(burst.cpu, burst.cpuAfter, (pid, { name, parent }) => {
    const replica = pids.replicas.indexOf(pid);
    if (replica >= 0) return `api-${replica + 1}`;
    if (nginx.has(pid) || nginx.has(parent)) return 'nginx';
    if (pid === process.pid) return 'load generator';
    if (name === 'postgres') return 'postgres';
    if (name === 'redis-server') return 'redis';
    return null;
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function rushPart(settings = rushSettings()) {
  const profileWindows = [];
  if (settings.bookers > settings.players) throw new Error('BENCH_RUSH_BOOKERS is more than BENCH_RUSH_PLAYERS');
  const database = await benchDatabase();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const cluster = await startCluster(
    {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `kort-bench-rush:${Date.now().toString(36)}:`,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      EDGE_AGENT_TOKEN: randomBytes(24).toString('base64url'),
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'info', // the production default: a log line per request is part of the cost
    },
    { nodeFlags: process.env.RUSH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.RUSH_PROFILE}`] : [] },
  );
  const { base } = cluster;
  try {
    const signInStart = now();
    const [owner] = await players(base, database.url, 1, { role: 'owner', address: () => '198.18.0.1' });
    const crowd = await players(base, database.url, settings.players, {
      address: (i) => `198.18.${1 + Math.floor(i / 90)}.${(i % 90) + 1}`,
      parallel: 16,
      quickHash: true,
    });
    const signedIn_s = Math.round((now() - signInStart) / 100) / 10;
    const ownerHeaders = { cookie: owner.cookie, 'x-csrftoken': owner.csrf, 'content-type': 'application/json' };
    const { rows: existing } = await db.query(`SELECT count(*)::int AS n FROM courts WHERE active`);
    for (let i = existing[0].n; i < settings.courts; i += 1) {
      const made = await fetch(`${base}/api/admin/courts/`, {
        method: 'POST',
        headers: ownerHeaders,
        body: JSON.stringify({ name: `Корт ${i + 1}` }),
      });
      if (!made.ok) throw new Error(`court ${i + 1}: ${made.status} ${await made.text()}`);
    }
    const {
      rows: [site],
    } = await db.query(`SELECT timezone FROM sites WHERE id = 'default'`);
    const rules = (await (await fetch(`${base}/api/booking_rules/`, { headers: { cookie: crowd[0].cookie } })).json())
      .detail;
    const horizon = rules.booking_horizon_days;
    // The first day not yet open: the one the owner's change (midnight, every night) opens.
    const clock = zoneClock(site.timezone);
    const day = clock.date(Date.now(), horizon + 1);
    const before = await fetch(`${base}/api/get-available-times/?date=${day}`, {
      headers: { cookie: crowd[0].cookie },
    });
    if (before.status !== 400) throw new Error(`${day} is open before the rush: ${before.status}`);
    const courts = (await (await fetch(`${base}/api/get_courts/`, { headers: { cookie: crowd[0].cookie } })).json())
      .detail;

    const opened = await fetch(`${base}/api/admin/settings/booking_horizon_days`, {
      method: 'PUT',
      headers: ownerHeaders,
      body: JSON.stringify({ value: String(horizon + 1) }),
    });
    if (!opened.ok) throw new Error(`opening the day: ${opened.status} ${await opened.text()}`);
    const start = now();
    // The burst: from the opening until the last booker has their answer. Its CPU by process, and
    // the replicas' profiles (RUSH_PROFILE) cut to it, say where the answers waited.
    const burst = { from: monotonicMicros(), cpu: cpuSnapshot() };
    const burstOver = () => Object.assign(burst, { to: monotonicMicros(), cpuAfter: cpuSnapshot() });
    const outcome = await rushTraffic(base, crowd, { ...settings, day, clock, courts, burstOver });
    const window_s = Math.round((now() - start) / 100) / 10;
    profileWindows.push({ from: burst.from, to: burst.to });
    // `node bench/profile-report.mjs <profile>` reads it: the report of a replica's profile alone.
    if (process.env.RUSH_PROFILE)
      writeFileSync(join(process.env.RUSH_PROFILE, 'windows.json'), JSON.stringify(profileWindows));
    const checks = await verify(db, day, clock, rules.quota_per_day, courts, outcome);
    return {
      settings,
      targets: RUSH_TARGETS,
      day,
      signed_in_s: signedIn_s,
      window_s,
      burst: { seconds: Math.round((burst.to - burst.from) / 1e5) / 10, cpu_s: burstCpu(burst, cluster.pids()) },
      ...outcome.figures,
      ...checks,
    };
  } catch (error) {
    console.error(cluster.output().slice(-4000));
    throw error;
  } finally {
    await db.end();
    await cluster.stop();
    await database.drop();
    if (process.env.RUSH_PROFILE)
      for (const file of readdirSync(process.env.RUSH_PROFILE).filter((name) => name.endsWith('.cpuprofile'))) {
        console.log(`\n--- ${file}`);
        report(JSON.parse(readFileSync(join(process.env.RUSH_PROFILE, file), 'utf8')), profileWindows);
      }
  }
}

/**
 * The minute itself. The first `bookers` players arrive within `arrival_s` of the opening and go
 * for an evening hour; every other player reads the day for the first time within the window's
 * first third; then every player reads it again every few seconds, `reads` times in all.
 */
async function rushTraffic(base, crowd, { bookers, reads, window_s, arrival_s, day, clock, courts, burstOver }) {
  const readMs = [];
  const bookMs = [];
  const statuses = {};
  const refusals = { slot_taken_wrong_words: 0, other_4xx: {} };
  let won = 0;
  let lost = 0;
  let waitlisted = 0;
  const count = (key) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const opened = now();
  const timeline = [];
  const byKind = {};
  let inBurst = true;
  const slowest = [];
  const client = crowdClient();
  const call = async (samples, path, session, init = {}) => {
    const started = now();
    const duringBurst = inBurst;
    try {
      const answer = await client.call(`${base}${path}`, {
        ...init,
        headers: {
          cookie: session.cookie,
          ...(init.body && { 'content-type': 'application/json', 'x-csrftoken': session.csrf }),
        },
      });
      const body = answer.body;
      samples.push(now() - started);
      if (duringBurst) (byKind[/^\/api\/([^/?]+)/.exec(path)[1]] ??= []).push(now() - started);
      timeline.push({ second: Math.floor((started - opened) / 1000), ms: now() - started });
      if (process.env.RUSH_SLOWEST)
        slowest.push({
          at_ms: Math.round(started - opened),
          ms: Math.round(now() - started),
          path,
          status: answer.status,
        });
      count(answer.status);
      return { status: answer.status, body };
    } catch (error) {
      count(error.name);
      return { status: error.name, body: null };
    }
  };
  const dial = (session) => call(readMs, `/api/get-available-times/?date=${day}`, session);
  const spacing = (window_s * 1000 * 2) / 3 / Math.max(1, reads);

  const joinLine = async (session, hour) => {
    const line = await call(bookMs, '/api/waitlist/', session, {
      method: 'POST',
      body: JSON.stringify({ time_start: clock.instant(day, hour) }),
    });
    if (line.status === 200) waitlisted += 1;
  };
  const booker = async (session) => {
    let view = await dial(session);
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const open = EVENING.filter((hour) => !(view.body?.reserved ?? []).includes(hour));
      // Every evening hour taken: the player gets in line for one of them and hopes.
      if (!open.length) return joinLine(session, EVENING[Math.floor(Math.random() * EVENING.length)]);
      const hour = open[Math.floor(Math.random() * open.length)];
      const status = await call(readMs, `/api/get_courts_status/?date=${day}&hour=${hour}`, session);
      const free = courts.filter((court) => !(status.body?.busy_courts ?? []).includes(court.id_cort));
      if (free.length) {
        const court = free[Math.floor(Math.random() * free.length)].id_cort;
        const booked = await call(bookMs, `/api/order-court/${court}/`, session, {
          method: 'POST',
          body: JSON.stringify({ id_cort: court, time_start: clock.instant(day, hour), players_count: 2 }),
        });
        if (booked.status === 200 || booked.status === 201) {
          won += 1;
          return;
        }
        if (booked.status !== 409) {
          const key = `${booked.status} ${booked.body?.code ?? ''}`;
          refusals.other_4xx[key] = (refusals.other_4xx[key] ?? 0) + 1;
          return;
        }
        lost += 1;
        if (booked.body?.detail !== messages.slotTaken) refusals.slot_taken_wrong_words += 1;
      }
      view = await dial(session);
      // Every court of that hour is taken now: the player waits in its line, then tries another hour.
      if ((view.body?.reserved ?? []).includes(hour)) await joinLine(session, hour);
    }
  };

  let bookersLeft = bookers;
  if (bookersLeft === 0) burstOver();
  const player = async (session, index) => {
    if (index < bookers) {
      await sleep(Math.random() * arrival_s * 1000);
      await booker(session);
      bookersLeft -= 1;
      if (bookersLeft === 0) {
        inBurst = false;
        burstOver();
      }
    } else {
      await sleep(Math.random() * spacing);
      await dial(session);
    }
    for (let i = 1; i < reads; i += 1) {
      await sleep(spacing * (0.5 + Math.random()));
      await dial(session);
    }
  };
  await Promise.all(crowd.map(player));
  client.close();
  if (process.env.RUSH_SLOWEST) {
    // When the slowest answers were asked for (from the opening) and how long each took: a cohort
    // started together and answered together is a stall, not a queue.
    console.log(`opened at ${new Date(performance.timeOrigin + opened).toISOString()}; the slowest answers:`);
    console.table(slowest.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.RUSH_SLOWEST) || 10));
  }
  return {
    figures: {
      reads: { n: readMs.length, ...quantiles(readMs) },
      bookings: { n: bookMs.length, ...quantiles(bookMs) },
      statuses,
      won,
      lost,
      waitlisted,
      refusals,
      timeline: bySecond(timeline),
      /** The answers to calls made during the burst, by call. */
      by_call: Object.fromEntries(Object.entries(byKind).map(([kind, list]) => [kind, quantiles(list)])),
    },
  };
}

/** The answers started in each second from the opening: how many, p50 and p99 (where the time went). */
function bySecond(samples) {
  const seconds = new Map();
  for (const { second, ms } of samples) seconds.set(second, [...(seconds.get(second) ?? []), ms]);
  return [...seconds.entries()]
    .sort(([a], [b]) => a - b)
    .map(([second, list]) => {
      const { p50_ms, p99_ms } = quantiles(list);
      return { second, n: list.length, p50_ms, p99_ms };
    });
}

/** What the database holds after the minute: each evening slot once, no player past the day's quota. */
async function verify(db, day, clock, quota, courts, { figures }) {
  const from = clock.instant(day, 0);
  const to = new Date(Date.parse(from) + 86_400_000).toISOString();
  const { rows: slots } = await db.query(
    `SELECT court_id, starts_at, count(*)::int AS games FROM bookings
      WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2 GROUP BY court_id, starts_at`,
    [from, to],
  );
  const { rows: perPlayer } = await db.query(
    `SELECT user_id, count(*)::int AS games FROM bookings
      WHERE cancelled_at IS NULL AND starts_at >= $1 AND starts_at < $2 GROUP BY user_id`,
    [from, to],
  );
  const { rows: line } = await db.query(
    `SELECT count(*)::int AS n FROM waitlist_entries WHERE state = 'waiting' AND starts_at >= $1 AND starts_at < $2`,
    [from, to],
  );
  const slotCount = courts.length * EVENING.length;
  const errors = Object.entries(figures.statuses)
    .filter(([status]) => !/^[24]\d\d$/.test(status))
    .reduce((sum, [, n]) => sum + n, 0);
  const booked = slots.filter((slot) => EVENING.includes(clock.hour(slot.starts_at)));
  return {
    slots: slotCount,
    slots_booked: booked.length,
    slots_booked_twice: slots.filter((slot) => slot.games > 1).length,
    quota_breaches: perPlayer.filter((row) => row.games > quota).length,
    waitlist_places: line[0].n,
    errors,
  };
}

/** The part's rows, each with its verdict. */
export function rushRows(figures) {
  const row = (name, figure, met, target) => ({
    name,
    figure,
    target,
    verdict: `${met ? 'PASS' : 'FAIL'}: ${figure} (${target})`,
  });
  return [
    row(
      'rush: reads p99 (dial, courts of an hour)',
      `${figures.reads.p99_ms} ms of ${figures.reads.n}`,
      figures.reads.p99_ms <= RUSH_TARGETS.readsP99Ms,
      `≤ ${RUSH_TARGETS.readsP99Ms} ms`,
    ),
    row(
      'rush: booking and waitlist answers p99',
      `${figures.bookings.p99_ms} ms of ${figures.bookings.n}`,
      figures.bookings.p99_ms <= RUSH_TARGETS.bookingsP99Ms,
      `≤ ${RUSH_TARGETS.bookingsP99Ms} ms`,
    ),
    row(
      'rush: every evening slot booked exactly once',
      `${figures.slots_booked} of ${figures.slots}, ${figures.slots_booked_twice} twice`,
      figures.slots_booked === figures.slots && figures.slots_booked_twice === 0,
      'all, none twice',
    ),
    row(
      "rush: every loser told 409 in the spec's words",
      `${figures.lost} lost, ${figures.refusals.slot_taken_wrong_words} in other words`,
      figures.refusals.slot_taken_wrong_words === 0,
      'all',
    ),
    row("rush: players past the day's quota", String(figures.quota_breaches), figures.quota_breaches === 0, '0'),
    row('rush: errors (5xx, no answer)', String(figures.errors), figures.errors === 0, '0'),
    row("rush: the lost hours' waitlist", `${figures.waitlist_places} places`, figures.waitlist_places > 0, '> 0'),
  ];
}

export function printRush(figures) {
  console.log(
    `\nThe rush: ${figures.settings.players} players signed in (${figures.signed_in_s} s), the day ${figures.day} opened; ` +
      `${figures.settings.bookers} went for ${figures.slots} evening slots; the minute took ${figures.window_s} s\n`,
  );
  console.log(
    `the burst (opening → the last booker's answer) ${figures.burst.seconds} s; CPU seconds in it: ${JSON.stringify(figures.burst.cpu_s)}`,
  );
  console.table(
    rushRows(figures).map((row) => ({
      measure: row.name,
      figure: row.figure,
      target: row.target,
      verdict: row.verdict.split(':')[0],
    })),
  );
  console.log(
    `by second from the opening (n p50/p99 ms): ${figures.timeline
      .slice(0, 15)
      .map((s) => `${s.second}s ${s.n} ${s.p50_ms}/${s.p99_ms}`)
      .join(' · ')}`,
  );
  console.log(`the burst's answers by call (ms): ${JSON.stringify(figures.by_call)}`);
  console.log(
    `answers by status: ${JSON.stringify(figures.statuses)}; won ${figures.won}, lost ${figures.lost}, waitlisted ${figures.waitlisted}; other refusals ${JSON.stringify(figures.refusals.other_4xx)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await rushPart();
  printRush(figures);
  if (rushRows(figures).some((row) => row.verdict.startsWith('FAIL'))) process.exitCode = 2;
}
