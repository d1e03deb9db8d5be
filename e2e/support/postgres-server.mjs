// A PostgreSQL of the test's own: a new cluster in a temporary directory, started with Debian's
// binaries (`pg_ctl`), so it can be stopped and started again without disturbing this machine's
// cluster, which other tests and people may be using at that moment. As root (CI), the server runs
// as the `postgres` user: PostgreSQL refuses to run as root.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/free-port.mjs';

/** Debian's server binaries: /usr/lib/postgresql/<newest>/bin, or PG_BINDIR. */
function binDir() {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((name) => existsSync(`/usr/lib/postgresql/${name}/bin/pg_ctl`))
    .sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('no PostgreSQL server binaries in /usr/lib/postgresql (set PG_BINDIR)');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

export async function startPostgres() {
  const bin = binDir();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kort-postgres-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, uid, gid);
  }
  const run = (tool, args) => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const all = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, all, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
    return result.stdout;
  };
  const pgCtl = (...args) => run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', ...args]);

  // Trust on 127.0.0.1, as the tests connect to this machine's cluster (user postgres, no password).
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;

  const postgres = {
    /** The server, without a database: startScaledProduct's `postgresUrl`. */
    url: `postgres://postgres@127.0.0.1:${port}`,
    port,
    async start() {
      pgCtl('-o', options, 'start');
      running = true;
    },
    /** A fast shutdown, as `pg_ctlcluster … stop` does: sessions are ended, then the server exits. */
    async shutdown() {
      running = false;
      pgCtl('-m', 'fast', 'stop');
    },
    running: () => running,
    /** Stops the server (immediately) if it runs and deletes the cluster. */
    async stop() {
      if (existsSync(join(data, 'postmaster.pid'))) {
        try {
          pgCtl('-m', 'immediate', 'stop');
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await postgres.start();
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return postgres;
}
