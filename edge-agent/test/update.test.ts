import { existsSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AgentEventKind, type ScheduleEntry } from '@kort/contracts';
import { updatePublicKey } from '../src/update/manifest';
import { guardCheck, MAX_TRIAL_STARTS, releaseFolders, switchCurrent, type Trial } from '../src/update/release-folders';
import { UpdateTrial } from '../src/update/trial';
import { Updater } from '../src/update/updater';
import { capturingLogger, eventually, sleep, tempDir } from './support/helpers';
import {
  type Bundle,
  bundleServer,
  buildBundle,
  GUARD_SOURCE,
  releaseKit,
  type ReleaseKit,
  tamperedBundle,
  targetOf,
} from './support/releases';

// An agent taking the version the API names (docs/decisions/0101-agent-bundle.md, 0104, 0105): the
// real bundles `npm run agent:release` makes, served as the API serves them, installed into a
// releases folder in a temp dir. The process side (the restart, the new release proving itself
// or not) is test/update-process.test.ts.

const TOKEN = 'test-edge-token-0123456789';
let kit: ReleaseKit;
let v2: Bundle;
let strangers: Bundle;
let tampered: Bundle;

beforeAll(async () => {
  kit = releaseKit();
  v2 = buildBundle(kit, '2.0.0');
  strangers = buildBundle(kit, '2.0.0', kit.otherKeyFile, join(kit.dir, 'stranger-out'));
  tampered = await tamperedBundle(v2, 'dist/agent.js', join(kit.dir, 'tampered'));
}, 120_000);

interface Recorded {
  kind: AgentEventKind;
  params: Record<string, unknown>;
}

/** A releases root where 1.0.0 runs (a stand-in folder: the updater never runs it). */
function rootRunning(version = '1.0.0') {
  const root = tempDir('kort-root-');
  mkdirSync(join(root, 'releases', version, 'dist'), { recursive: true });
  writeFileSync(join(root, 'releases', version, 'dist', 'cli.js'), '// the running release\n');
  switchCurrent(root, version);
  return root;
}

async function updaterFor(root: string, bundles: Bundle[], { busy = [] as ScheduleEntry[], connected = true } = {}) {
  const server = await bundleServer(bundles, TOKEN);
  const recorded: Recorded[] = [];
  const state = { busy, connected, restarts: 0 };
  const logger = capturingLogger();
  const updater = new Updater({
    root,
    key: updatePublicKey(kit.publicKey),
    running: '1.0.0',
    apiUrl: server.url,
    siteId: 'default',
    token: TOKEN,
    healthWindowMs: 60_000,
    logger,
    connected: () => state.connected,
    busyGames: () => state.busy,
    record: (kind, fields) => Promise.resolve(recorded.push({ kind, params: fields.params ?? {} })),
    now: Date.now,
    restart: () => void state.restarts++,
    retryMs: 50,
    guardSource: GUARD_SOURCE,
  });
  return { server, recorded, state, updater, logger };
}

const current = (root: string) => readlinkSync(releaseFolders(root).current);

describe('an update the API names', () => {
  it('installs a signed bundle beside the running release, switches current with a trial and restarts', async () => {
    const root = rootRunning();
    const { server, recorded, state, updater } = await updaterFor(root, [v2]);
    updater.offer(targetOf(v2));
    await eventually(() => expect(state.restarts).toBe(1), 30_000);
    expect(current(root)).toBe(join('releases', '2.0.0'));
    expect(existsSync(join(root, 'releases', '2.0.0', 'dist', 'cli.js'))).toBe(true);
    // The platform's native addon is where Node loads it from, and the old release is still there.
    expect(existsSync(join(root, 'releases/2.0.0/node_modules/epoll/build/Release/epoll.node'))).toBe(true);
    expect(existsSync(join(root, 'releases', '1.0.0', 'dist', 'cli.js'))).toBe(true);
    const trial = JSON.parse(readFileSync(releaseFolders(root).trial, 'utf8')) as Trial;
    expect(trial).toMatchObject({ version: '2.0.0', previous: '1.0.0', starts: 0 });
    expect(existsSync(releaseFolders(root).guard)).toBe(true);
    expect(server.requests.every((request) => request.authorized)).toBe(true);
    expect(recorded).toEqual([]);
    await server.close();
  });

  it('resumes a download cut halfway with a Range request', async () => {
    const root = rootRunning();
    const { server, state, updater } = await updaterFor(root, [v2]);
    server.cutNextAfter(Math.floor(v2.size / 2));
    updater.offer(targetOf(v2));
    await eventually(() => expect(state.restarts).toBe(1), 30_000);
    expect(server.requests.map((request) => request.range)).toEqual([undefined, expect.stringMatching(/^bytes=\d+-$/)]);
    expect(Number(/\d+/.exec(server.requests[1]!.range!)![0])).toBeGreaterThan(0);
    await server.close();
  });

  it.each([
    ['signed by another key', () => strangers, 'signature'],
    ['with a file changed after signing', () => tampered, 'file'],
  ])('refuses a bundle %s: the old release keeps running, the refusal is reported once', async (_, pick, why) => {
    const root = rootRunning();
    const bundle = pick();
    const { server, recorded, state, updater } = await updaterFor(root, [bundle]);
    updater.offer(targetOf(bundle));
    await eventually(() => expect(recorded).toHaveLength(1), 30_000);
    expect(recorded[0]).toMatchObject({ kind: 'update.refused', params: { version: '2.0.0', why } });
    expect(current(root)).toBe(join('releases', '1.0.0'));
    expect(existsSync(join(root, 'releases', '2.0.0'))).toBe(false);
    // Offered again (every connect does): not downloaded nor reported again.
    updater.offer(targetOf(bundle));
    await sleep(200);
    expect(recorded).toHaveLength(1);
    expect(server.requests).toHaveLength(1);
    expect(state.restarts).toBe(0);
    await server.close();
  });

  it('refuses a downgrade it has not run before, without downloading it', async () => {
    const root = rootRunning();
    const { server, recorded, updater } = await updaterFor(root, [v2]);
    updater.offer({ ...targetOf(v2), version: '0.9.0' });
    await eventually(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ kind: 'update.refused', params: { version: '0.9.0', why: 'downgrade' } });
    expect(server.requests).toHaveLength(0);
    await server.close();
  });

  it('returns to an earlier release it still keeps when the API rolls back', async () => {
    const root = rootRunning('1.0.0');
    mkdirSync(join(root, 'releases', '0.9.0', 'dist'), { recursive: true });
    writeFileSync(join(root, 'releases', '0.9.0', 'dist', 'cli.js'), '// kept\n');
    const { server, state, updater } = await updaterFor(root, [v2]);
    updater.offer({ ...targetOf(v2), version: '0.9.0' });
    await eventually(() => expect(state.restarts).toBe(1));
    expect(current(root)).toBe(join('releases', '0.9.0'));
    expect(server.requests).toHaveLength(0);
    await server.close();
  });

  it('waits while a game is in its door window, and updates once it is over', async () => {
    const root = rootRunning();
    const now = Date.now();
    const game = { game: 7, court: 1, start: now, end: now + 3_600_000, open: now - 900_000, close: now + 3_600_000 };
    const { server, state, updater, logger } = await updaterFor(root, [v2], {
      busy: [{ ...game, salt: 'x', pinHash: 'y' }],
    });
    updater.offer(targetOf(v2));
    await eventually(() => expect(logger.lines.join('\n')).toContain('update deferred'));
    await sleep(200); // four retries' worth: still nothing fetched
    expect(server.requests).toHaveLength(0);
    state.busy = [];
    await eventually(() => expect(state.restarts).toBe(1), 30_000);
    await server.close();
  });

  it('updates during a game when the rollout is forced', async () => {
    const root = rootRunning();
    const now = Date.now();
    const game = { game: 7, court: 1, start: now, end: now + 1, open: now - 1, close: now + 1_000_000 };
    const { server, state, updater } = await updaterFor(root, [v2], { busy: [{ ...game, salt: 'x', pinHash: 'y' }] });
    updater.offer(targetOf(v2, true));
    await eventually(() => expect(state.restarts).toBe(1), 30_000);
    await server.close();
  });

  it('never starts with the link down; the reconnect starts it', async () => {
    const root = rootRunning();
    const { server, state, updater } = await updaterFor(root, [v2], { connected: false });
    updater.offer(targetOf(v2));
    await sleep(200);
    expect(server.requests).toHaveLength(0);
    state.connected = true;
    updater.reconnected();
    await eventually(() => expect(state.restarts).toBe(1), 30_000);
    await server.close();
  });
});

describe('a release on trial', () => {
  function onTrial(deadlineIn: number) {
    const root = rootRunning('1.0.0');
    mkdirSync(join(root, 'releases', '2.0.0', 'dist'), { recursive: true });
    switchCurrent(root, '2.0.0');
    const trial: Trial = { version: '2.0.0', previous: '1.0.0', deadline: Date.now() + deadlineIn, starts: 1 };
    writeFileSync(releaseFolders(root).trial, JSON.stringify(trial));
    return root;
  }

  function trialOf(root: string, running: string, healthy: { schedule: boolean }) {
    const recorded: Recorded[] = [];
    const restarts = { count: 0 };
    const trial = new UpdateTrial({
      root,
      running,
      logger: capturingLogger(),
      record: (kind, fields) => Promise.resolve(recorded.push({ kind, params: fields.params ?? {} })),
      checks: {
        connected: () => true,
        scheduleAccepted: () => healthy.schedule,
        relaysAnswer: () => true,
        doorSensorAnswers: () => true,
      },
      restart: () => void restarts.count++,
      pollMs: 20,
    });
    return { trial, recorded, restarts };
  }

  it('ends when every check passes: reported installed, the trial file gone', async () => {
    const root = onTrial(60_000);
    const healthy = { schedule: false };
    const { trial, recorded } = trialOf(root, '2.0.0', healthy);
    await trial.start();
    await sleep(100);
    expect(recorded).toEqual([]); // no schedule yet: not proven
    healthy.schedule = true;
    await eventually(() =>
      expect(recorded).toEqual([{ kind: 'update.installed', params: { version: '2.0.0', previous: '1.0.0' } }]),
    );
    expect(existsSync(releaseFolders(root).trial)).toBe(false);
    expect(current(root)).toBe(join('releases', '2.0.0'));
    trial.stop();
  });

  it('switches back when the window ends unproven, and the old release reports why', async () => {
    const root = onTrial(300);
    const { trial, restarts } = trialOf(root, '2.0.0', { schedule: false });
    await trial.start();
    await eventually(() => expect(restarts.count).toBe(1));
    expect(current(root)).toBe(join('releases', '1.0.0'));
    // The supervisor starts 1.0.0, which reports the rollback with its reason.
    const old = trialOf(root, '1.0.0', { schedule: true });
    await old.trial.start();
    expect(old.recorded).toEqual([
      {
        kind: 'update.rolled-back',
        params: { version: '2.0.0', previous: '1.0.0', why: 'health', detail: 'расписание не принято' },
      },
    ]);
    expect(existsSync(releaseFolders(root).rolledBack)).toBe(false);
  });

  it('is switched back by the guard when it keeps failing to start', () => {
    const root = onTrial(60_000);
    const trialFile = releaseFolders(root).trial;
    writeFileSync(trialFile, JSON.stringify({ ...JSON.parse(readFileSync(trialFile, 'utf8')), starts: 0 }));
    for (let start = 1; start <= MAX_TRIAL_STARTS; start++) expect(guardCheck(root)).toBe('trial');
    expect(current(root)).toBe(join('releases', '2.0.0'));
    expect(guardCheck(root)).toBe('rolled-back');
    expect(current(root)).toBe(join('releases', '1.0.0'));
    expect(JSON.parse(readFileSync(releaseFolders(root).rolledBack, 'utf8'))).toMatchObject({
      version: '2.0.0',
      why: 'crash',
    });
  });
});
