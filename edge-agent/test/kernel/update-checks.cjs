'use strict';
// The real update path (docs/decisions/0101-agent-bundle.md, 0104-update-health-check.md) on a real
// kernel, after gpio-sim-checks.cjs passed: test/update-process.test.ts proves it on the host with
// the simulated driver; here the agent drives gpio-sim's "pinctrl-bcm2711" chip through the
// character device, as on a Pi. Signed bundles the runner built (1.0.0 and 2.0.0) are installed as
// README step 2 has it (the bundle's own `kort-agent install`), the guard's restart loop runs the
// agent, and an API stand-in on 127.0.0.1 (socket.io /edge, as services/api speaks it, and the
// bundle download) tells it to update. What is judged is read from outside the agent: the release
// folders, /proc (which process holds which GPIO line), gpio-sim's sysfs levels, the uAPI line
// info, the kernel's gpio trace events, and what the agent told the stand-in.
const assert = require('node:assert/strict');
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { basename, join } = require('node:path');
const { test } = require('node:test');
const { Server } = require('socket.io');
const { EDGE_EVENTS, EDGE_REFUSALS, RELAYS } = require('@kort/contracts');
const { agentTokenHash, scheduleKey, signSchedulePayload } = require('@kort/contracts/schedule-crypto');
const { DEFAULT_PINS } = require('../../dist/config');
const { GPIO_CONSUMER } = require('../../dist/hardware/chardev-driver');
const lines = require('./gpio-sim-lines.cjs');

/** What the runner packed: {publicKey, apiVersion, bundles: {<version>: {file, sha256, size}}}. */
const KIT = JSON.parse(readFileSync(process.env.KORT_UPDATE, 'utf8'));
const SITE = 'court-1';
const TOKEN = 'vm-edge-token-0123456789';
const SENSOR = 4;
const RELAY_PINS = RELAYS.map((relay) => DEFAULT_PINS[relay]);
const AGENT_LINES = [...RELAY_PINS, SENSOR];
/**
 * Condition waits end long before this; only a broken update path reaches it. Under TCG on a busy
 * 2-CPU host an agent takes 30-40 s from spawn to connected, and installing a bundle (940 files
 * extracted and hashed) about two minutes.
 */
const DEADLINE_MS = 600_000;
/** The proving release's window (the default): it ends as soon as the checks pass, so it only has to be out of reach. */
const PROVE_WINDOW_MS = 300_000;
/** The installed Pi of the first check; the later ones copy it (a second install would take minutes under TCG). */
const INSTALLED = '/opt/kort-agent';

const header = lines.simChip('header');
const until = (condition, what, deadlineMs = DEADLINE_MS) => lines.until(condition, what, { deadlineMs, pollMs: 100 });
const elapsed = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** A schedule signed as the API signs it (schedule-crypto), with no games: nothing defers an update. */
function signedSchedule(version) {
  const schedule = {
    site: SITE,
    version,
    issuedAt: Date.now(),
    light: { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 },
    games: [],
  };
  const payload = JSON.stringify(schedule);
  return { payload, signature: signSchedulePayload(payload, scheduleKey(agentTokenHash(TOKEN))) };
}

/** The API in small, as test/support/edge-server.ts has it: /edge with the token, and the release download. */
async function startApi() {
  const downloads = [];
  const http = createServer((request, response) => {
    const match = /^\/api\/edge\/releases\/([^/]+)$/.exec(request.url ?? '');
    if (!match) {
      if (!request.url?.startsWith('/socket.io')) response.writeHead(404).end();
      return;
    }
    const version = decodeURIComponent(match[1]);
    const authorized = request.headers.authorization === `Bearer ${TOKEN}`;
    downloads.push({ version, authorized });
    const bundle = KIT.bundles[version];
    if (!authorized) response.writeHead(401).end();
    else if (!bundle) response.writeHead(404).end();
    else response.writeHead(200, { 'content-length': bundle.size }).end(readFileSync(bundle.file));
  });
  const io = new Server(http, { serveClient: false });
  const edge = io.of('/edge');
  /** Every agent connection, with the snapshots it sent (one on connect). */
  const connections = [];
  /** What the API would have stored: the events of the acknowledged outbox batches, in order. */
  const stored = [];
  edge.use((socket, next) => {
    const { site, token } = socket.handshake.auth;
    next(site === SITE && token === TOKEN ? undefined : new Error(EDGE_REFUSALS.unauthorized));
  });
  edge.on('connection', (socket) => {
    const connection = { socket, snapshots: [], connectedAt: null };
    connections.push(connection);
    socket.on(EDGE_EVENTS.snapshot, (snapshot) => {
      connection.connectedAt ??= Date.now();
      connection.snapshots.push(snapshot);
    });
    socket.on(EDGE_EVENTS.clock, (ack) => ack(Date.now()));
    socket.on(EDGE_EVENTS.outbox, ({ events }, ack) => {
      stored.push(...events);
      ack({ ok: true, seq: events.at(-1).seq, applied: events.length });
    });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  /** The latest connected agent whose snapshot says `version`, or undefined. */
  const agentOn = (version) =>
    connections.findLast(({ socket, snapshots }) => socket.connected && snapshots[0]?.agentVersion === version);
  return {
    url: `http://127.0.0.1:${http.address().port}`,
    downloads,
    connections,
    stored,
    agentOn,
    updateReports: () => stored.filter((event) => event.kind.startsWith('update.')),
    /** The agent's answer to a signed schedule, as {ok, version} (it says how many games too). */
    pushSchedule: async (connection, version) => {
      const { ok, version: accepted } = await connection.socket
        .timeout(60_000)
        .emitWithAck(EDGE_EVENTS.schedule, signedSchedule(version));
      return { ok, version: accepted };
    },
    offer: (connection, version) => {
      const { sha256, size } = KIT.bundles[version];
      connection.socket.emit(EDGE_EVENTS.release, { version, sha256, size, apiVersion: KIT.apiVersion, force: false });
    },
    close: () => new Promise((resolve) => void io.close(() => resolve())),
  };
}

/** README step 2, done on the host (`kort-agent install`, run-gpio-sim.mjs): what it left is the Pi's. */
function assertInstalled(root) {
  assert.equal(readlinkSync(join(root, 'current')), 'releases/1.0.0');
  assert.deepEqual(readdirSync(join(root, 'releases')), ['1.0.0']);
  assert.ok(existsSync(join(root, 'guard.cjs')), 'the guard beside the releases');
  assert.ok(
    existsSync(join(root, 'releases/1.0.0/node_modules/epoll/build/Release/epoll.node')),
    'the native part in place',
  );
}

/** Another Pi installed the same way: a copy of the installed tree (links kept), taken before any update. */
function copyInstalled(root) {
  const copied = spawnSync('cp', ['-a', INSTALLED, root], { encoding: 'utf8' });
  assert.equal(copied.status, 0, `cp: ${copied.stderr}`);
}

/** The processes whose parent is `pid`. */
function childrenOf(pid) {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return new RegExp(`^PPid:\\s+${pid}$`, 'm').test(readFileSync(`/proc/${entry}/status`, 'utf8'));
      } catch {
        return false; // it ended while we looked
      }
    })
    .map(Number);
}

/** The GPIO lines a process holds, from its open line requests (/proc/<pid>/fdinfo: "gpio-line:"). */
function linesHeldBy(pid) {
  const held = [];
  for (const fd of readdirSync(`/proc/${pid}/fdinfo`)) {
    let info;
    try {
      info = readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8');
    } catch {
      continue;
    }
    if (!new RegExp(`^gpio-chip:\\s+${header.chipName}$`, 'm').test(info)) continue;
    held.push(...[...info.matchAll(/^gpio-line:\s+(\d+)$/gm)].map((match) => Number(match[1])));
  }
  return held.sort((a, b) => a - b);
}

/** `node <root>/guard.cjs loop <root>`, the agent's own restart loop, with the agent's settings. */
function startLoop(root, api, { healthWindowMs, displayPort }) {
  const state = `/var/lib/${basename(root)}`; // STATE_FILE's folder, outside the releases
  mkdirSync(state, { recursive: true });
  const config = join(state, 'config.json');
  // The pins of README's wiring and the door sensor on BCM 4: the JSON file, as on a Pi.
  writeFileSync(config, JSON.stringify({ pins: { ...DEFAULT_PINS, doorSensor: SENSOR }, doorSensorClosedLevel: 0 }));
  const child = spawn(process.execPath, [join(root, 'guard.cjs'), 'loop', root], {
    env: {
      PATH: process.env.PATH,
      KORT_AGENT_CONFIG: config,
      API_URL: api.url,
      SITE_ID: SITE,
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'chardev',
      GPIO_DEV_ROOT: '/dev',
      DISPLAY_PORT: String(displayPort),
      STATE_FILE: join(state, 'state.json'),
      AGENT_UPDATE_PUBLIC_KEY: KIT.publicKey,
      UPDATE_HEALTH_WINDOW_MS: String(healthWindowMs),
      RECONNECT_BASE_MS: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The agents' JSON log lines (they inherit the loop's stdout), and every line for a failure's report.
  const output = [];
  const logged = [];
  let partial = '';
  const take = (chunk) => {
    const text = partial + chunk;
    const complete = text.split('\n');
    partial = complete.pop();
    for (const line of complete) {
      output.push(line);
      try {
        logged.push(JSON.parse(line));
      } catch {
        // the guard's own lines are plain text
      }
    }
  };
  child.stdout.setEncoding('utf8').on('data', take);
  child.stderr.setEncoding('utf8').on('data', take);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  return {
    root,
    displayPort,
    /** The version of every agent process the loop started, in order (each logs "agent started"). */
    starts: () => logged.flatMap((entry) => (entry.msg === 'agent started' ? [entry.version] : [])),
    /** When the running release switched `current` and exited for the loop (its log line), in ms. */
    switchedAt: () => Date.parse(logged.find((entry) => entry.msg === 'switching to a new release: restarting')?.time),
    /** The agent process the loop runs now (null between two). */
    agentPid: () => childrenOf(child.pid)[0] ?? null,
    current: () => readlinkSync(join(root, 'current')),
    tail: () => [...output, partial].slice(-60).join('\n'),
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** A test whose agent's log is shown when it fails: the console is all a failed VM run leaves. */
function withLoop(name, body) {
  test(name, async (t) => {
    const api = await startApi();
    const running = [];
    try {
      await body(t, api, (...args) => {
        const loop = startLoop(...args);
        running.push(loop);
        return loop;
      });
    } catch (error) {
      for (const loop of running)
        process.stdout.write(`--- the loop of ${loop.root}, its last lines:\n${loop.tail()}\n`);
      throw error;
    } finally {
      for (const loop of running) await loop.stop();
      await api.close();
    }
  });
}

/** The agent process `pid` holds every line it needs: the relays as outputs at "off" (level 0), the sensor as input. */
function assertHolds(pid, what) {
  assert.deepEqual(
    linesHeldBy(pid),
    [...AGENT_LINES].sort((a, b) => a - b),
    `${what}: the lines its requests hold`,
  );
  for (const pin of AGENT_LINES) {
    const { used, consumer, output } = lines.lineInfo(header, pin);
    assert.deepEqual(
      { used, consumer, output },
      { used: true, consumer: GPIO_CONSUMER, output: pin !== SENSOR },
      `${what}: BCM ${pin}`,
    );
  }
  assert.deepEqual(
    RELAY_PINS.map((pin) => header.level(pin)),
    RELAY_PINS.map(() => 0),
    `${what}: the relay levels`,
  );
}

/**
 * The loop's SIGTERM reaches the agent, which writes "off" to every relay (the kernel's trace says
 * so; gpio-sim would pull a freed line down anyway) and frees its lines before the loop exits 0.
 */
async function assertStoppedLow(loop) {
  lines.startTrace();
  assert.equal(await loop.stop(), 0, 'the loop exits 0 on SIGTERM');
  const events = lines.tracedEvents(header);
  for (const pin of RELAY_PINS) {
    const sets = (events.get(pin) ?? []).filter((event) => event.startsWith('set'));
    assert.deepEqual([...new Set(sets)], ['set 0'], `BCM ${pin}: levels written as the agent stopped`);
  }
  for (const pin of AGENT_LINES) assert.equal(lines.lineInfo(header, pin).used, false, `BCM ${pin} still held`);
  assert.deepEqual(
    RELAY_PINS.map((pin) => header.level(pin)),
    RELAY_PINS.map(() => 0),
    'the relay levels after the agent stopped',
  );
}

/** How long the first update's restart took (`current` switched → the new release connected). */
let restartMs = null;
let installed = false;

test('the Pi as `kort-agent install` left it: 1.0.0, `current` and the guard', () => {
  assertInstalled(INSTALLED);
  if (KIT.rollback) copyInstalled('/opt/kort-agent-rollback'); // for the rollback check, before the update changes it
  installed = true;
});

withLoop(
  'an update over the real lines: 2.0.0 installed beside 1.0.0, started by the loop, holding the relays off, proven',
  async (t, api, startLoopOf) => {
    if (!installed) return t.skip('1.0.0 is not installed');
    const root = INSTALLED;
    let since = performance.now();
    const loop = startLoopOf(root, api, { healthWindowMs: PROVE_WINDOW_MS, displayPort: 8090 });
    await until(() => api.agentOn('1.0.0'), 'the 1.0.0 agent to connect');
    t.diagnostic(`1.0.0 under the loop, spawn → connected: ${elapsed(since)}`);
    const v1 = api.agentOn('1.0.0');
    assert.equal(v1.snapshots[0].driver, 'gpio-chardev');
    const oldPid = loop.agentPid();
    assertHolds(oldPid, '1.0.0');
    assert.deepEqual(await api.pushSchedule(v1, 7), { ok: true, version: 7 });

    lines.startTrace(); // from here, every level the old agent's stop and the new one's start write
    since = performance.now();
    api.offer(v1, '2.0.0');
    await until(() => api.agentOn('2.0.0'), 'the 2.0.0 agent to connect');
    const v2 = api.agentOn('2.0.0');
    restartMs = v2.connectedAt - loop.switchedAt(); // NaN if the agent's log line changed: the default then
    t.diagnostic(
      `release sent → 2.0.0 connected: ${elapsed(since)} (download and install ` +
        `${((loop.switchedAt() - v1.connectedAt) / 1000).toFixed(0)} s after 1.0.0 connected; ` +
        `switch → connected ${(restartMs / 1000).toFixed(1)} s)`,
    );
    assert.equal(v2.snapshots[0].driver, 'gpio-chardev');
    assert.deepEqual(api.downloads, [{ version: '2.0.0', authorized: true }]);
    assert.deepEqual(loop.starts(), ['1.0.0', '2.0.0'], 'agent processes the loop started');

    // The folders: 2.0.0 beside 1.0.0, `current` switched, on trial until it proves itself.
    assert.equal(loop.current(), 'releases/2.0.0');
    assert.deepEqual(readdirSync(join(root, 'releases')).sort(), ['1.0.0', '2.0.0']);
    assert.ok(existsSync(join(root, 'releases/1.0.0/dist/cli.js')), 'the old release is kept');
    assert.equal(JSON.parse(readFileSync(join(root, 'trial.json'), 'utf8')).previous, '1.0.0');

    // A new process, running 2.0.0's own native part, holds the lines; the old one is gone.
    const newPid = loop.agentPid();
    assert.notEqual(newPid, oldPid);
    assert.equal(existsSync(`/proc/${oldPid}`), false, 'the 1.0.0 process still exists');
    assert.match(
      readFileSync(`/proc/${newPid}/maps`, 'utf8'),
      new RegExp(`${root}/releases/2\\.0\\.0/native/gpio-chardev/build/Release/gpio_chardev\\.node`),
    );
    assertHolds(newPid, '2.0.0');
    // The kernel's record of the switch: the old release wrote "off" as it stopped, the new one
    // requested its relays already at "off"; no relay was driven on, not for an instant.
    const events = lines.tracedEvents(header);
    for (const pin of RELAY_PINS) {
      const sets = (events.get(pin) ?? []).filter((event) => event.startsWith('set'));
      assert.deepEqual([...new Set(sets)], ['set 0'], `BCM ${pin}: levels written during the update`);
    }
    t.diagnostic(`the door line (BCM 17) in the kernel's trace of the update: ${events.get(17).join(', ')}`);

    // The new release started with the schedule the old one accepted, read from STATE_FILE's folder.
    const seen = await (await fetch(`http://127.0.0.1:${loop.displayPort}/state.json`)).json();
    assert.equal(seen.schedule?.version, 7);

    // On trial until its checks pass; a schedule accepted is one of them.
    assert.deepEqual(api.updateReports(), []);
    since = performance.now();
    assert.deepEqual(await api.pushSchedule(v2, 8), { ok: true, version: 8 });
    await until(() => api.updateReports().length > 0, 'the update report');
    t.diagnostic(`schedule pushed → update.installed delivered: ${elapsed(since)}`);
    assert.equal(existsSync(join(root, 'trial.json')), false, 'the trial is over');

    await assertStoppedLow(loop);
    // Delivered once, and nothing more by the agent's stop (the outbox keeps what was acknowledged).
    assert.deepEqual(
      api.updateReports().map(({ kind, params }) => ({ kind, params })),
      [{ kind: 'update.installed', params: { version: '2.0.0', previous: '1.0.0' } }],
    );
  },
);

withLoop(
  'a release that gets no schedule within its window: switched back to 1.0.0, which reports the rollback',
  async (t, api, startLoopOf) => {
    // Minutes under TCG (a second install and a health window); the host proves the same path with
    // real processes (test/update-process.test.ts). KORT_VM_ROLLBACK=1 runs it here too.
    if (!KIT.rollback) return t.skip('KORT_VM_ROLLBACK is not 1: proven on the host by update-process.test.ts');
    if (!installed) return t.skip('1.0.0 is not installed');
    const root = '/opt/kort-agent-rollback';
    // Twice the first update's restart and more: 2.0.0 surely connects in it, and fails only the schedule.
    const healthWindowMs = Math.round(2 * (Number.isFinite(restartMs) ? restartMs : 60_000) + 20_000);
    t.diagnostic(`UPDATE_HEALTH_WINDOW_MS=${healthWindowMs}`);
    const loop = startLoopOf(root, api, { healthWindowMs, displayPort: 8091 });
    await until(() => api.agentOn('1.0.0'), 'the 1.0.0 agent to connect');
    const v1 = api.agentOn('1.0.0');
    assert.deepEqual(await api.pushSchedule(v1, 3), { ok: true, version: 3 });

    const since = performance.now();
    api.offer(v1, '2.0.0');
    await until(() => api.agentOn('2.0.0'), 'the 2.0.0 agent to connect');
    // No schedule for 2.0.0: its window ends, it switches back, the loop starts 1.0.0 again.
    await until(
      () => loop.starts().length === 3 && ![undefined, v1].includes(api.agentOn('1.0.0')),
      '1.0.0 to run again',
    );
    t.diagnostic(`release sent → back on 1.0.0 and connected: ${elapsed(since)}`);
    assert.deepEqual(loop.starts(), ['1.0.0', '2.0.0', '1.0.0'], 'agent processes the loop started');
    assert.equal(loop.current(), 'releases/1.0.0');
    await until(() => api.updateReports().length > 0, 'the rollback report');
    assert.deepEqual(
      api.updateReports().map(({ kind, params }) => ({ kind, params })),
      [
        {
          kind: 'update.rolled-back',
          params: { version: '2.0.0', previous: '1.0.0', why: 'health', detail: 'расписание не принято' },
        },
      ],
    );
    assertHolds(loop.agentPid(), '1.0.0 again');
    await assertStoppedLow(loop);
  },
);
