// The install the fleet bench (bench/fleet.mjs) runs against: two API replicas started as
// `npm run start:prod` starts them (NODE_ENV=production), Debian's nginx in front with
// deploy/nginx/kort.conf.template (the file compose's proxy renders), sized for a thousand agents'
// websockets. Replicas can be killed and started again on the same ports: the reconnect storm.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nginxConfig } from '../scripts/nginx-conf.mjs';
import { freePort, root } from './lib.mjs';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process whose last output is kept (shown when it fails), with its exit awaited. */
function launch(command, args, env) {
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited, output: () => output, running: () => child.exitCode === null && !child.signalCode };
}

async function ready(url, part, what) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (!part.running()) throw new Error(`${what} exited:\n${part.output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not answer ${url}:\n${part.output()}`);
    await sleep(100);
  }
}

/** The resident memory of a process, in KiB (Linux /proc). */
export function rssKib(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
}

/**
 * Two replicas on `env` (DATABASE_URL, REDIS_PREFIX, EDGE_AGENT_TOKEN, …) behind nginx. `base` is
 * the proxy's address; `restart()` kills both replicas at once (SIGKILL, as a crash or a host
 * reboot leaves them) and starts them again on their ports, resolving when both answer.
 * `nodeFlags` go before the replicas' script (`--cpu-prof`, to see where their time goes).
 */
export async function startCluster(env, { nodeFlags = [] } = {}) {
  const [proxyPort, ...ports] = [await freePort(), await freePort(), await freePort()];
  const base = `http://127.0.0.1:${proxyPort}`;
  const fullEnv = { PATH: process.env.PATH, NODE_ENV: 'production', PUBLIC_URL: base, ...env };
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const [command, ...args] = scripts['start:prod'].split(' ');
  if (command !== 'node') throw new Error(`start:prod is not a plain node command: ${scripts['start:prod']}`);
  const replicas = [];
  const startReplica = async (index) => {
    const part = launch(process.execPath, [...nodeFlags, ...args], { ...fullEnv, PORT: String(ports[index]) });
    replicas[index] = part;
    await ready(`http://127.0.0.1:${ports[index]}/api/health/`, part, `api-${index + 1}`);
  };
  const prefix = mkdtempSync(join(tmpdir(), 'kort-fleet-nginx-'));
  let nginx = null;
  const stop = async () => {
    for (const part of [nginx, ...replicas]) {
      if (!part?.running()) continue;
      part.child.kill('SIGTERM');
      const killer = setTimeout(() => part.child.kill('SIGKILL'), 10_000);
      await part.exited;
      clearTimeout(killer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  try {
    await Promise.all([startReplica(0), startReplica(1)]);
    // Two connections per agent (to the agent, to its replica): 8192 leaves room for 4,000.
    const upstreams = ports.map((port) => `127.0.0.1:${port}`);
    writeFileSync(join(prefix, 'nginx.conf'), nginxConfig(prefix, proxyPort, upstreams, { workerConnections: 8192 }));
    nginx = launch(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
      PATH: process.env.PATH,
    });
    await ready(`${base}/api/health/`, nginx, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    base,
    /** The replicas' and nginx's process ids (nginx's workers are its children). */
    pids: () => ({ replicas: replicas.map((part) => part.child.pid), nginx: nginx.child.pid }),
    /** Both replicas' resident memory, in KiB. */
    rssKib: () => replicas.reduce((sum, part) => sum + rssKib(part.child.pid), 0),
    output: () => replicas.map((part, i) => `--- api-${i + 1}\n${part.output()}`).join('\n'),
    /** nginx's error log (warn and up) so far: why a request it answered itself (a 502) failed. */
    proxyErrors: () => {
      try {
        return readFileSync(join(prefix, 'error.log'), 'utf8');
      } catch {
        return '';
      }
    },
    async restart() {
      const killedAt = performance.timeOrigin + performance.now();
      for (const part of replicas) part.child.kill('SIGKILL');
      await Promise.all(replicas.map((part) => part.exited));
      await Promise.all([startReplica(0), startReplica(1)]);
      return { killedAt, readyAt: performance.timeOrigin + performance.now() };
    },
    stop,
  };
}
