// A Redis of the test's own, configured as compose runs it (append-only file on, no eviction), so it
// can be shut down and started again without touching this machine's Redis or anyone's data.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';
import { launch, stopPart } from './scale-out.mjs';
import { until } from './wait.mjs';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kort-redis-'));
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--save',
    '',
    '--maxmemory-policy',
    'noeviction',
  ];
  const cli = (...command) =>
    spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...command], { encoding: 'utf8' });
  let server;

  const redis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    /** Starts the server on the same port and directory: the append-only file brings the data back. */
    async start() {
      server = launch('redis', REDIS_SERVER, args, { PATH: process.env.PATH });
      await until(() => {
        if (!server.running()) throw new Error(`redis-server exited:\n${server.output()}`);
        return cli('ping').stdout.trim() === 'PONG';
      }, 'Redis to answer');
    },
    /** What an operator's `redis-cli shutdown` does: the file is synced and the server exits. */
    async shutdown() {
      const result = cli('shutdown');
      if (result.status !== 0 && server.running()) throw new Error(`redis-cli shutdown: ${result.stderr}`);
      await server.exited;
    },
    pid: () => (server?.running() ? server.child.pid : undefined),
    running: () => Boolean(server?.running()),
    output: () => server?.output() ?? '',
    /** Stops the server if it runs and deletes its directory. */
    async stop() {
      if (server) await stopPart(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
