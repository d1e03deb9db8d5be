// Fault injection: the edge agent dies with the light on, and starts again. Killed
// (SIGKILL: its connection closes at once) and frozen (SIGSTOP: a hung Pi or a cut cable, where only
// socket.io's heartbeat can tell), the dashboard must see it offline within the heartbeat (ping
// every 10 s, 5 s to answer); started again, its relays are back in the safe state (all off), the
// API's stored state follows its snapshot, and commands work again, none run twice or late.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { io } from 'socket.io-client';
import contracts from '@kort/contracts';
import { useFaultScene } from './support/fault-scene.mjs';
import { cleanUnavailable, commandAudit, recordFigure, timedCall, withDatabase } from './support/faults.mjs';
import { readFile } from 'node:fs/promises';
import { artifacts, launchChromium, viewports } from './support/browser.mjs';
import { agentState } from './support/product.mjs';
import { until } from './support/wait.mjs';

const SUITE = 'agent-restart';
const HEARTBEAT_MS = 10_000 + 5_000; // the API's pingInterval + pingTimeout (redis-io.adapter.ts)
let live;
/** Every device state the dashboard's live socket received, with when. */
const liveStates = [];
/** What happened to the dashboard's socket itself, so a wait that times out says whether it was still there. */
const liveEvents = [];
const scene = useFaultScene({
  product: () => ({ agentEnv: { LOG_LEVEL: 'info' } }),
  admin: true,
  players: 1,
  // The dashboard, through the proxy as a browser connects.
  ready: async ({ product, admin }) => {
    live = io(`${product.base}/live`, { transports: ['websocket'], extraHeaders: { cookie: admin.cookieHeader() } });
    live.on('device.state', (state) => liveStates.push({ at: Date.now(), ...state }));
    live.on('disconnect', (reason) => liveEvents.push(`${new Date().toISOString()} disconnected: ${reason}`));
    live.on('connect', () => liveEvents.push(`${new Date().toISOString()} connected`));
    live.on('connect_error', (error) => liveEvents.push(`${new Date().toISOString()} refused: ${error.message}`));
    await untilLive(() => liveStates.at(-1)?.online, 'the dashboard to see the agent online');
  },
});

after(() => live?.close());

/** `until` on what the dashboard's socket received; a timeout also tells the socket's own story. */
async function untilLive(check, what, timeoutMs) {
  try {
    return await until(check, what, timeoutMs);
  } catch (error) {
    const last = liveStates.at(-1);
    throw new Error(
      `${error.message}; the dashboard's socket is ${live?.connected ? 'connected' : 'not connected'}, ` +
        `its events: [${liveEvents.join('; ')}], ${liveStates.length} states, the last: ${JSON.stringify(last)}`,
      { cause: error },
    );
  }
}

const command = (path) => timedCall(scene.product.base, scene.admin, 'GET', path, { timeoutMs: 12_000 });

/** The state the API stored for the site: every relay row and the online flag. */
const storedState = () =>
  withDatabase(scene.product, async (db) => ({
    online: (await db.query(`SELECT online FROM sites WHERE id = 'default'`)).rows[0].online,
    relaysOn: (await db.query(`SELECT device FROM device_states WHERE site_id = 'default' AND is_on`)).rows.map(
      (row) => row.device,
    ),
  }));

async function lightOn() {
  const light = await command('/api/turn_on_light/');
  assert.equal(light.status, 200, JSON.stringify(light));
  assert.equal((await agentState(scene.product)).relays.light, true);
  await untilLive(() => liveStates.at(-1)?.relays.light, 'the light on the dashboard');
  assert.deepEqual((await storedState()).relaysOn, ['light']);
}

/** Waits for the dashboard to show the agent offline and returns how long after `since` it did. */
async function offlineAfter(since) {
  const state = await untilLive(
    () => liveStates.find((s) => s.at >= since && !s.online),
    'the dashboard to show the agent offline',
    HEARTBEAT_MS + 10_000,
  );
  assert.equal((await storedState()).online, false, 'the database says offline');
  return state.at - since;
}

/** Starts the agent again and checks that the relays and the API's state are back to safe. */
async function restartAndResync(label) {
  const seen = liveStates.length;
  const startedAt = Date.now();
  await scene.product.startAgent();
  const state = await agentState(scene.product);
  assert.deepEqual(
    Object.keys(state.relays).filter((relay) => state.relays[relay]),
    [],
    'the agent starts with every relay off',
  );
  const synced = await untilLive(
    () => liveStates.slice(seen).find((s) => s.online && !s.relays.light),
    'the dashboard to see the agent back, light off',
  );
  recordFigure(
    SUITE,
    `${label}: dashboard shows it back, light off`,
    synced.at - startedAt,
    'ms',
    'from starting the process',
  );
  assert.ok(
    contracts.RELAYS.every((relay) => !synced.relays[relay]),
    'the dashboard shows every relay off',
  );
  assert.deepEqual(await storedState(), { online: true, relaysOn: [] }, 'the stored state follows the snapshot');
  const status = await command('/api/get_device_status/');
  assert.deepEqual(
    { online: status.body.online, light_on: status.body.light_on, door_open: status.body.door_open },
    { online: true, light_on: false, door_open: false },
  );
}

test('the agent killed with the light on: offline at once, back in the safe state, commands work', async () => {
  await lightOn();
  const killedAt = Date.now();
  scene.product.agent.child.kill('SIGKILL');
  const offlineMs = await offlineAfter(killedAt);
  recordFigure(SUITE, 'SIGKILL: dashboard shows the agent offline', offlineMs, 'ms');
  assert.ok(offlineMs <= 20_000, `offline within the heartbeat: ${offlineMs} ms`);

  // Meanwhile a command is refused at once with the reason, not queued for later.
  const refused = await command('/api/turn_off_light/');
  assert.ok(cleanUnavailable(refused), JSON.stringify(refused));
  assert.equal(refused.body.detail, contracts.messages.agentOffline);
  recordFigure(SUITE, 'command while the agent is away refused', Math.round(refused.ms), 'ms');

  await restartAndResync('SIGKILL');
  await lightOn();
});

test('the agent frozen with the light on: the heartbeat marks it offline, restarted it resynchronises', async () => {
  await lightOn();
  const frozenAt = Date.now();
  scene.product.agent.child.kill('SIGSTOP');
  try {
    const offlineMs = await offlineAfter(frozenAt);
    recordFigure(
      SUITE,
      'SIGSTOP: dashboard shows the agent offline',
      offlineMs,
      'ms',
      'heartbeat: ping 10 s + 5 s timeout',
    );
    assert.ok(offlineMs <= 20_000, `offline within the heartbeat: ${offlineMs} ms`);
  } finally {
    scene.product.agent.child.kill('SIGKILL');
    await scene.product.agent.exited;
  }
  await restartAndResync('SIGSTOP');
  await lightOn();

  const audit = await commandAudit(scene.product);
  recordFigure(
    SUITE,
    'commands',
    audit.rows,
    '',
    `${JSON.stringify(audit.statuses)}; the agent ran ${audit.run}, ${audit.unrecorded} of them not recorded as done`,
  );
  assert.deepEqual(audit.problems, [], 'no command ran twice, late, or unrecorded');
});

/** The admin's session as browser cookies for the product's address. */
function cookiesOf(client, base) {
  return client
    .cookieHeader()
    .split('; ')
    .map((pair) => pair.split('='))
    .map(([name, ...value]) => ({ name, value: value.join('='), url: base }));
}

test('restarted mid-game: the light of the game whose door opened comes back; the dashboard warns while the court is dark', async () => {
  const { product, admin } = scene;
  const [player] = scene.players;
  // A game on now (as if booked earlier), and the light off: the club's default rule, the door switches it on.
  const gameId = await withDatabase(product, async (db) => {
    const { rows } = await db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       VALUES ($1, 1, date_trunc('hour', now() + interval '10 minutes'),
               date_trunc('hour', now() + interval '10 minutes') + interval '1 hour', 2) RETURNING id`,
      [player.id],
    );
    return rows[0].id;
  });
  assert.equal((await command('/api/turn_off_light/')).status, 200);

  // The player opens the door with the code from the door's screen: the light comes on with it.
  const shown = await timedCall(product.base, player.client, 'GET', `/api/send/${gameId}/`);
  assert.equal(shown.status, 200, JSON.stringify(shown));
  const { code } = await until(async () => (await agentState(product)).display, 'the code on the door display');
  const opened = await timedCall(product.base, player.client, 'POST', '/api/recieve/', { body: { qr_code: code } });
  assert.equal(opened.status, 200, JSON.stringify(opened));
  await untilLive(
    () => liveStates.at(-1)?.relays.light && !liveStates.at(-1).relays.door,
    'the light on, the door locked again',
  );
  // On the agent's disk before the Pi goes down: the game whose door opened.
  await until(
    async () => String(JSON.parse(await readFile(product.agentStateFile, 'utf8')).doorsOpened?.[gameId] ?? '') !== '',
    "the door's opening in the agent's state file",
  );

  // The Pi reboots mid-game: it comes back dark and locked, then gives the game its light back.
  // Counted before the kill: the dashboard can hear of the closed socket before the agent's exit is reaped.
  const seen = liveStates.length;
  product.agent.child.kill('SIGKILL');
  await product.agent.exited;
  await untilLive(() => liveStates.slice(seen).some((s) => !s.online), 'the dashboard to see the agent gone');
  await product.startAgent();
  await until(async () => (await agentState(product)).relays.light, 'the agent to give the game its light back');
  await untilLive(
    () => liveStates.at(-1)?.online && liveStates.at(-1).relays.light,
    'the dashboard to see the light back',
  );
  assert.equal((await agentState(product)).relays.door, false, 'the door stays locked');

  // In the dashboard: the light on, no warning; switched off while the game is on, the warning.
  const browser = await launchChromium();
  try {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport });
      await context.addCookies(cookiesOf(admin, product.base));
      const page = await context.newPage();
      await page.goto(`${product.base}/admin/`);
      await page.getByText('Сейчас играют').waitFor();
      await page.getByText('Оборудование на связи').waitFor();
      assert.equal(await page.getByText(/Свет выключен, а на корте идёт игра/).count(), 0);
      await page.screenshot({ path: `${artifacts}/agent-restarted-mid-game-${name}.png`, fullPage: true });
      assert.equal((await command('/api/turn_off_light/')).status, 200);
      await page.getByText('Свет выключен, а на корте идёт игра. Включите свет.').waitFor();
      await page.screenshot({ path: `${artifacts}/light-off-in-game-${name}.png`, fullPage: true });
      assert.equal((await command('/api/turn_on_light/')).status, 200);
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
