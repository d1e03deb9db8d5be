import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type AgentEvent, EDGE_EVENTS } from '@kort/contracts';
import { releaseFolders } from '../src/update/release-folders';
import { type EdgeServer, startEdgeServer, TOKEN } from './support/edge-server';
import { eventually, tempDir } from './support/helpers';
import { type Bundle, buildBundle, releaseKit, type ReleaseKit, targetOf } from './support/releases';
import { game, signedSchedule, SITE } from './support/schedules';

// The real update path: release folders, the `current` link, the process ending and the guard's
// restart loop starting the new release, which proves itself or is switched back. The agents run
// as Node processes from bundles `npm run agent:release` built, as on a Pi without systemd.

const CLI = join(__dirname, '..', 'dist', 'cli.js');
let kit: ReleaseKit;
let v1: Bundle;
let v2: Bundle;

beforeAll(() => {
  kit = releaseKit();
  v1 = buildBundle(kit, '1.0.0');
  v2 = buildBundle(kit, '2.0.0');
}, 240_000);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Bundle downloads the API stand-in answered. */
let downloads = 0;

/** An API stand-in whose address also serves the bundles, as GET /api/edge/releases/<version>. */
function apiWith(bundles: Bundle[]) {
  downloads = 0;
  return startEdgeServer({
    routes: (request, response) => {
      const match = /^\/api\/edge\/releases\/([^/]+)$/.exec(request.url ?? '');
      if (!match) return false;
      downloads++;
      const bundle = bundles.find((b) => b.version === decodeURIComponent(match[1]!));
      if (request.headers.authorization !== `Bearer ${TOKEN}`) response.writeHead(401).end();
      else if (!bundle) response.writeHead(404).end();
      else response.writeHead(200).end(readFileSync(bundle.file));
      return true;
    },
  });
}

let loop: ChildProcess | null = null;
let output = '';

afterEach(async () => {
  if (loop && loop.exitCode === null) {
    const exited = new Promise((resolve) => loop!.once('exit', resolve));
    loop.kill('SIGTERM');
    await exited;
  }
  loop = null;
});

/** A Pi where 1.0.0 was installed from its bundle, run by the guard's restart loop. */
async function piRunning(server: EdgeServer, healthWindowMs: number) {
  const root = tempDir('kort-pi-');
  // The first install, as the README has it: `kort-agent install <bundle> --root <root>`.
  const installed = spawnSync(process.execPath, [CLI, 'install', v1.file, '--root', root], {
    env: { PATH: process.env.PATH, AGENT_UPDATE_PUBLIC_KEY: kit.publicKey },
    encoding: 'utf8',
  });
  expect(installed.stderr).toBe('');
  expect(installed.stdout).toContain('installed 1.0.0');
  expect(readlinkSync(releaseFolders(root).current)).toBe(join('releases', '1.0.0'));
  const displayPort = await freePort();
  const state = join(tempDir('kort-pi-state-'), 'state.json');
  output = '';
  loop = spawn(process.execPath, [releaseFolders(root).guard, 'loop', root], {
    env: {
      PATH: process.env.PATH,
      API_URL: server.url,
      SITE_ID: SITE,
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'simulated',
      DISPLAY_PORT: String(displayPort),
      STATE_FILE: state,
      AGENT_UPDATE_PUBLIC_KEY: kit.publicKey,
      UPDATE_HEALTH_WINDOW_MS: String(healthWindowMs),
      RECONNECT_BASE_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  loop.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  loop.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { root, displayPort };
}

const versions = (server: EdgeServer) => server.snapshots.map((snapshot) => snapshot.agentVersion);
const reports = (server: EdgeServer) =>
  server.storedEvents.filter((event: AgentEvent) => event.kind.startsWith('update.'));

it('installs a signed bundle, restarts on it with the schedule it held, and reports it proven', async () => {
  const server = await apiWith([v2]);
  const { root, displayPort } = await piRunning(server, 60_000);
  await eventually(() => expect(versions(server)).toEqual(['1.0.0']), 60_000);
  const schedule = signedSchedule([game(41, { startsIn: 5 * 3_600_000 })], { version: 7 });
  expect(await server.pushSchedule(schedule)).toMatchObject({ ok: true, version: 7 });

  server.agent().emit(EDGE_EVENTS.release, targetOf(v2));
  await eventually(() => expect(versions(server)).toEqual(['1.0.0', '2.0.0']), 60_000);
  expect(readlinkSync(releaseFolders(root).current)).toBe(join('releases', '2.0.0'));
  // The new release started with what the old one kept: the signed schedule, read from disk.
  const seen = (await (await fetch(`http://127.0.0.1:${displayPort}/state.json`)).json()) as {
    schedule: { version: number } | null;
  };
  expect(seen.schedule?.version).toBe(7);

  // On trial until its checks pass: a schedule accepted is one of them.
  expect(reports(server)).toEqual([]);
  await server.pushSchedule(signedSchedule([], { version: 8 }));
  await eventually(() =>
    expect(reports(server)).toMatchObject([
      { kind: 'update.installed', params: { version: '2.0.0', previous: '1.0.0' } },
    ]),
  );
  await server.close();
}, 240_000);

it('switches back to the old release when the new one fails its health check, and says why', async () => {
  const server = await apiWith([v2]);
  // Long enough for 2.0.0 to start and connect on a loaded CI machine, so it is its check that fails.
  const { root } = await piRunning(server, 8000);
  await eventually(() => expect(versions(server)).toEqual(['1.0.0']), 60_000);
  await server.pushSchedule(signedSchedule([], { version: 3 }));
  server.agent().emit(EDGE_EVENTS.release, targetOf(v2));
  // 2.0.0 never gets a schedule: its window ends, it switches back and 1.0.0 starts again.
  await eventually(() => expect(versions(server)).toEqual(['1.0.0', '2.0.0', '1.0.0']), 90_000);
  expect(readlinkSync(releaseFolders(root).current)).toBe(join('releases', '1.0.0'));
  await eventually(() =>
    expect(reports(server)).toMatchObject([
      {
        kind: 'update.rolled-back',
        params: { version: '2.0.0', previous: '1.0.0', why: 'health', detail: 'расписание не принято' },
      },
    ]),
  );
  // The API still names 2.0.0 (its rollout may not have halted yet): this Pi does not try it again.
  expect(downloads).toBe(1);
  const connects = server.handshakes.length;
  server.agent().disconnect(true);
  await eventually(() => expect(server.handshakes.length).toBeGreaterThan(connects), 60_000);
  await eventually(() => expect(server.agent().connected).toBe(true));
  server.agent().emit(EDGE_EVENTS.release, targetOf(v2));
  await server.pushSchedule(signedSchedule([], { version: 4 }));
  expect(downloads).toBe(1);
  expect(versions(server).at(-1)).toBe('1.0.0');
  await server.close();
}, 240_000);
