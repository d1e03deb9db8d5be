// Shared pieces of the benchmarks: processes on free ports, a database of their own, players.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { freePort } from '../scripts/free-port.mjs';

export { freePort };
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const require = createRequire(import.meta.url);
export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The first day the benches book (and the reads look at): the day after tomorrow (UTC), so a future
 * day in the club's zone too. Games are bookable bookingRules.horizonDays (90) ahead, no further.
 */
export const BENCH_DAY = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
/** BENCH_DAY's month, as GET /api/booked_times/ asks for it. */
export const BENCH_MONTH_QUERY = `month=${Number(BENCH_DAY.slice(5, 7))}&year=${BENCH_DAY.slice(0, 4)}`;

/**
 * Starts a Node process serving HTTP on a free port and waits until `readyPath` answers 200;
 * `nodeFlags` go before the script (`--cpu-prof`, for one).
 */
export async function startServer(script, readyPath, env = {}, nodeFlags = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlags, script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${errors}`);
    const ok = await fetch(base + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`${script} did not start:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh, migrated and seeded database; `drop()` removes it. */
export async function benchDatabase() {
  const { dataSourceOptions } = require('../services/api/dist/database/data-source-options.js');
  const { prepareDatabase } = require('../services/api/dist/database/migrate.js');
  const { dropDatabase } = require('../services/api/dist/database/ensure-database.js');
  const { DataSource } = require('typeorm');
  const url = `postgres://postgres@127.0.0.1:5432/kort_bench_${Date.now().toString(36)}_${process.pid}`;
  await prepareDatabase(url, () => new DataSource(dataSourceOptions(url)).initialize(), { seed: true });
  return { url, drop: () => dropDatabase(url) };
}

/**
 * Confirmed players inserted directly, then signed in through the real login call; `role: 'owner'`
 * makes club admins (what `npm run admin:create` makes of a registered account). `address(i)` gives
 * player i a client address of its own (X-Forwarded-For, believed from loopback): the API allows
 * 100 logins per address in 15 minutes, and a crowd of players does not share one. `parallel`
 * logins run at once (each is an argon2 verification on the API's side).
 */
export async function players(
  base,
  databaseUrl,
  count,
  { sportSchool = false, role = 'player', address = null, parallel = 1, quickHash = false } = {},
) {
  const argon2 = require('argon2');
  const password = 'Bench-2026-pass';
  // `quickHash`: the smallest argon2 settings (the login verifies with the hash's own), for a crowd
  // whose sign-in is not what is measured: 2,000 logins in seconds rather than minutes.
  const hash = await argon2.hash(password, {
    type: argon2.argon2id,
    ...(quickHash && { memoryCost: 1024, timeCost: 1 }),
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const emails = Array.from({ length: count }, (_, i) => `bench-${i}-${Date.now()}@example.com`);
  await client.query(
    `INSERT INTO users (email, name, password_hash, confirmed_at, rules_accepted_at, is_sport_school, role)
     SELECT e, 'Нагрузка', $2, now(), now(), $3, $4 FROM unnest($1::text[]) AS e`,
    [emails, hash, sportSchool, role],
  );
  await client.end();
  const login = async (email, i) => {
    const from = address ? { 'x-forwarded-for': address(i) } : {};
    const first = await fetch(`${base}/api/give_rules/`, { headers: from });
    const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie'))[1];
    const answer = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf, ...from },
      body: JSON.stringify({ email, password }),
    });
    if (!answer.ok) throw new Error(`login failed: ${answer.status} ${await answer.text()}`);
    const cookies = answer.headers.getSetCookie().map((c) => c.split(';')[0]);
    const token = cookies.find((c) => c.startsWith('csrftoken=')).slice('csrftoken='.length);
    return { cookie: cookies.join('; '), csrf: token, ...(address && { address: address(i) }) };
  };
  const sessions = [];
  for (let i = 0; i < emails.length; i += parallel)
    sessions.push(...(await Promise.all(emails.slice(i, i + parallel).map((email, j) => login(email, i + j)))));
  return sessions;
}

/**
 * The real edge agent (simulated driver) in this process, connected to the API as `site`'s agent;
 * `stop()` also removes its state directory.
 */
export async function startEdgeAgent(base, token, { site = 'default', timeoutMs = 15_000 } = {}) {
  const { startAgent, loadAgentConfig, SimulatedDriver, silentLogger } = require('../edge-agent/dist/index.js');
  const stateDir = mkdtempSync(join(os.tmpdir(), 'kort-bench-agent-'));
  const agent = await startAgent(
    loadAgentConfig(
      {
        API_URL: base,
        SITE_ID: site,
        EDGE_AGENT_TOKEN: token,
        DRIVER: 'simulated',
        DISPLAY_PORT: '0',
        STATE_FILE: join(stateDir, 'state.json'),
        LOG_LEVEL: 'error',
      },
      [],
    ),
    { driver: new SimulatedDriver(), logger: silentLogger },
  );
  const stop = async () => {
    await agent.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!agent.connected()) {
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the simulated edge agent of site "${site}" did not connect to the API`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { agent, stop };
}

/** autocannon with the project's settings; returns the figures we report. */
export async function load(name, options) {
  const from = monotonicMicros();
  let lastAnswer = from;
  const result = await new Promise((resolve, reject) => {
    const run = autocannon({ connections: 50, ...options }, (error, done) => (error ? reject(error) : resolve(done)));
    run.on('response', () => (lastAnswer = monotonicMicros()));
  });
  const to = monotonicMicros();
  const errors = result.errors + result.timeouts;
  // A fixed amount is over at its last answer: autocannon only notices at its next one-second tick,
  // so its own duration would make any run of 1,500 between 2 and 3 s read as 498 a second.
  const seconds = options.amount && lastAnswer > from ? (lastAnswer - from) / 1e6 : result.duration;
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(options.amount ? result.requests.total / seconds : result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors,
    // When it ran, on the clock a .cpuprofile's timestamps use: a profile can be cut to the run.
    window: { from, to },
  };
}

/** The monotonic clock in microseconds: the one V8's CPU profiles stamp their samples with. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

export function machine() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    // Other work on the machine shares its cores with the bench: the load when the report was written.
    load_average: os.loadavg().map((load) => Number(load.toFixed(2))),
  };
}

/** p50, p90, p99 (nearest rank) and max of samples in ms, rounded to 0.1 ms; nulls are left out. */
export function quantiles(samples) {
  const sorted = samples.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  const at = (q) => (sorted.length ? round(sorted[Math.ceil(q * sorted.length) - 1]) : null);
  return { n: sorted.length, p50_ms: at(0.5), p90_ms: at(0.9), p99_ms: at(0.99), max_ms: at(1) };
}

/** A figure from the API's /metrics (Prometheus text): the first line of `name` (labels included). */
export async function apiMetric(base, name) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

/**
 * A club's wall clock in `timeZone`: `date(instant, plusDays)` its local 'YYYY-MM-DD', `hour(instant)`
 * its local hour, `instant(date, hour)` that local hour as ISO with the zone's offset (taken at the
 * date's noon: a DST switch at night would shift the small hours; Moscow has none).
 */
export function zoneClock(timeZone) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const hourOf = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
  const offsetOf = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const offset = (date) => {
    const name = offsetOf.formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName').value;
    return name === 'GMT' ? '+00:00' : name.slice(3);
  };
  return {
    date: (instant, plusDays = 0) => day.format(new Date(new Date(instant).getTime() + plusDays * 86_400_000)),
    hour: (instant) => Number(hourOf.format(new Date(instant))),
    instant: (date, hour) => `${date}T${String(hour).padStart(2, '0')}:00:00${offset(date)}`,
  };
}

/**
 * Every process's CPU so far (user + system, all its threads), by pid, with its name and parent:
 * two of these around a stretch of load say which process the machine's cores went to.
 */
export function cpuSnapshot() {
  const ticks = 100; // USER_HZ on Linux
  const processes = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    processes.set(Number(pid), {
      name,
      parent: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / ticks,
    });
  }
  return processes;
}

/** CPU seconds between two snapshots, by group: `groupOf(pid, process)` names one, or null for "other". */
export function cpuBetween(before, after, groupOf) {
  const groups = {};
  for (const [pid, process] of after) {
    const used = process.seconds - (before.get(pid)?.seconds ?? 0);
    if (used <= 0) continue;
    const group = groupOf(pid, process) ?? 'other';
    groups[group] = Math.round(((groups[group] ?? 0) + used) * 100) / 100;
  }
  return groups;
}

/**
 * A crowd's HTTP client: node's own, with kept-alive connections. A crowd on one machine beside
 * the server should take as little of its cores as it can; `fetch` spent about a millisecond of
 * CPU on each call (its streams, headers and abort signal), a fifth of the machine in the rush.
 * Resolves `{ status, body }` (body parsed as JSON, or null), rejects on a network error or when no
 * answer came within `timeoutMs` (then `error.name` is 'TimeoutError').
 */
export function crowdClient({ maxSockets = 1024 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const call = (url, { method = 'GET', headers = {}, body, timeoutMs = 15_000 } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(body);
      const request = http.request(
        url,
        { method, agent, headers: payload ? { ...headers, 'content-length': payload.length } : headers },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            let parsed = null;
            try {
              parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // not JSON: no body to read
            }
            resolve({ status: response.statusCode, body: parsed });
          });
        },
      );
      request.setTimeout(timeoutMs, () => {
        const error = new Error(`no answer within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        request.destroy(error);
      });
      request.on('error', reject);
      request.end(payload);
    });
  return { call, close: () => agent.destroy() };
}

/**
 * The pause before each command of the command path's rows (`BENCH_COMMAND_GAP_MS`, 200 by
 * default; 0 runs them back to back), the same for the bare chain, the light and the door so that
 * their ratios compare like with like. Back to back, every process on the path is awake, and the
 * door, which waits out its pulse between openings, is not; a real door opens minutes apart. On
 * this VM a path that has idled for 200 ms answers about 7 ms later, bare chain included
 * (docs/decisions/0110-door-path-waits.md).
 */
export function commandGap() {
  const ms = Number(process.env.BENCH_COMMAND_GAP_MS ?? 200);
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
