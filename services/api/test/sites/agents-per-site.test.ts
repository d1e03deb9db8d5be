import { io, type Socket } from 'socket.io-client';
import {
  EDGE_EVENTS,
  gameStartsAtMessage,
  LIVE_EVENTS,
  messages,
  type DeviceState,
  type Schedule,
  type SignedSchedule,
} from '@kort/contracts';
import { agentTokenHash, pinVerifier, scheduleKey, verifySchedulePayload } from '@kort/contracts/schedule-crypto';
import { seedNewSite } from '../../src/database/seed';
import { LiveGateway } from '../../src/devices/live.gateway';
import { installShelves } from '../../src/shelves/site-shelves';
import { AGENT_TOKEN, obedient, scriptedAgent } from '../support/agents';
import { waitFor } from '../support/wait';
import { order, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Each site's hardware is its own: two sites on one API, each with its own (scripted) agent. The
// default site ("A", Moscow) and "north" ("B", Vladivostok, its own token, courts and shelves). A
// token opens only its own site; commands, schedules, offline PINs, shelves and the dashboards'
// live events stay with their site. Books in July 2027.

const B = 'north';
const B_TOKEN = 'north-agent-token-0123456789abcdef';
type Agent = Awaited<ReturnType<typeof scriptedAgent>>;
type Player = Awaited<ReturnType<typeof signedInPlayers>>[number];

// One Redis prefix for every app of this file: a second app is a second replica of one deployment.
const shared = `${process.env.REDIS_PREFIX}agents-per-site:`;
// Short: a command delivered across replicas keeps the adapter's ack timer until its deadline.
const DEADLINE = '1500';
let api: TestApp;
let base: string;
let agentA: Agent;
let agentB: Agent;
let courtB: number;
let owner: Player;
let adminA: Player;

beforeAll(async () => {
  api = await startTestApp({ REDIS_PREFIX: shared, COMMAND_DEADLINE_MS: DEADLINE }, new TestClock(), {
    ownDatabase: true,
  });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  api.clock.set('2027-07-01T00:00:00Z');
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ($1, 'Север', $1, 'Asia/Vladivostok', $2)`,
    [B, agentTokenHash(B_TOKEN)],
  );
  await seedNewSite(api.db, B);
  await installShelves(api.db, B);
  const [first] = await api.db.query<{ id: number }[]>(
    `SELECT id FROM courts WHERE site_id = $1 ORDER BY sort_order LIMIT 1`,
    [B],
  );
  courtB = first!.id;
  [owner] = (await signedInPlayers(api, 1, { role: 'owner' })) as [Player];
  [adminA] = (await signedInPlayers(api, 1, { role: 'admin' })) as [Player];
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('default', $1)`, [adminA.id]);
  // The sites' directory follows the change feed: B is there once the feed said so.
  await waitFor(async () => (await owner.client.get(`/api/get_device_status/?site_id=${B}`)).status === 200);
  agentA = await scriptedAgent(base, obedient);
  agentB = await scriptedAgent(base, obedient, { site: B, token: B_TOKEN });
  await waitFor(() => agentA.schedules.length > 0 && agentB.schedules.length > 0);
});
afterAll(async () => {
  agentA?.close();
  agentB?.close();
  await api?.close();
});

const scheduleOf = (signed: SignedSchedule, token: string): Schedule => {
  expect(verifySchedulePayload(signed.payload, signed.signature, scheduleKey(agentTokenHash(token)))).toBe(true);
  return JSON.parse(signed.payload) as Schedule;
};
const statusOfB = async () =>
  (await owner.client.get(`/api/get_device_status/?site_id=${B}`)).body as { online: boolean };
const actions = (agent: Agent) => agent.commands.map((command) => `${command.action} ${command.device ?? ''}`.trim());

/** A player whose current site is B, with a game on B's first court on 10 July at `hour`:00 Vladivostok time. */
async function playerWithGameAtB(hour: number): Promise<Player & { gameId: number }> {
  api.clock.set('2027-07-01T00:00:00Z');
  const [player] = (await signedInPlayers(api, 1)) as [Player];
  expect((await player.client.post('/api/site/', { site_id: B })).status).toBe(200);
  const booked = await order(player.client, courtB, `2027-07-10T${String(hour).padStart(2, '0')}:00:00+10:00`);
  expect(booked.status).toBe(200);
  return { ...player, gameId: booked.body.id as number };
}

test("a site's token opens only its own site: A's token cannot connect as B, nor B's as A", async () => {
  await expect(scriptedAgent(base, obedient, { site: B, token: AGENT_TOKEN })).rejects.toThrow('unauthorized');
  await expect(scriptedAgent(base, obedient, { site: 'default', token: B_TOKEN })).rejects.toThrow('unauthorized');
  // Neither try replaced the connected agents.
  expect(agentA.socket.connected && agentB.socket.connected).toBe(true);
});

test("B's game: the code, the door and the offline PIN are B's agent's only, whatever the player's current site", async () => {
  const before = { a: agentA.commands.length, b: agentB.commands.length, schedulesOfA: agentA.schedules.length };
  const { client, gameId } = await playerWithGameAtB(18);

  // Too early, in B's own clock: 18:00 in Vladivostok (10:00 in Moscow).
  api.clock.set('2027-07-10T07:00:00Z');
  const early = await client.act(`/api/send/${gameId}/`);
  expect(early.status).toBe(425);
  expect(early.body.detail).toBe(gameStartsAtMessage('18:00'));

  // The player goes back to A in the app: the game is still opened at its own site, B.
  expect((await client.post('/api/site/', { site_id: 'default' })).status).toBe(200);
  api.clock.set('2027-07-10T07:50:00Z');
  expect((await client.act(`/api/send/${gameId}/`)).body).toEqual({ detail: messages.codeOnDisplay });
  const shown = agentB.commands.at(-1)!;
  expect(shown).toMatchObject({ action: 'display.show', params: { gameId } });
  expect((await client.post('/api/recieve/', { qr_code: shown.params?.code })).body).toEqual({
    detail: messages.doorOpened,
  });
  expect(actions(agentB).slice(before.b)).toEqual(['display.show', 'door.open door']);
  expect(agentA.commands.length).toBe(before.a);

  // B's game is in B's schedule, with the verifier of the PIN its owner is given while B is offline,
  // and in none of A's.
  await waitFor(() => scheduleOf(agentB.schedules.at(-1)!, B_TOKEN).games.some((game) => game.game === gameId));
  const entry = scheduleOf(agentB.schedules.at(-1)!, B_TOKEN).games.find((game) => game.game === gameId)!;
  for (const signed of agentA.schedules) {
    const schedule = scheduleOf(signed, AGENT_TOKEN);
    expect(schedule.site).toBe('default');
    expect(schedule.games.map((game) => game.game)).not.toContain(gameId);
  }
  expect(scheduleOf(agentB.schedules.at(-1)!, B_TOKEN).site).toBe(B);

  agentB.close();
  await waitFor(async () => !(await statusOfB()).online);
  const offline = await client.act(`/api/send/${gameId}/`);
  expect(offline.status).toBe(503);
  expect(pinVerifier(entry.salt, offline.body.offline_pin as string)).toBe(entry.pinHash);
  // A's agent, online all along, was never asked, and B's new game sent it no schedule.
  expect(agentA.commands.length).toBe(before.a);
  expect(agentA.schedules.length).toBe(before.schedulesOfA);
  agentB = await scriptedAgent(base, obedient, { site: B, token: B_TOKEN });
  await waitFor(async () => (await statusOfB()).online);
});

test("the light and the door from the dashboard: the chosen site's agent; an admin of A cannot reach B's", async () => {
  const before = { a: agentA.commands.length, b: agentB.commands.length };
  expect((await adminA.client.act('/api/turn_on_light/')).body).toMatchObject({ light_on: true, online: true });
  expect(actions(agentA).slice(before.a)).toEqual(['light.on light']);
  expect(agentB.commands.length).toBe(before.b);

  expect((await owner.client.act(`/api/open_door/?site_id=${B}`)).body.door_open).toBe(true);
  expect((await owner.client.act(`/api/close_door/?site_id=${B}`)).body.door_open).toBe(false);
  expect(actions(agentB).slice(before.b)).toEqual(['door.hold door', 'door.close door']);
  expect(actions(agentA).slice(before.a)).toEqual(['light.on light']);

  for (const path of ['/api/turn_off_light/', '/api/get_device_status/', '/api/admin_open/?shelf_id=1&']) {
    const refused = await adminA.client.act(`${path}${path.includes('?') ? '' : '?'}site_id=${B}`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(messages.siteNotYours);
  }
  expect(agentB.commands.length).toBe(before.b + 2);
  const status = await owner.client.get(`/api/get_device_status/?site_id=${B}`);
  expect(status.body).toMatchObject({ online: true, light_on: false, door_open: false });
});

test("shelves are each site's: one rental per player at each site, moved by that site's agent", async () => {
  const before = { a: agentA.commands.length, b: agentB.commands.length };
  const [player] = (await signedInPlayers(api, 1)) as [Player];
  expect((await player.client.post('/api/site/', { site_id: B })).status).toBe(200);
  expect((await player.client.act('/api/reserve_shelf/?id=1')).status).toBe(200);
  expect((await player.client.act('/api/open_shelf/?shelf_id=1')).body).toEqual({ detail: messages.boxOpened });
  expect(actions(agentB).slice(before.b)).toEqual(['shelf.open shelf-1']);
  expect(agentA.commands.length).toBe(before.a);
  const atB = (await player.client.get('/api/shelves/')).body.detail as { id: number; status: string }[];
  expect(atB[0]).toMatchObject({ id: 1, status: 'occupied' });
  expect((await player.client.act('/api/reserve_shelf/?id=2')).body.detail).toBe(messages.alreadyRenting);

  // At A, shelf 1 is another shelf: free, and the player may rent it too.
  expect((await player.client.post('/api/site/', { site_id: 'default' })).status).toBe(200);
  expect((await player.client.get('/api/current_shelf/')).body).toEqual({ detail: null });
  const atA = (await player.client.get('/api/shelves/')).body.detail as { id: number; status: string }[];
  expect(atA[0]).toMatchObject({ id: 1, status: 'free' });
  const rented = await player.client.act('/api/reserve_shelf/?id=1');
  expect(rented.status).toBe(200);
  // B's rental is ended from B, not from A.
  const rentalB = await api.db.query<{ id: number }[]>(
    `SELECT id FROM shelf_rentals WHERE site_id = $1 AND user_id = $2 AND ended_at IS NULL`,
    [B, player.id],
  );
  expect((await player.client.act(`/api/cancel_reservation/?reservation_id=${rentalB[0]!.id}`)).status).toBe(404);
  expect((await player.client.act('/api/close_shelf/?shelf_id=1')).status).toBe(200);
  expect(actions(agentA).slice(before.a)).toEqual(['shelf.close shelf-1']);
  expect(actions(agentB).slice(before.b)).toEqual(['shelf.open shelf-1']);
});

/** A dashboard on /live as `who`, naming `site` at connect (or not). */
function dashboard(who: Player, site?: { auth?: string; query?: string }) {
  const states: DeviceState[] = [];
  const socket: Socket = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${who.client.sessionId}` },
    reconnection: false,
    forceNew: true,
    ...(site?.auth ? { auth: { site_id: site.auth } } : {}),
    ...(site?.query ? { query: { site_id: site.query } } : {}),
  });
  socket.on(LIVE_EVENTS.deviceState, (state: DeviceState) => states.push(state));
  const refusal = new Promise<string>((resolve) => socket.once('connect_error', (error) => resolve(error.message)));
  return { socket, states, refusal };
}

test("/live: a dashboard gets its chosen site's events only; an admin of A cannot watch B", async () => {
  const ofA = dashboard(adminA);
  const ofB = dashboard(owner, { auth: B });
  await waitFor(() => ofA.states.length > 0 && ofB.states.length > 0);
  expect(ofA.states[0]!.site).toBe('default');
  expect(ofB.states[0]!.site).toBe(B);

  for (const site of [{ auth: B }, { query: B }]) {
    const intruder = dashboard(adminA, site);
    expect(await intruder.refusal).toBe('forbidden');
    expect(intruder.states).toEqual([]);
    intruder.socket.close();
  }

  // B's relay moves first, and its event has reached B's dashboard before A's relay moves.
  agentB.socket.emit(EDGE_EVENTS.relayChanged, { device: 'shelf-9', on: true, at: Date.now() });
  await waitFor(() => ofB.states.some((state) => state.relays['shelf-9'] === true));
  agentA.socket.emit(EDGE_EVENTS.relayChanged, { device: 'shelf-8', on: true, at: Date.now() });
  await waitFor(() => ofA.states.some((state) => state.relays['shelf-8'] === true));
  expect(new Set(ofA.states.map((state) => state.site))).toEqual(new Set(['default']));
  expect(ofA.states.some((state) => state.relays['shelf-9'])).toBe(false);
  expect(new Set(ofB.states.map((state) => state.site))).toEqual(new Set([B]));
  ofA.socket.close();
  ofB.socket.close();
});

test('a dashboard is closed at the next check once its admin no longer runs its site', async () => {
  const [admin] = (await signedInPlayers(api, 1, { role: 'admin' })) as [Player];
  const deviceStatusOfB = async () => (await admin.client.get(`/api/get_device_status/?site_id=${B}`)).status;
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ($1, $2)`, [B, admin.id]);
  await waitFor(async () => (await deviceStatusOfB()) === 200);
  const ofB = dashboard(admin, { auth: B });
  await waitFor(() => ofB.states.length > 0);
  const closed = new Promise((resolve) => ofB.socket.once('disconnect', resolve));

  await api.db.query(`DELETE FROM site_admins WHERE user_id = $1`, [admin.id]);
  await waitFor(async () => (await deviceStatusOfB()) === 403);
  expect(await api.app.get(LiveGateway).recheckSessions()).toBe(1);
  await closed;
});

test('a new token for B disconnects its agent on whichever replica it is; the old token is refused there too', async () => {
  const other = await startTestApp({
    REDIS_PREFIX: shared,
    COMMAND_DEADLINE_MS: DEADLINE,
    DATABASE_URL: api.config.databaseUrl,
  });
  try {
    const otherBase = `http://127.0.0.1:${(other.server.address() as { port: number }).port}`;
    // B's agent moves to the other replica (which now keeps B's token hash in memory).
    agentB.close();
    agentB = await scriptedAgent(otherBase, obedient, { site: B, token: B_TOKEN });
    await waitFor(async () => (await statusOfB()).online);

    const gone = new Promise<string>((resolve) => agentB.socket.once('disconnect', resolve));
    // The owner's call lands on the first replica.
    const issued = await owner.client.post(`/api/admin/sites/${B}/agent-token`);
    expect(issued.status).toBe(200);
    const newToken = issued.body.token as string;
    expect(await gone).toBe('io server disconnect');
    await expect(scriptedAgent(otherBase, obedient, { site: B, token: B_TOKEN })).rejects.toThrow('unauthorized');
    agentB = await scriptedAgent(otherBase, obedient, { site: B, token: newToken });
    await waitFor(async () => (await statusOfB()).online);
    // A's agent was not touched, and B's new agent runs B's commands.
    expect(agentA.socket.connected).toBe(true);
    expect((await owner.client.act(`/api/turn_on_light/?site_id=${B}`)).body.light_on).toBe(true);
    expect(agentB.commands.map((command) => command.action)).toEqual(['light.on']);
  } finally {
    agentB.close();
    await other.close();
  }
});
