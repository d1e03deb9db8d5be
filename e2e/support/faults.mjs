// Shared by the fault tests (e2e/faults-*.test.mjs): players made fast, calls with a deadline that
// record how they ended, the club's bookable hours, the agent's commands checked against the API's,
// and the figures the benchmark docs quote.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import contracts from '@kort/contracts';
import argon2 from 'argon2';
import { apiClient } from './api-client.mjs';
import { artifacts } from './browser.mjs';
import { withDatabase } from './product.mjs';

export const PASSWORD = 'Корт-2026-отказы!';
const SITE_ZONE = 'Europe/Moscow'; // SITE_TIMEZONE's default, which the replicas run with

export { withDatabase } from './product.mjs';

/**
 * `count` confirmed players with the rules accepted, written straight into the database with an
 * argon2id hash (registration has its own tests and waits for mail): `[{ id, email }]`. The hash
 * has argon2's smallest settings: a login verifies with the hash's own, so signing them in is setup
 * that costs milliseconds, not the ~0.2 s of CPU each a production hash costs.
 */
export async function insertPlayers(product, count) {
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const emails = Array.from({ length: count }, () => `fault-${randomUUID().slice(0, 12)}@example.com`);
  return withDatabase(product, (db) =>
    db
      .query(
        `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at)
         SELECT e, 'Игрок', 'player', $2, now(), now() FROM unnest($1::text[]) AS e
         RETURNING id, email`,
        [emails, hash],
      )
      .then((result) => result.rows),
  );
}

/** insertPlayers, each then signed in through the proxy with the real login call. */
export async function signedInPlayers(product, count) {
  return Promise.all(
    (await insertPlayers(product, count)).map(async ({ id, email }) => {
      const client = apiClient(product.base);
      const login = await client.login(email, PASSWORD);
      if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${JSON.stringify(login.body)}`);
      return { id, email, client };
    }),
  );
}

/**
 * One call as a signed-in client makes it, given up after `timeoutMs`. Never throws: the outcome is
 * `{ status, body, ms }` for an answer and `{ error, ms }` for a timeout or a broken connection.
 */
export async function timedCall(base, client, method, path, { body, timeoutMs = 10_000 } = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(client ? { cookie: client.cookieHeader(), 'X-CSRFToken': client.csrfToken() } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text.slice(0, 200);
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  } catch (error) {
    const reason = error.name === 'TimeoutError' ? 'timeout' : (error.cause?.code ?? error.message);
    return { error: reason, ms: performance.now() - started };
  }
}

/** `{ '200': 12, '503': 3, timeout: 1 }` */
export function tally(outcomes) {
  const counts = {};
  for (const outcome of outcomes) {
    const key = outcome.status ?? outcome.error;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** A clean refusal: 503 with a Russian `detail` the apps can show. */
export const cleanUnavailable = (outcome) =>
  outcome.status === 503 && typeof outcome.body?.detail === 'string' && /[а-яё]/i.test(outcome.body.detail);

/**
 * The commands the agent ran (its `command done` log lines, every agent process of the product):
 * `[{ id, action, at }]`, `at` in ms. A repeated delivery is acknowledged without running and does
 * not appear here.
 */
export function commandsRun(product) {
  return product
    .agentOutput()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === 'command done')
    .map((line) => ({ id: line.id, action: line.action, at: Date.parse(line.time) }));
}

/**
 * Never twice, never late: each command the agent ran ran once, before its deadline, and each
 * command the API recorded as done is one the agent ran. Returns the problems found, with figures.
 */
export async function commandAudit(product) {
  const run = commandsRun(product);
  const rows = await withDatabase(product, (db) =>
    db.query(`SELECT id, status, deadline, deliveries FROM commands`).then((result) => result.rows),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const counts = new Map();
  for (const { id } of run) counts.set(id, (counts.get(id) ?? 0) + 1);
  const problems = [];
  for (const [id, count] of counts) if (count > 1) problems.push(`${id} ran ${count} times`);
  for (const { id, at } of run) {
    const row = byId.get(id);
    if (!row) problems.push(`${id} ran but has no row`);
    else if (at > row.deadline.getTime()) problems.push(`${id} ran ${at - row.deadline.getTime()} ms late`);
  }
  const ran = new Set(counts.keys());
  for (const row of rows) if (row.status === 'done' && !ran.has(row.id)) problems.push(`${row.id} done but never ran`);
  const statuses = {};
  for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  // Ran, but the API could not record it (its database was away): the caller heard a failure.
  const unrecorded = [...ran].filter((id) => byId.get(id)?.status !== 'done').length;
  // Sent again after a delivery went unanswered (the agent ran each id once: `problems` says if not).
  const redelivered = rows.filter((row) => row.deliveries > 1).length;
  return { problems, run: run.length, rows: rows.length, statuses, unrecorded, redelivered };
}

/**
 * A distinct bookable slot for each (player, round) pair that the quotas allow (one game a day,
 * two a week, five to come): a player's rounds are a week apart, and up to 252 players share a week
 * without meeting (7 days × 2 courts × 18 hours). Rounds 0–4.
 */
export function slotFor(player, round, firstDay = 2) {
  const court = 1 + (Math.floor(player / 7) % 2);
  const hour = 6 + (Math.floor(player / 14) % 18);
  return { court, timeStart: clubHour(clubDate(firstDay + 7 * round + (player % 7)), hour) };
}

export const order = (base, client, { court, timeStart }, timeoutMs = 10_000) =>
  timedCall(base, client, 'POST', `/api/order-court/${court}/`, {
    body: { id_cort: court, time_start: timeStart, players_count: 2 },
    timeoutMs,
  });

/** 'YYYY-MM-DD' of the club's local day `days` from now. */
export const clubDate = (days) => contracts.wallClock(new Date(Date.now() + days * 86_400_000), SITE_ZONE).date;

/** The instant the apps send for `hour` o'clock on the club's `date` (Moscow has no summer time). */
export const clubHour = (date, hour) => `${date}T${String(hour).padStart(2, '0')}:00:00+03:00`;

export function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

const figuresFile = `${artifacts}/fault-figures.json`;
/** Suites whose earlier figures this process has already replaced. */
const fresh = new Set();

/**
 * Prints a measured figure as a `# …` line and keeps it in e2e/artifacts/fault-figures.json under
 * the suite's name, as `{ value, unit, note }` (each test file runs in a process of its own, one
 * after another; a suite's figures from an earlier run are replaced).
 */
export function recordFigure(suite, name, value, unit = '', note = '') {
  console.log(`# ${suite}: ${name} = ${value}${unit ? ` ${unit}` : ''}${note ? ` (${note})` : ''}`);
  mkdirSync(artifacts, { recursive: true });
  const figures = existsSync(figuresFile) ? JSON.parse(readFileSync(figuresFile, 'utf8')) : {};
  if (!fresh.has(suite)) {
    figures[suite] = { measuredAt: new Date().toISOString() };
    fresh.add(suite);
  }
  figures[suite][name] = { value, ...(unit && { unit }), ...(note && { note }) };
  writeFileSync(figuresFile, `${JSON.stringify(figures, null, 2)}\n`);
}
