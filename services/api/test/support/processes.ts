import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '../../../..');

/** A root package.json script as argv, run with this Node: what operators and containers run. */
export function scriptArgv(name: 'start:prod' | 'migrate:prod'): string[] {
  const { scripts } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = scripts[name]!.split(' ');
  if (command !== 'node') throw new Error(`${name} is expected to be a plain node command: ${scripts[name]}`);
  return args;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Starts a root script (start:prod) on a free port with `env` only (plus PATH) and waits for
 * readiness. The API is ready in 3-4 s on an idle 2-core machine; beside a full parallel test run
 * it once did not answer within 20 s, hence the margin (the wait ends as soon as health answers,
 * and a timeout says what the last probe met).
 */
export async function startScript(
  name: 'start:prod',
  env: NodeJS.ProcessEnv,
  { timeoutMs = 45_000 } = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, scriptArgv(name), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  /** What the last readiness probe met: a refused connection, or the health report's answer. */
  let lastProbe = 'no probe answered yet';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${base}/api/health/`).then(
      async (response) => {
        lastProbe = `${response.status} ${await response.text()}`;
        return response.ok;
      },
      (error: Error) => {
        lastProbe = `${error.message} (${String((error.cause as Error | undefined)?.message ?? '')})`;
        return false;
      },
    );
    if (ready) return { child, base, output: () => output, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not become ready within ${timeoutMs} ms; the last probe: ${lastProbe}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a root script to its end with `env` only (plus PATH). */
export function runScript(
  name: 'start:prod' | 'migrate:prod',
  env: NodeJS.ProcessEnv,
  args: string[] = [],
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...scriptArgv(name), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

/** A stack trace line ("    at fn (file:1:2)"): operators get sentences, not these. */
export const STACK_TRACE = /\n\s+at .+:\d+:\d+\)?/;
