// The fleet of bench/fleet.mjs in a process of its own (forked, driven over IPC): one simulated
// agent per site, each the real edge agent's connection code (SocketClient: the handshake with the
// site's token, the snapshot, the clock heartbeat every 3 s, relay reports, acknowledged commands,
// the full-jitter reconnect backoff) with the relays held in memory instead of the GPIO driver,
// the door display, the state files and the outbox, which a thousand of would only measure this
// machine's disk. Every command received is reported to the parent, repeats included, so a command
// delivered twice is seen even though a real agent would not run it again.
//
// Parent → child: {type: 'start', base, agents: [{site, token}], batch, backoff}; {type: 'flip', seq, site, on}
// (the site's light reported switched); {type: 'stop'}. Child → parent: {type: 'connected', count, at};
// {type: 'flipped', seq, site, on, at}; {type: 'ran', site, id, action, at, repeated}; {type: 'stopped'}.
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

function simulatedAgent(base, { site, token }, backoff, onConnection) {
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
      agentVersion: '0.1.0',
      driver: 'simulated',
    }),
    onCommand,
    ...(backoff && { backoff }),
    onSchedule: async (signed) => {
      const schedule = JSON.parse(signed?.payload ?? '{}');
      return { ok: true, version: schedule.version ?? 0, entries: schedule.games?.length ?? 0 };
    },
  });
  bus.on('connectionChanged', ({ connected }) => onConnection(site, connected));
  return { site, client, setRelay, relays };
}

const agents = new Map();
const connected = new Set();
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
    const { base, batch = 50 } = message;
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
    await Promise.all([...agents.values()].map((agent) => agent.client.stop()));
    clearTimeout(reportTimer);
    send({ type: 'stopped' });
    process.disconnect?.();
  }
});
