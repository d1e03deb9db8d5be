// Shared pieces of the benchmarks: processes on free ports, a database of their own, players.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { freePort } from '../scripts/free-port.mjs';

export { freePort };
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const require = createRequire(import.meta.url);
export const root = fileURLToPath(new URL('..', import.meta.url));

/** Starts a Node process serving HTTP on a free port and waits until `readyPath` answers 200. */
export async function startServer(script, readyPath, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
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
 * Confirmed players inserted directly, then signed in through the real login call; `role: 'admin'`
 * makes club admins (what `npm run admin:create` makes of a registered account).
 */
export async function players(base, databaseUrl, count, { sportSchool = false, role = 'player' } = {}) {
  const argon2 = require('argon2');
  const password = 'Bench-2026-pass';
  const hash = await argon2.hash(password, { type: argon2.argon2id });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const emails = Array.from({ length: count }, (_, i) => `bench-${i}-${Date.now()}@example.com`);
  await client.query(
    `INSERT INTO users (email, name, password_hash, confirmed_at, rules_accepted_at, is_sport_school, role)
     SELECT e, 'Нагрузка', $2, now(), now(), $3, $4 FROM unnest($1::text[]) AS e`,
    [emails, hash, sportSchool, role],
  );
  await client.end();
  const sessions = [];
  for (const email of emails) {
    const first = await fetch(`${base}/api/give_rules/`);
    const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie'))[1];
    const login = await fetch(`${base}/api/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `csrftoken=${csrf}`, 'x-csrftoken': csrf },
      body: JSON.stringify({ email, password }),
    });
    if (!login.ok) throw new Error(`login failed: ${await login.text()}`);
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const token = cookies.find((c) => c.startsWith('csrftoken=')).slice('csrftoken='.length);
    sessions.push({ cookie: cookies.join('; '), csrf: token });
  }
  return sessions;
}

/** autocannon with the project's settings; returns the figures we report. */
export async function load(name, options) {
  const result = await autocannon({ connections: 50, ...options });
  const errors = result.errors + result.timeouts;
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors,
  };
}

export function machine() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}
