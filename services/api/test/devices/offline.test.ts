import { createHmac, randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';
import {
  EDGE_EVENTS,
  LIVE_EVENTS,
  messages,
  type AgentEvent,
  type DeviceState,
  type LiveDoorEvent,
  type OutboxAck,
  type Schedule,
  type SignedSchedule,
} from '@kort/contracts';
import {
  agentTokenHash,
  offlinePin,
  pinMatches,
  scheduleKey,
  verifySchedulePayload,
} from '@kort/contracts/schedule-crypto';
import { AGENT_TOKEN, obedient, scriptedAgent, waitFor } from '../support/agents';
import type { Client } from '../support/client';
import { cancel, msk, order, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// The club without its link (issue 15), the API's half: the signed schedule an agent receives, the
// door window, the offline PIN to the owner, and the agent's outbox applied exactly once. June 2027
// is this file's; its database is its own (the site row is one physical court). The door window is
// set to 30 minutes before the start and 10 after the end, to see the settings honoured.
const OPENS_BEFORE = 30;
const CLOSES_AFTER = 10;

let api: TestApp;
let base: string;
let admin: Player;
let secret: Buffer;
/** Every JSON log line the API wrote (kept off the test output). */
const logLines: string[] = [];

type Player = { client: Client; id: number; email: string };
type Agent = Awaited<ReturnType<typeof scriptedAgent>>;

beforeAll(async () => {
  captureLogs();
  api = await startTestApp(
    {
      REDIS_PREFIX: `${process.env.REDIS_PREFIX}offline:`,
      LOG_LEVEL: 'info',
      DOOR_OPENS_BEFORE_MIN: String(OPENS_BEFORE),
      DOOR_CLOSES_AFTER_MIN: String(CLOSES_AFTER),
    },
    new TestClock(),
    { ownDatabase: true },
  );
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  secret = createHmac('sha256', api.config.sessionSecret).update('offline-pins').digest();
  api.clock.set(mskInstant('2027-06-01', 9));
  [admin] = (await signedInPlayers(api, 1, { role: 'admin' })) as [Player];
  // A second site with a court of its own: its games are never in the default site's schedule.
  await api.db.query(`INSERT INTO sites (id, name, token_hash) VALUES ('north', 'Север', $1)`, [
    agentTokenHash('north-agent-token-0123456789'),
  ]);
  await api.db.query(`INSERT INTO courts (id, name, site_id) VALUES (3, 'Корт 3', 'north')`);
});
afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

/** Keeps the API's JSON log lines (pino writes them to stdout), for the "never logged" checks, off the output. */
function captureLogs(): void {
  const write = process.stdout.write.bind(process.stdout);
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
    if (!text.startsWith('{"level"')) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    logLines.push(text);
    const done = rest.at(-1);
    if (typeof done === 'function') process.nextTick(done);
    return true;
  });
}

const mskInstant = (date: string, hour: number, minute = 0) => new Date(msk(date, hour, minute));

/** A new player with a game at that Moscow hour (booked with the clock at 09:00 on 1 June). */
async function playerWithGame(date: string, hour: number, court = 1): Promise<Player & { gameId: number }> {
  const saved = api.clock.now();
  api.clock.set(mskInstant('2027-06-01', 9));
  const [player] = (await signedInPlayers(api, 1)) as [Player];
  const booked = await order(player.client, court, msk(date, hour));
  api.clock.set(saved);
  if (booked.status !== 200) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);
  return { ...player, gameId: booked.body.id as number };
}

function verified(signed: SignedSchedule, token = AGENT_TOKEN): Schedule {
  expect(verifySchedulePayload(signed.payload, signed.signature, scheduleKey(agentTokenHash(token)))).toBe(true);
  return JSON.parse(signed.payload) as Schedule;
}

async function connectAgent(): Promise<Agent> {
  const agent = await scriptedAgent(base, obedient);
  await waitFor(() => agent.schedules.length > 0);
  return agent;
}

const gamesIn = (agent: Agent) => verified(agent.schedules.at(-1)!).games.map((entry) => entry.game);

function event(kind: AgentEvent['kind'], seq: number, fields: Partial<AgentEvent> = {}): AgentEvent {
  return {
    id: randomUUID(),
    seq,
    kind,
    at: api.clock.now().getTime(),
    game: null,
    offline: true,
    params: {},
    ...fields,
  };
}

const upload = (agent: Agent, events: AgentEvent[]) =>
  agent.socket.timeout(10_000).emitWithAck(EDGE_EVENTS.outbox, { events }) as Promise<OutboxAck>;

describe('the schedule', () => {
  test('a connecting agent gets a signed schedule of its own site: live games of the next 48 hours, with PIN verifiers', async () => {
    const blocked = await playerWithGame('2027-06-01', 10, 1);
    const deleted = await playerWithGame('2027-06-01', 10, 2);
    const ended = await playerWithGame('2027-06-01', 11, 1);
    const kept = await playerWithGame('2027-06-01', 18, 1);
    const cancelled = await playerWithGame('2027-06-01', 18, 2);
    const inHorizon = await playerWithGame('2027-06-03', 9, 2);
    const beyond = await playerWithGame('2027-06-03', 12, 1);
    const otherSite = await playerWithGame('2027-06-01', 18, 3);
    expect((await cancel(cancelled.client, 2, msk('2027-06-01', 18))).status).toBe(200);
    await api.db.query(`UPDATE bookings SET started_at = $2, ended_at = $2 WHERE id = $1`, [
      ended.gameId,
      mskInstant('2027-06-01', 9, 50),
    ]);
    // Ten past ten: the 10:00 games are on; their players are blocked and self-deleted now.
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    expect((await admin.client.act(`/api/delete_user/?id=${blocked.id}`)).status).toBe(200);
    expect((await deleted.client.act('/api/del_account/')).status).toBe(200);

    const agent = await connectAgent();
    const schedule = verified(agent.schedules[0]!);
    expect(schedule).toMatchObject({
      site: 'default',
      light: { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 },
    });
    expect(schedule.version).toBeGreaterThan(0);
    expect(schedule.games.map((entry) => entry.game)).toEqual([kept.gameId, inHorizon.gameId]);
    for (const excluded of [blocked, deleted, ended, cancelled, beyond, otherSite]) {
      expect(schedule.games.map((entry) => entry.game)).not.toContain(excluded.gameId);
    }
    const [entry] = schedule.games;
    const start = mskInstant('2027-06-01', 18).getTime();
    expect(entry).toMatchObject({
      court: 1,
      start,
      end: start + 3600_000,
      open: start - OPENS_BEFORE * 60_000,
      close: start + 3600_000 + CLOSES_AFTER * 60_000,
    });
    expect(pinMatches(entry!.salt, entry!.pinHash, offlinePin(secret, kept.gameId))).toBe(true);
    expect(pinMatches(entry!.salt, entry!.pinHash, offlinePin(secret, inHorizon.gameId))).toBe(false);
    expect(agent.schedules[0]!.payload).not.toContain(offlinePin(secret, kept.gameId));
    // The other site's agent token does not verify it.
    expect(
      verifySchedulePayload(
        agent.schedules[0]!.payload,
        agent.schedules[0]!.signature,
        scheduleKey(agentTokenHash('north-agent-token-0123456789')),
      ),
    ).toBe(false);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a booking reaches the connected agent within a second (a newer version), a cancellation too', async () => {
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    const agent = await connectAgent();
    const before = verified(agent.schedules.at(-1)!).version;

    const [player] = (await signedInPlayers(api, 1)) as [Player];
    const started = Date.now();
    const booked = await order(player.client, 2, msk('2027-06-01', 20));
    expect(booked.status).toBe(200);
    const gameId = booked.body.id as number;
    await waitFor(() => gamesIn(agent).includes(gameId), 5000);
    const elapsed = Date.now() - started;
    console.log(`booking → schedule on the agent: ${elapsed} ms`);
    expect(elapsed).toBeLessThan(1000);
    expect(verified(agent.schedules.at(-1)!).version).toBeGreaterThan(before);

    const count = agent.schedules.length;
    expect((await cancel(player.client, 2, msk('2027-06-01', 20))).status).toBe(200);
    await waitFor(() => agent.schedules.length > count && !gamesIn(agent).includes(gameId), 2000);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a burst of changes is one push', async () => {
    api.clock.set(mskInstant('2027-06-01', 10, 10));
    const agent = await connectAgent();
    const count = agent.schedules.length;
    const players = (await signedInPlayers(api, 2)) as Player[];
    await Promise.all(players.map((player, i) => order(player.client, 1 + i, msk('2027-06-01', 21))));
    await waitFor(() => agent.schedules.length > count);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(agent.schedules.length - count).toBeLessThanOrEqual(2);
    expect(gamesIn(agent)).toHaveLength(new Set(gamesIn(agent)).size);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });
});

describe('the door window and the offline PIN', () => {
  test('online: the window follows DOOR_OPENS_BEFORE_MIN and DOOR_CLOSES_AFTER_MIN', async () => {
    const { client, gameId } = await playerWithGame('2027-06-02', 12, 1);
    const agent = await connectAgent();
    api.clock.set(mskInstant('2027-06-02', 11, 29));
    const early = await client.act(`/api/send/${gameId}/`);
    expect(early.status).toBe(425);
    expect(early.body.detail).toBe('Игра начнётся в 12:00. Пожалуйста, подождите');
    api.clock.set(mskInstant('2027-06-02', 11, 30));
    expect((await client.act(`/api/send/${gameId}/`)).body).toEqual({ detail: messages.codeOnDisplay });
    api.clock.set(mskInstant('2027-06-02', 13, 9));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(200);
    const display = agent.commands.filter((command) => command.action === 'display.show');
    expect(display).toHaveLength(2);
    api.clock.set(mskInstant('2027-06-02', 13, 10));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(410);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('offline: send answers the owner 503 with the offline PIN, nobody else, and no log line holds it', async () => {
    const owner = await playerWithGame('2027-06-02', 14, 2);
    const [intruder] = (await signedInPlayers(api, 1)) as [Player];
    api.clock.set(mskInstant('2027-06-02', 13, 50));
    expect((await admin.client.get('/api/get_device_status/')).body.online).toBe(false);

    const response = await owner.client.act(`/api/send/${owner.gameId}/`);
    expect(response.status).toBe(503);
    const pin = offlinePin(secret, owner.gameId);
    expect(response.body).toEqual({ detail: messages.offlinePin, offline_pin: pin });
    const refused = await intruder.client.act(`/api/send/${owner.gameId}/`);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain(pin);

    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = logLines.join('');
    expect(logged).toContain('the offline PIN given to the owner'); // the capture works
    expect(logged).toContain(`/api/send/${owner.gameId}/`);
    expect(logged).not.toMatch(new RegExp(`(?<!\\d)${pin}(?!\\d)`));
    expect(logged).not.toContain('offline_pin');
  });

  test('my-orders carries the offline PIN of today’s games only', async () => {
    const today = await playerWithGame('2027-06-02', 16, 1);
    api.clock.set(mskInstant('2027-06-01', 9));
    expect((await order(today.client, 1, msk('2027-06-03', 16))).status).toBe(200);
    api.clock.set(mskInstant('2027-06-02', 8));
    const orders = (await today.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
    expect(orders).toHaveLength(2);
    expect(orders[0]).toMatchObject({ id: today.gameId, today: true, offline_pin: offlinePin(secret, today.gameId) });
    expect(orders[1]).toMatchObject({ today: false });
    expect(orders[1]).not.toHaveProperty('offline_pin');
  });
  test('OpenAPI publishes the offline PIN of send (503) and of my-orders', async () => {
    const document = (await api.client().get('/api/docs-json')).body as {
      paths: Record<
        string,
        { get: { responses: Record<string, { content?: { 'application/json': { schema: unknown } } }> } }
      >;
    };
    const send = document.paths['/api/send/{gameId}']!.get.responses['503']!;
    expect(JSON.stringify(send)).toContain('offline_pin');
    const orders = document.paths['/api/my-orders']!.get.responses['200']!;
    expect(JSON.stringify(orders)).toContain('offline_pin');
  });
});

describe('doors that prove they opened', () => {
  test('with a door sensor the game starts at the agent’s door.opened, not at the ack; the admin’s light is manual', async () => {
    const { client, gameId } = await playerWithGame('2027-06-04', 10, 2);
    const agent = await connectAgent(); // its snapshot reports a door sensor (closed)
    await waitFor(
      async () =>
        (
          await api.db.query<{ closed: boolean | null }[]>(
            `SELECT door_closed AS closed FROM sites WHERE id = 'default'`,
          )
        )[0]?.closed === true,
    );
    api.clock.set(mskInstant('2027-06-04', 9, 45));
    expect((await client.act(`/api/send/${gameId}/`)).status).toBe(200);
    const code = agent.commands.at(-1)!.params!.code!;
    expect((await client.post('/api/recieve/', { qr_code: code })).status).toBe(200);
    expect(agent.commands.at(-1)).toMatchObject({ action: 'door.open', params: { gameId } });
    const startedAt = async () =>
      (await api.db.query<{ started_at: Date | null }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [gameId]))[0]!
        .started_at;
    expect(await startedAt()).toBeNull();

    const opened = event('door.opened', 1, { game: gameId, offline: false });
    expect(await upload(agent, [opened])).toEqual({ ok: true, seq: 1, applied: 1 });
    expect((await startedAt())?.getTime()).toBe(opened.at);

    expect((await admin.client.act('/api/turn_on_light/')).status).toBe(200);
    expect(agent.commands.at(-1)).toMatchObject({ action: 'light.on', params: { manual: true } });
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });
});

describe('the outbox', () => {
  test('a batch is applied once: an offline entry starts the game, the offline period is kept, dashboards see it', async () => {
    const owner = await playerWithGame('2027-06-04', 12, 1);
    const foreign = await playerWithGame('2027-06-04', 12, 3);
    api.clock.set(mskInstant('2027-06-04', 11, 50));
    const live = io(`${base}/live`, {
      transports: ['websocket'],
      extraHeaders: { cookie: `sessionid=${admin.client.sessionId}` },
      reconnection: false,
      forceNew: true,
    });
    const doorEvents: LiveDoorEvent[] = [];
    const states: DeviceState[] = [];
    live.on(LIVE_EVENTS.doorEvent, (payload: LiveDoorEvent) => doorEvents.push(payload));
    live.on(LIVE_EVENTS.deviceState, (payload: DeviceState) => states.push(payload));
    await waitFor(() => states.length > 0);

    const agent = await connectAgent();
    const from = mskInstant('2027-06-04', 11, 30).getTime();
    const to = mskInstant('2027-06-04', 11, 49).getTime();
    const wrong = event('door.pin-wrong', 10, { at: from + 60_000 });
    const entry = event('door.entry', 11, { at: from + 120_000, game: owner.gameId, params: { sensor: false } });
    const light = event('light.on', 12, { at: from + 121_000, game: owner.gameId, params: { reason: 'game' } });
    const elsewhere = event('door.entry', 13, { at: from + 130_000, game: foreign.gameId, params: { sensor: false } });
    const period = event('agent.offline', 14, { at: to, params: { from, to } });
    const batch = [wrong, entry, light, elsewhere, period];

    expect(await upload(agent, batch)).toEqual({ ok: true, seq: 14, applied: 5 });
    expect(await upload(agent, batch)).toEqual({ ok: true, seq: 14, applied: 0 });

    const rows = await api.db.query<Record<string, unknown>[]>(
      `SELECT id, action, device, requested_by, booking_id, origin, offline, status, requested_at, finished_at
         FROM commands WHERE id = ANY($1::uuid[]) ORDER BY requested_at`,
      [batch.map((e) => e.id)],
    );
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.id === entry.id)).toMatchObject({
      action: 'door.entry',
      device: 'door',
      requested_by: owner.id,
      booking_id: owner.gameId,
      origin: 'agent',
      offline: true,
      status: 'done',
    });
    // Another site's game is not this agent's to start.
    expect(rows.find((row) => row.id === elsewhere.id)).toMatchObject({ requested_by: null, booking_id: null });
    expect(rows.find((row) => row.id === period.id)).toMatchObject({
      device: null,
      requested_at: new Date(from),
      finished_at: new Date(to),
    });
    const [game] = await api.db.query<{ started_at: Date }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [
      owner.gameId,
    ]);
    expect(game!.started_at.getTime()).toBe(entry.at);
    const [other] = await api.db.query<{ started_at: Date | null }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [
      foreign.gameId,
    ]);
    expect(other!.started_at).toBeNull();

    // The game entered offline counts as started: ending it works.
    expect((await owner.client.act(`/api/end/${owner.gameId}/`)).body).toEqual({ detail: messages.gameEnded });

    await waitFor(() => doorEvents.length >= 3);
    expect(doorEvents.map((e) => e.kind)).toEqual(['door.pin-wrong', 'door.entry', 'door.entry']);
    expect(doorEvents[1]).toEqual({
      site: 'default',
      id: entry.id,
      kind: 'door.entry',
      at: new Date(entry.at).toISOString(),
      game: owner.gameId,
      offline: true,
    });
    await waitFor(() => states.at(-1)?.lastOffline !== null);
    expect(states.at(-1)!.lastOffline).toEqual({ from: new Date(from).toISOString(), to: new Date(to).toISOString() });

    const log = await admin.client.get(
      `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ origin: 'agent', booking_id: owner.gameId }))}`,
    );
    expect(log.status).toBe(200);
    expect(log.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: entry.id, action: 'door.entry', origin: 'agent', offline: true }),
        expect.objectContaining({ id: light.id, action: 'light.on', origin: 'agent', offline: true }),
      ]),
    );
    const entries = await admin.client.get(
      `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ action: 'agent.offline' }))}`,
    );
    expect(entries.body).toEqual([expect.objectContaining({ id: period.id, origin: 'agent', booking_id: null })]);
    live.close();
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('a malformed batch is refused with ok:false', async () => {
    const agent = await connectAgent();
    const ack = (await agent.socket
      .timeout(5000)
      .emitWithAck(EDGE_EVENTS.outbox, { events: [{ id: 'not-a-uuid' }] })) as OutboxAck;
    expect(ack.ok).toBe(false);
    agent.close();
    await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
  });

  test('1,000 events: uploaded in batches of 500 and applied once each (timed)', async () => {
    const agent = await connectAgent();
    const at = api.clock.now().getTime();
    const events = Array.from({ length: 1000 }, (_, i) =>
      event(i % 2 ? 'door.pin-wrong' : 'light.off', 1000 + i, { at: at + i }),
    );
    const started = performance.now();
    let applied = 0;
    for (let i = 0; i < events.length; i += 500) {
      const ack = await upload(agent, events.slice(i, i + 500));
      if (!ack.ok) throw new Error(ack.error);
      applied += ack.applied;
    }
    const elapsed = performance.now() - started;
    console.log(`1,000 outbox events uploaded and applied in ${elapsed.toFixed(0)} ms`);
    expect(applied).toBe(1000);
    const [{ count }] = await api.db.query<[{ count: number }]>(
      `SELECT count(*)::int AS count FROM commands WHERE id = ANY($1::uuid[])`,
      [events.map((e) => e.id)],
    );
    expect(count).toBe(1000);
    agent.close();
  });
});
