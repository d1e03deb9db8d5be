// The fleet of bench/fleet.mjs in a process of its own (forked, driven over IPC): one simulated
// agent per site, each the real edge agent's connection code (SocketClient: the handshake with the
// site's token, the snapshot, the clock heartbeat every 3 s, relay reports, acknowledged commands,
// the full-jitter reconnect backoff) with the relays held in memory instead of the GPIO driver,
// the door display, the state files and the outbox, which a thousand of would only measure this
// machine's disk. Every command received is reported to the parent, repeats included, so a command
// delivered twice is seen even though a real agent would not run it again. A release target is
// followed as the real updater follows one (edge-agent/src/update/): the bundle downloaded with the
// site's token and its sha256 checked, a restart into it (this connection closed, a new one saying
// the new agentVersion), and update.installed sent through the outbox once connected again; the
// bundle is not unpacked, and the health check is taken as passed.
//
// Parent → child: {type: 'start', base, agents: [{site, token}], batch, backoff}; {type: 'flip', seq, site, on}
// (the site's light reported switched); {type: 'stop'}. Child → parent: {type: 'connected', count, at};
// {type: 'flipped', seq, site, on, at}; {type: 'ran', site, id, action, at, repeated};
// {type: 'updated', site, version, download_ms, restart_ms, at}; {type: 'stopped'}.
import { createHash, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { EventBus, SocketClient, silentLogger } = require('../edge-agent/dist/index.js');
const { RELAYS } = require('@kort/contracts');

/** A clock comparable across this machine's processes, to a fraction of a millisecond. */
const now = () => performance.timeOrigin + performance.now();
// After the parent's stop the channel is closed: a late report is dropped, not an error.
const send = (message) => (process.connected ? process.send(message) : undefined);

/** The relays each command moves, as the real agent's CommandRunner moves them. */
const MOVES = {
  'light.on': ['light', true],
  'light.off': ['light', false],
  'door.hold': ['door', true],
  'door.close': ['door', false],
  'shelf.open': [null, true],
  'shelf.close': [null, false],
};

/**
 * One site's agent running `version`; `installed` ({previous, downloadMs, downloadedAt}) when it
 * just restarted into it and owes the API its update.installed report.
 */
function simulatedAgent(base, spec, backoff, onConnection, version = '0.1.0', installed = null) {
  const { site, token } = spec;
  const bus = new EventBus(silentLogger);
  const relays = Object.fromEntries(RELAYS.map((relay) => [relay, false]));
  const seen = new Set();
  const setRelay = (device, on) => {
    if (relays[device] === on) return;
    relays[device] = on;
    bus.emit('relayChanged', { device, on, at: Date.now() });
  };
  const onCommand = async (command) => {
    const repeated = seen.has(command?.id);
    send({ type: 'ran', site, id: command?.id, action: command?.action, at: now(), repeated });
    if (!command?.id || (!(command.action in MOVES) && !command.action?.startsWith('display.')))
      return { ok: false, error: 'invalid', message: 'not a command of this agent' };
    if (command.deadline < Date.now()) return { ok: false, error: 'expired', message: 'deadline passed' };
    seen.add(command.id);
    const move = MOVES[command.action];
    if (move && !repeated) setRelay(move[0] ?? command.device, move[1]);
    return { ok: true, relays: { ...relays }, ...(repeated && { repeated: true }) };
  };
  const client = new SocketClient({
    apiUrl: base,
    siteId: site,
    token,
    bus,
    logger: silentLogger,
    snapshot: () => ({
      relays: { ...relays },
      doorClosed: true,
      display: null,
      agentVersion: version,
      driver: 'simulated',
    }),
    onCommand,
    onRelease: (target) => void update(agent, target),
    ...(backoff && { backoff }),
    onSchedule: async (signed) => {
      const schedule = JSON.parse(signed?.payload ?? '{}');
      return { ok: true, version: schedule.version ?? 0, entries: schedule.games?.length ?? 0 };
    },
  });
  // What it owes the API: its update.installed (one event id, however many connects it takes).
  const owed = installed && { ...installed, id: randomUUID() };
  const agent = { site, spec, version, client, setRelay, relays, backoff, onConnection, updating: false, owed };
  bus.on('connectionChanged', ({ connected }) => {
    onConnection(site, connected);
    if (connected && agent.owed) void report(agent);
  });
  return agent;
}

/** Download, check, restart into `target` (at most one update at a time; a failed one is tried again). */
async function update(agent, target) {
  if (!target?.version || target.version === agent.version || agent.updating || stopping) return;
  agent.updating = true;
  const started = now();
  try {
    const answer = await fetch(`${base}/api/edge/releases/${encodeURIComponent(target.version)}`, {
      headers: { authorization: `Bearer ${agent.spec.token}`, 'x-kort-site': agent.site },
      signal: AbortSignal.timeout(60_000),
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (answer.status !== 200 || sha256 !== target.sha256) throw new Error(`bundle ${answer.status}`);
    const downloadedAt = now();
    await agent.client.stop();
    if (stopping) return;
    const installed = { previous: agent.version, downloadMs: downloadedAt - started, downloadedAt };
    const next = simulatedAgent(base, agent.spec, agent.backoff, agent.onConnection, target.version, installed);
    agents.set(agent.site, next);
    next.client.start();
  } catch {
    agent.updating = false;
    setTimeout(() => void update(agent, target), 1000);
  }
}

/** update.installed through the outbox, as the new release does once its health check passed. */
async function report(agent) {
  const installed = agent.owed;
  const event = {
    id: installed.id,
    seq: 0,
    kind: 'update.installed',
    at: Date.now(),
    game: null,
    offline: false,
    params: { version: agent.version, previous: installed.previous },
  };
  try {
    const ack = await agent.client.sendOutbox([event], 10_000);
    if (!ack?.ok || agent.owed !== installed) throw new Error('outbox refused');
    agent.owed = null;
    const at = now();
    send({
      type: 'updated',
      site: agent.site,
      version: agent.version,
      download_ms: installed.downloadMs,
      restart_ms: at - installed.downloadedAt,
      at,
    });
  } catch {
    // The next connect sends it again (a real agent keeps it in its outbox).
  }
}

const agents = new Map();
const connected = new Set();
let base = null;
let stopping = false;
let reportTimer = null;
/** The count is sent at most every 20 ms: a storm's thousand connects are not a thousand messages. */
function reportCount() {
  reportTimer ??= setTimeout(() => {
    reportTimer = null;
    send({ type: 'connected', count: connected.size, at: now() });
  }, 20);
}

process.on('message', async (message) => {
  if (message.type === 'start') {
    const { batch = 50 } = message;
    base = message.base;
    for (let i = 0; i < message.agents.length; i += batch) {
      for (const spec of message.agents.slice(i, i + batch)) {
        const agent = simulatedAgent(base, spec, message.backoff, (site, up) => {
          if (up) connected.add(site);
          else connected.delete(site);
          reportCount();
        });
        agents.set(spec.site, agent);
        agent.client.start();
      }
      // A fleet booting: a batch of agents at a time, not all in one instant.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } else if (message.type === 'flip') {
    const agent = agents.get(message.site);
    const on = message.on ?? !agent?.relays.light;
    const at = now();
    agent?.setRelay('light', on);
    send({ type: 'flipped', seq: message.seq, site: message.site, on, at, sent: !!agent?.client.connected });
  } else if (message.type === 'stop') {
    stopping = true;
    await Promise.all([...agents.values()].map((agent) => agent.client.stop()));
    clearTimeout(reportTimer);
    send({ type: 'stopped' });
    process.disconnect?.();
  }
});
