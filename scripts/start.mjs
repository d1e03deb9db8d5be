#!/usr/bin/env node
// `npm start`: the whole product on one machine (ARCHITECTURE.md section 2).
// Checks Postgres and Redis, migrates and seeds the database (creating it if missing), starts
// MailDev unless SMTP_URL is set, then runs the API on PORT and stops everything on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { startMailDev } from './maildev.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/kort';
env.REDIS_URL ||= 'redis://127.0.0.1:6379';
env.PORT ||= '3000';

const log = (message) => process.stdout.write(`[kort] ${message}\n`);

async function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const missing = [];
if (!(await reachable(env.DATABASE_URL, 5432))) missing.push(['PostgreSQL', env.DATABASE_URL, 'postgres']);
if (!(await reachable(env.REDIS_URL, 6379))) missing.push(['Redis', env.REDIS_URL, 'redis']);
if (missing.length) {
  for (const [name, url] of missing) log(`${name} is not reachable at ${new URL(url).host}.`);
  log(`Start it with: docker compose up -d ${missing.map(([, , service]) => service).join(' ')}`);
  process.exit(1);
}

const migrated = spawnSync(process.execPath, ['services/api/dist/cli/migrate.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
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

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await new Promise((resolve) => (api.exitCode !== null ? resolve() : api.once('exit', resolve)));
  await maildev?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
api.on('exit', (code) => void stop(code ?? 0));
