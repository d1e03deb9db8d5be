// The product started exactly as `npm start` starts it (on free ports, with a database of its own
// copied from a migrated template), with Chromium beside it for a test file, and its database at hand.
import { spawn } from 'node:child_process';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';
import { artifacts, launchChromium } from './browser.mjs';
import { createFromTemplate } from './template-database.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs scripts/start.mjs (what `npm start` runs after building) and waits for a healthy API.
 * `env` adds settings (the social login tests point the providers at their fake).
 */
export async function startProduct(env = {}) {
  const id = `${Date.now().toString(36)}_${process.pid}`;
  const [port, smtpPort, webPort, displayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/kort_e2e_${id}`;
  // Migrated and seeded already: `npm start`'s migrate step finds it up to date.
  await createFromTemplate(databaseUrl.replace(/\/[^/]+$/, '/postgres'), `kort_e2e_${id}`);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: `kort-e2e:${id}:`,
      MAILDEV_SMTP_PORT: String(smtpPort),
      MAILDEV_WEB_PORT: String(webPort),
      AGENT_DISPLAY_PORT: String(displayPort),
      AGENT_STATE_FILE: `${artifacts}/agent-state-${id}.json`,
      SMTP_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The API did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    base,
    databaseUrl,
    mailUrl: `http://127.0.0.1:${webPort}`,
    displayUrl: `http://127.0.0.1:${displayPort}`,
    output: () => output,
    async stop() {
      await closeKeptAlive();
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
      const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "kort_e2e_${id}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Closes this process's kept-alive connections (fetch's pool): a stopping API waits up to 5 s for
 * its clients to close theirs (services/api/src/lifecycle/graceful-shutdown.ts), and a journey's
 * last calls would hold it that long. Later calls get a new pool of the same kind.
 */
async function closeKeptAlive() {
  const key = Symbol.for('undici.globalDispatcher.1'); // where fetch keeps its pool (undici's setGlobalDispatcher)
  const pool = globalThis[key];
  if (!pool) return;
  globalThis[key] = new pool.constructor();
  await pool.close();
}

/** `work(db)` with a connection to the product's database, closed after. */
export async function withDatabase(product, work) {
  const db = new pg.Client({ connectionString: product.databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Registers before/after hooks that start the product (with `productEnv` added) and Chromium once for a test file. */
export function useProductAndBrowser({ chromiumArgs = [], productEnv = {} } = {}) {
  const env = { product: undefined, browser: undefined };
  before(async () => {
    env.product = await startProduct(productEnv);
    env.browser = await launchChromium(chromiumArgs);
  });
  after(async () => {
    await env.browser?.close();
    await env.product?.stop();
  });
  return env;
}

/** The simulated agent's own report of itself (`/state.json` of its door display). */
export async function agentState(product) {
  return (await fetch(`${product.displayUrl}/state.json`)).json();
}
