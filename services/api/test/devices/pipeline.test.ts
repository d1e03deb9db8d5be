import { io } from 'socket.io-client';
import { messages } from '@kort/contracts';
import { AgentPresence } from '../../src/devices/agent-presence';
import { EdgeGateway } from '../../src/devices/edge.gateway';
import { LiveGateway } from '../../src/devices/live.gateway';
import { AGENT_TOKEN, obedient, scriptedAgent } from '../support/agents';
import { liveDashboard } from '../support/live-dashboard';
import { waitFor } from '../support/wait';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';

// One Redis prefix for every app of this file, so two apps act as two replicas of one deployment.
const shared = `${process.env.REDIS_PREFIX}pipeline:`;
let api: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signedInPlayers>>[number];

beforeAll(async () => {
  api = await startTestApp({ REDIS_PREFIX: shared, COMMAND_DEADLINE_MS: '1500' }, undefined, { ownDatabase: true });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [typeof admin];
});
afterAll(() => api.close());

const status = async () =>
  (await admin.client.get('/api/get_device_status/')).body as { online: boolean; light_on: boolean };
const commandRows = () =>
  api.db.query<{ action: string; status: string; error: string | null }[]>(
    `SELECT action, status, error FROM commands ORDER BY requested_at DESC LIMIT 1`,
  );

test('a wrong agent token is refused', async () => {
  await expect(scriptedAgent(base, obedient, { token: 'not-the-token-at-all' })).rejects.toThrow('unauthorized');
  await expect(scriptedAgent(base, obedient, { site: 'elsewhere', token: AGENT_TOKEN })).rejects.toThrow(
    'unauthorized',
  );
});

test('an agent that connects is online; when it leaves it is offline', async () => {
  const agent = await scriptedAgent(base, obedient);
  await waitFor(async () => (await status()).online);
  agent.close();
  await waitFor(async () => !(await status()).online);
});

test('with no agent, a command fails at once with a clear message and never runs later', async () => {
  const started = Date.now();
  const response = await admin.client.act('/api/turn_on_light/');
  const answeredAt = Date.now(); // the command's deadline is at most COMMAND_DEADLINE_MS after this
  expect(response.status).toBe(503);
  expect(response.body.detail).toBe(messages.agentOffline);
  expect(Date.now() - started).toBeLessThan(1500);
  expect(await commandRows()).toEqual([{ action: 'light.on', status: 'failed', error: 'agent-offline' }]);

  const agent = await scriptedAgent(base, obedient);
  await waitFor(async () => (await status()).online);
  // Letting its deadline pass is the point: nothing is delivered past it, so the command can never come.
  await new Promise((resolve) => setTimeout(resolve, answeredAt + 1500 - Date.now()));
  // A later command proves the agent was listening all along: it is the only one it gets.
  expect((await admin.client.act('/api/turn_off_light/')).status).toBe(200);
  expect(agent.commands.map(({ action }) => action)).toEqual(['light.off']);
  agent.close();
});

test('the agent confirms: the admin hears the new state, and the audit row says done', async () => {
  const agent = await scriptedAgent(base, obedient);
  const response = await admin.client.act('/api/turn_on_light/');
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ light_on: true, online: true });
  expect(agent.commands).toHaveLength(1);
  expect(agent.commands[0]).toMatchObject({ action: 'light.on', device: 'light' });
  expect(agent.commands[0]!.deadline).toBeGreaterThan(Date.now());
  expect(await commandRows()).toEqual([{ action: 'light.on', status: 'done', error: null }]);
  agent.close();
});

test('an agent that never answers: the command fails within its deadline', async () => {
  const agent = await scriptedAgent(base, () => undefined);
  const response = await admin.client.act('/api/turn_off_light/');
  expect(response.status).toBe(504);
  expect(response.body.detail).toBe(messages.deviceTimeout);
  expect((await commandRows())[0]).toMatchObject({ status: 'failed', error: 'no-ack' });
  agent.close();
});

test('a delivery lost on the way is sent again with the same id within the deadline: done, run once', async () => {
  // The first delivery of each command never reaches the agent (as a broadcast to its replica lost
  // while Redis comes back); the agent answers a later one, as the real agent does.
  const received = new Map<string, number>();
  const agent = await scriptedAgent(base, (command, ack) => {
    const times = (received.get(command.id) ?? 0) + 1;
    received.set(command.id, times);
    if (times > 1) ack({ ok: true, relays: { light: true } });
  });
  const response = await admin.client.act('/api/turn_on_light/');
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ light_on: true });
  expect([...received.values()]).toEqual([2]); // one command, delivered twice, with one id
  const [row] = await api.db.query<{ id: string; status: string; deliveries: number }[]>(
    `SELECT id, status, deliveries FROM commands ORDER BY requested_at DESC LIMIT 1`,
  );
  expect(row).toEqual({ id: [...received.keys()][0], status: 'done', deliveries: 2 });
  agent.close();
});

test('an agent that disconnects mid-command: the command fails, the agent is offline', async () => {
  const agent = await scriptedAgent(base, (_command, _ack, socket) => socket.disconnect());
  const response = await admin.client.act('/api/turn_on_light/');
  expect(response.status).toBe(504);
  await waitFor(async () => !(await status()).online);
  agent.close();
});

test('an agent that reports a hardware error: 502 with a clear message', async () => {
  const agent = await scriptedAgent(base, (_command, ack) =>
    ack({ ok: false, error: 'hardware', message: 'relay stuck' }),
  );
  const response = await admin.client.act('/api/turn_on_light/');
  expect(response.status).toBe(502);
  expect(response.body.detail).toBe(messages.deviceFailed);
  expect((await commandRows())[0]!.error).toContain('relay stuck');
  agent.close();
});

test('an agent refusing an expired command: recorded as expired', async () => {
  const agent = await scriptedAgent(base, (_command, ack) => ack({ ok: false, error: 'expired', message: 'too late' }));
  expect((await admin.client.act('/api/turn_on_light/')).status).toBe(502);
  expect((await commandRows())[0]!.status).toBe('expired');
  agent.close();
});

test('two API replicas: a command sent through one reaches the agent connected to the other', async () => {
  const other = await startTestApp({
    REDIS_PREFIX: shared,
    COMMAND_DEADLINE_MS: '1500',
    DATABASE_URL: api.config.databaseUrl,
  });
  try {
    const otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
    const agent = await scriptedAgent(otherBase, obedient);
    const response = await admin.client.act('/api/turn_on_light/'); // admin talks to the first replica
    expect(response.status).toBe(200);
    expect(agent.commands).toHaveLength(1);
    agent.close();
    await waitFor(async () => !(await status()).online); // the other replica has seen it go
  } finally {
    await other.close();
  }
});

test('dashboards on /live get the state when it changes; a player is refused', async () => {
  const { live, states } = await liveDashboard(base, admin.client.sessionId);

  const agent = await scriptedAgent(base, obedient);
  agent.socket.emit('relay.changed', { device: 'light', on: true, at: Date.now() });
  await waitFor(() => states.some((s) => s.online && s.relays.light === true));
  // Its snapshot said it simulates: the dashboards are told, so they can mark it.
  expect(states.find((s) => s.online && s.relays.light === true)!.driver).toBe('simulated');
  agent.close();
  await waitFor(async () => !(await status()).online);

  // A real Pi's agent takes the site over; one from before the driver report claims nothing.
  const pi = await scriptedAgent(base, obedient, { driver: 'gpio-chardev' });
  await waitFor(() => states.some((s) => s.online && s.driver === 'gpio-chardev'));
  pi.close();
  await waitFor(async () => !(await status()).online);
  const old = await scriptedAgent(base, obedient, { driver: null });
  await waitFor(() => states.some((s) => s.online && s.driver === null));
  old.close();
  live.close();

  const [player] = await signedInPlayers(api, 1);
  const refused = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${player!.client.sessionId}` },
    reconnection: false,
    forceNew: true,
  });
  await expect(
    new Promise<void>(
      (resolve, reject) => (refused.once('connect', () => resolve()), refused.once('connect_error', reject)),
    ),
  ).rejects.toThrow('forbidden');
  refused.close();
});

test("an admin's session from a foreign or opaque origin (Origin: null) is refused as forbidden, nothing more said", async () => {
  for (const origin of ['null', 'https://evil.example', 'not a url']) {
    const socket = io(`${base}/live`, {
      transports: ['websocket'],
      extraHeaders: { cookie: `sessionid=${admin.client.sessionId}`, origin },
      reconnection: false,
      forceNew: true,
    });
    const refusal = await new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
    socket.close();
    expect([origin, refusal]).toEqual([origin, 'forbidden']);
  }
});

test('one agent per site: a newer connection replaces the older one, which gets nothing more', async () => {
  const old = await scriptedAgent(base, obedient);
  const oldConnection = old.socket.id!;
  const disconnected = new Promise<void>((resolve) => old.socket.once('disconnect', () => resolve()));
  const fresh = await scriptedAgent(base, obedient);
  await disconnected;
  expect((await admin.client.act('/api/turn_on_light/')).status).toBe(200);
  expect(old.commands).toEqual([]);
  expect(fresh.commands).toHaveLength(1);
  expect((await status()).online).toBe(true);
  // The old socket's disconnect, however late it is recorded, leaves the new agent online.
  await api.app.get(AgentPresence).setOffline('default', oldConnection);
  expect((await status()).online).toBe(true);
  fresh.close();
  old.close();
  await waitFor(async () => !(await status()).online); // the agent's own disconnect does count
});

test('a site marked online with no agent anywhere (its replica was killed) is set offline by the reconciliation', async () => {
  await waitFor(async () => !(await status()).online); // the previous test's agents are gone
  await api.db.query(`UPDATE sites SET online = true WHERE id = 'default'`);
  expect((await status()).online).toBe(true);
  expect(await api.app.get(EdgeGateway).reconcileOnline({ graceMs: 100 })).toEqual(['default']);
  expect((await status()).online).toBe(false);
});

test('an agent that reconnects within the grace (it moved from a draining replica) is never set offline by the reconciliation', async () => {
  await api.db.query(`UPDATE sites SET online = true, agent_connection = 'a-socket-gone' WHERE id = 'default'`);
  const reconciled = api.app.get(EdgeGateway).reconcileOnline({ graceMs: 1500 });
  const agent = await scriptedAgent(base, obedient);
  expect(await reconciled).toEqual([]);
  expect((await status()).online).toBe(true);
  agent.close();
  await waitFor(async () => !(await status()).online);
});

test('a dashboard whose admin logged out is disconnected at the next session check', async () => {
  const [other] = await signedInPlayers(api, 1, { role: 'owner' });
  const live = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${other!.client.sessionId}` },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>(
    (resolve, reject) => (live.once('connect', () => resolve()), live.once('connect_error', reject)),
  );
  const gateway = api.app.get(LiveGateway);
  expect(await gateway.recheckSessions()).toBe(0); // still signed in: kept
  const closed = new Promise<void>((resolve) => live.once('disconnect', () => resolve()));
  await other!.client.act('/api/logout/');
  expect(await gateway.recheckSessions()).toBe(1);
  await closed;
  live.close();
});

test('a player cannot call the admin device endpoints', async () => {
  const [player] = await signedInPlayers(api, 1);
  for (const path of [
    '/api/get_device_status/',
    '/api/turn_on_light/',
    '/api/turn_off_light/',
    '/api/open_door/',
    '/api/close_door/',
  ]) {
    expect((await player!.client.act(path)).status).toBe(403);
  }
});

test("a reconnecting agent's snapshot has the last word: the dashboards never end on the light it had before", async () => {
  await waitFor(async () => !(await status()).online); // the previous tests' agents are gone
  const { live, states } = await liveDashboard(base, admin.client.sessionId);
  // The agent died with the light on; it starts again with every relay off. Its online mark and its
  // snapshot each publish the state: whichever lands last is what the dashboards keep showing.
  // The race is one of timing, so it is run many times.
  const ends: { online: boolean; light: boolean }[] = [];
  let version = 0;
  for (let round = 0; round < 25; round += 1) {
    await api.db.query(
      `INSERT INTO device_states (site_id, device, is_on, updated_at) VALUES ('default', 'light', true, now())
       ON CONFLICT (site_id, device) DO UPDATE SET is_on = true`,
    );
    const seen = states.length;
    const agent = await scriptedAgent(base, obedient);
    await waitFor(async () => {
      const stored = await status();
      return stored.online && !stored.light_on;
    });
    // Two states follow a connect (the online mark, the snapshot), in either order.
    await waitFor(() => states.length >= seen + 2);
    const last = states.at(-1)!;
    ends.push({ online: last.online, light: last.relays.light === true });
    // Every write moves the state's version on: the last one is the newest a dashboard was sent.
    expect(last.version).toBeGreaterThan(version);
    expect(Math.max(...states.slice(seen).map((s) => s.version!))).toBe(last.version);
    version = last.version!;
    agent.close();
    await waitFor(async () => !(await status()).online);
  }
  live.close();
  expect(ends.filter((end) => !end.online || end.light)).toEqual([]);
});
