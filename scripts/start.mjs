#!/usr/bin/env node
// `npm start`: the whole product on one machine (ARCHITECTURE.md section 2).
// Checks that Postgres and Redis run, migrates and seeds the database (creating it if missing), starts
// MailDev unless SMTP_URL is set, then runs the API on PORT and a simulated edge agent (door display
// on AGENT_DISPLAY_PORT, default 8090; `KORT_AGENT=off` leaves it out, for a real Pi or a test's own
// agent) and stops everything on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailDev } from './maildev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/kort';
env.REDIS_URL ||= 'redis://127.0.0.1:6379';
env.PORT ||= '3000';
// The API and the local simulated agent share the default site's token.
const tokenGiven = Boolean(env.EDGE_AGENT_TOKEN);
env.EDGE_AGENT_TOKEN ||= randomBytes(24).toString('base64url');

const log = (message) => process.stdout.write(`[kort] ${message}\n`);

// PostgreSQL and Redis must be running: if not, one sentence says which and how to start it.
const run = (script) => spawnSync(process.execPath, [script], { cwd: root, env, stdio: 'inherit' });
const ready = run('services/api/dist/cli/preflight.js');
if (ready.status !== 0) process.exit(ready.status ?? 1);

const migrated = run('services/api/dist/cli/migrate.js');
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

let maildev;
if (!env.SMTP_URL) {
  maildev = await startMailDev({
    smtpPort: Number(env.MAILDEV_SMTP_PORT || 1025),
    webPort: Number(env.MAILDEV_WEB_PORT || 1080),
  });
  env.SMTP_URL = `smtp://127.0.0.1:${maildev.smtpPort}`;
  log(`MailDev: SMTP on 127.0.0.1:${maildev.smtpPort}, inbox at http://127.0.0.1:${maildev.webPort}/`);
}

const api = spawn(process.execPath, ['services/api/dist/main.js'], { cwd: root, env, stdio: 'inherit' });
log(`API on http://127.0.0.1:${env.PORT}/api/ (docs at /api/docs/)`);
let agent;
let stopping = false;
const exited = (child) => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
async function stop(code) {
  if (stopping) return;
  stopping = true;
  agent?.kill('SIGTERM');
  if (agent) await exited(agent);
  api.kill('SIGTERM');
  await exited(api);
  await maildev?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
// The API ending (a crash, or a refusal to start) ends everything, agent and MailDev included.
api.on('exit', (code) => void stop(code ?? 1));

// The agent would connect (and retry) on its own; starting it once the API answers keeps the log clean.
for (let tries = 0; tries < 150 && !stopping; tries += 1) {
  const healthy = await fetch(`http://127.0.0.1:${env.PORT}/api/health/`).then(
    (response) => response.ok,
    () => false,
  );
  if (healthy) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
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
    DRIVER: 'simulated',
    DISPLAY_PORT: env.AGENT_DISPLAY_PORT || '8090',
    STATE_FILE: env.AGENT_STATE_FILE || join(tmpdir(), `kort-agent-${env.PORT}.json`),
    LOG_LEVEL: env.AGENT_LOG_LEVEL || 'warn',
  };
  agent = spawn(process.execPath, ['edge-agent/dist/cli.js'], { cwd: root, env: agentEnv, stdio: 'inherit' });
  log(`Simulated edge agent: door display at http://127.0.0.1:${agentEnv.DISPLAY_PORT}/`);
  agent.on('exit', (code) => {
    if (!stopping) log(`The edge agent stopped (exit ${code}); the API keeps running.`);
  });
}
