// Kort as production runs it, on one machine: the migrate command, two API replicas started with
// `npm run start:prod`'s command and NODE_ENV=production, Debian's nginx in front of them with
// deploy/nginx/kort.conf.template (the file compose's proxy renders), MailDev, and the simulated
// edge agent connected through the proxy. The fault tests (e2e/faults-*.test.mjs) give it a Redis,
// a PostgreSQL or a mail server of their own, and kill and restart its parts.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';
import { nginxConfig } from '../../scripts/nginx-conf.mjs';
import { startMailDev } from '../../scripts/maildev.mjs';
import { apiClient } from './api-client.mjs';
import { artifacts } from './browser.mjs';
import { until } from './wait.mjs';
import { withDescendants } from './processes.mjs';

const root = new URL('../../', import.meta.url).pathname;
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** A root package.json script's node arguments: exactly what the containers run. */
function scriptArgs(name) {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts[name].split(' ');
  if (command !== 'node') throw new Error(`${name} is not a plain node command: ${scripts[name]}`);
  return args;
}

/** A child process whose output is kept (and printed if the test fails), with its exit awaited. */
export function launch(label, command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { label, child, exited, output: () => output, running: () => child.exitCode === null && !child.signalCode };
}

/** SIGTERM, and SIGKILL for a part that has not exited 10 s later (or was frozen with SIGSTOP). */
export async function stopPart(part) {
  if (!part.running()) return part.exited;
  part.child.kill('SIGTERM');
  const killer = setTimeout(() => part.child.kill('SIGKILL'), 10_000);
  await part.exited;
  clearTimeout(killer);
}

async function startNginx(proxyPort, upstreams) {
  const prefix = mkdtempSync(join(tmpdir(), 'kort-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig(prefix, proxyPort, upstreams));
  const nginx = launch('nginx', NGINX, ['-p', prefix, '-c', conf, '-e', `${prefix}/error.log`, '-g', 'daemon off;'], {
    PATH: process.env.PATH,
  });
  await until(
    async () => nginx.child.exitCode !== null || (await fetch(`http://127.0.0.1:${proxyPort}/api/health/`)).ok,
    'nginx to answer',
  ).catch(() => undefined);
  if (nginx.child.exitCode !== null) throw new Error(`nginx did not start:\n${nginx.output()}`);
  return {
    ...nginx,
    prefix,
    errorLog: () => readFileSync(`${prefix}/error.log`, 'utf8'),
    /** deploy/nginx/set-replica.sh, the operator's command, against this nginx. */
    setReplica(replica, state) {
      const result = spawnSync(join(root, 'deploy/nginx/set-replica.sh'), [`127.0.0.1:${replica.port}`, state], {
        env: {
          PATH: `${process.env.PATH}:/usr/sbin`,
          KORT_NGINX_CONF: conf,
          KORT_NGINX_ARGS: `-p ${prefix} -c ${conf} -e ${prefix}/error.log`,
        },
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`set-replica.sh failed:\n${result.stdout}${result.stderr}`);
      return result.stdout.trim();
    },
  };
}

async function startReplica(name, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const replica = launch(name, process.execPath, scriptArgs('start:prod'), { ...env, PORT: String(port) });
  await until(
    async () => {
      if (replica.child.exitCode !== null) throw new Error(`${name} exited:\n${replica.output()}`);
      return fetch(`${url}/api/health/`).then(
        (response) => response.ok,
        () => false,
      );
    },
    `${name} to be ready`,
    30_000,
  );
  return { ...replica, name, url, port };
}

/** Deletes the run's keys (sessions, queues) from a Redis that may be shared; a Redis away is left. */
async function deleteKeys(url, prefix) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 })) {
      if (keys.length) await redis.del(...keys);
    }
  } catch {
    // a test's own Redis already stopped: its directory goes with it
  } finally {
    redis.disconnect();
  }
}

/** A replica's own Prometheus metrics as { 'name{labels}': value }. */
export async function metricsOf(replica) {
  const text = await (await fetch(`${replica.url}/metrics`)).text();
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const at = line.lastIndexOf(' ');
        return [line.slice(0, at), Number(line.slice(at + 1))];
      }),
  );
}

/**
 * Starts the whole product. Options, for the fault tests:
 * - `env`: more settings for the replicas and the operator's commands (`COMMAND_DEADLINE_MS`, …);
 * - `agentEnv`: more settings for the agent (`LOG_LEVEL: 'info'` logs every command it runs);
 * - `redisUrl`, `postgresUrl` (the server, without a database): a Redis or PostgreSQL of the test's
 *   own instead of this machine's;
 * - `smtpUrl`: a mail server of the test's own; MailDev is not started then (no `mailUrl`).
 */
export async function startScaledProduct({ env: settings = {}, agentEnv = {}, redisUrl, postgresUrl, smtpUrl } = {}) {
  const id = `${Date.now().toString(36)}_${process.pid}`;
  const databaseUrl = `${postgresUrl ?? 'postgres://postgres@127.0.0.1:5432'}/kort_e2e_${id}`;
  const [proxyPort, smtpPort, webPort, displayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const base = `http://127.0.0.1:${proxyPort}`;
  const maildev = smtpUrl ? undefined : await startMailDev({ smtpPort, webPort });
  const env = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `kort-e2e:${id}:`,
    SMTP_URL: smtpUrl ?? `smtp://127.0.0.1:${maildev.smtpPort}`,
    PUBLIC_URL: base,
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    EDGE_AGENT_TOKEN: randomBytes(24).toString('base64url'),
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  const parts = [];
  const stop = async () => {
    for (const part of parts.reverse()) await stopPart(part);
    await maildev?.stop();
    await deleteKeys(env.REDIS_URL, env.REDIS_PREFIX);
    const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]+$/, '/postgres') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "kort_e2e_${id}" WITH (FORCE)`);
    await admin.end();
  };

  try {
    // The migrate command first (compose's `migrate` service), then the replicas.
    const migrated = spawnSync(process.execPath, scriptArgs('migrate:prod'), { cwd: root, env, encoding: 'utf8' });
    if (migrated.status !== 0) throw new Error(`migrate:prod failed:\n${migrated.stdout}${migrated.stderr}`);

    const replicas = [await startReplica('api-1', env), await startReplica('api-2', env)];
    parts.push(...replicas);
    const proxy = await startNginx(
      proxyPort,
      replicas.map((replica) => `127.0.0.1:${replica.port}`),
    );
    parts.push(proxy);

    mkdirSync(artifacts, { recursive: true });
    const stateFile = `${artifacts}/agent-state-${id}.json`;
    const displayUrl = `http://127.0.0.1:${displayPort}`;
    const product = {
      base,
      databaseUrl,
      env,
      mailUrl: maildev && `http://127.0.0.1:${webPort}`,
      displayUrl,
      replicas,
      proxy,
      /** The agent process running now (startAgent replaces it). */
      agent: undefined,
      /** The agent's state file: the ids of the commands it ran, kept across its restarts. */
      agentStateFile: stateFile,
      /**
       * Starts the edge agent (again, after a crash: same settings, same state file) and waits until
       * it says it is connected, unless `wait` is false.
       */
      async startAgent({ wait = true } = {}) {
        const agent = launch('edge-agent', process.execPath, ['edge-agent/dist/cli.js'], {
          PATH: process.env.PATH,
          API_URL: base,
          EDGE_AGENT_TOKEN: env.EDGE_AGENT_TOKEN,
          DRIVER: 'simulated',
          DISPLAY_PORT: String(displayPort),
          STATE_FILE: stateFile,
          LOG_LEVEL: 'warn',
          ...agentEnv,
        });
        parts.push(agent);
        product.agent = agent;
        if (wait) {
          await until(
            () => {
              if (!agent.running()) throw new Error(`the agent exited:\n${agent.output()}`);
              return fetch(`${displayUrl}/state.json`).then(
                async (response) => (await response.json()).connected,
                () => false,
              );
            },
            'the agent to connect through the proxy',
            20_000,
          );
        }
        return agent;
      },
      /** Every process of the product still alive: its parts and their children (nginx's workers). */
      processes: () => withDescendants(parts.filter((part) => part.running()).map((part) => part.child.pid)),
      /** What every agent process printed, restarts included (JSON lines). */
      agentOutput: () =>
        parts
          .filter((part) => part.label === 'edge-agent')
          .map((part) => part.output())
          .join(''),
      /** Everything every part printed: attached to a failure. */
      output: () => parts.map((part) => `--- ${part.label}\n${part.output()}`).join('\n'),
      stop: async () => {
        try {
          await stop();
        } finally {
          rmSync(proxy.prefix, { recursive: true, force: true });
          rmSync(stateFile, { force: true });
        }
      },
    };
    await product.startAgent();
    return product;
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * An admin created with the operator's command (`node services/api/dist/cli/admin-create.js`),
 * signed in through the proxy: an apiClient with its session and CSRF token.
 */
export async function signedInAdmin(product) {
  const email = `admin-${Date.now()}-${process.pid}@example.com`;
  const password = 'Админ-2026-реплики!';
  const result = spawnSync(
    process.execPath,
    ['services/api/dist/cli/admin-create.js', '--email', email, '--password', password, '--name', 'Ирина'],
    { cwd: root, env: product.env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`admin-create failed:\n${result.stdout}${result.stderr}`);
  const admin = apiClient(product.base);
  const login = await admin.login(email, password);
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
  return admin;
}

/**
 * Load as browsers make it: `connections` keep-alive connections, each sending `requests` in turn
 * for `durationMs`. Like a browser, a request whose reused connection the server had just closed
 * (reset before any answer) is sent once more on a new one; nothing else is retried. Such resets
 * come from the proxy's graceful reloads, each closing at most every idle connection of the pool
 * once: more than `connections × reloads` of them are real resets, and each past that bound is a
 * failure, not a resend. Returns the count of answers by status and every failure.
 */
export async function browserLikeLoad(base, { connections, durationMs, requests, reloads = 0 }) {
  const resendBound = connections * reloads;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = {};
  const failures = [];
  let resent = 0;
  // The retry takes a connection of its own (agent: false): the pool's other idle connections were
  // very likely closed by the same nginx worker in the same instant (a graceful reload closes them
  // all), and a second stale one would turn the browser's single retry into a failure.
  const send = (request, retried = false) =>
    new Promise((resolve) => {
      const call = http.request(`${base}${request.path}`, {
        method: request.method,
        headers: request.headers,
        agent: retried ? false : agent,
      });
      call.on('response', (response) => {
        response.resume();
        response.on('end', () => {
          statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      call.on('error', (error) => {
        const closedIdle = call.reusedSocket && !retried && ['ECONNRESET', 'EPIPE'].includes(error.code);
        if (closedIdle && resent < resendBound) {
          resent += 1;
          resolve(send(request, true));
        } else {
          const attempt = retried
            ? ' (its retry on a new connection)'
            : closedIdle
              ? ` (a reused connection reset past the ${resendBound} the reloads explain)`
              : call.reusedSocket
                ? ''
                : ' (a new connection)';
          failures.push(`${request.method} ${request.path}: ${error.code ?? error.message}${attempt}`);
          resolve();
        }
      });
      call.end();
    });
  const until = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      for (let i = lane; Date.now() < until; i += 1) await send(requests[i % requests.length]);
    }),
  );
  agent.destroy();
  const total = Object.values(statuses).reduce((sum, count) => sum + count, 0) + failures.length;
  return { total, statuses, failures, resent };
}
