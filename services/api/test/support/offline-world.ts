import { createHmac, randomUUID } from 'node:crypto';
import { EDGE_EVENTS, type AgentEvent, type OutboxAck, type Schedule, type SignedSchedule } from '@kort/contracts';
import { agentTokenHash, scheduleKey, verifySchedulePayload } from '@kort/contracts/schedule-crypto';
import { AGENT_TOKEN, obedient, scriptedAgent } from './agents';
import { waitFor } from './wait';
import type { Client } from './client';
import { captureLogLines } from './log-lines';
import { msk, order, signedInPlayers } from './players';
import { startTestApp, type TestApp } from './test-app';
import { TestClock } from './test-clock';

// The world of the offline tests (the API's half; devices/offline-*.test.ts): an API of
// their own in June 2027 with its own database (the site row is one physical court), a second site
// with a court of its own, and the helpers both files use. The door window is set to 30 minutes
// before the start and 10 after the end, to see the settings honoured.
export const OPENS_BEFORE = 30;
export const CLOSES_AFTER = 10;

// Live bindings: set by the hooks useOfflineApp registers, read by the tests.
export let api: TestApp;
export let base: string;
export let admin: Player;
export let secret: Buffer;
/** Every JSON log line the API wrote (kept off the test output). */
export const logLines: string[] = [];

export type Player = { client: Client; id: number; email: string };
export type Agent = Awaited<ReturnType<typeof scriptedAgent>>;

/** Registers the file's hooks: the API (Redis keys under `prefix`) before, closed after. */
export function useOfflineApp(prefix: string): void {
  beforeAll(async () => {
    captureLogLines(logLines);
    api = await startTestApp(
      {
        REDIS_PREFIX: `${process.env.REDIS_PREFIX}${prefix}`,
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
    [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [Player];
    // A second site with a court of its own: its games are never in the default site's schedule.
    await api.db.query(
      `INSERT INTO sites (id, name, slug, timezone, token_hash) VALUES ('north', 'Север', 'north', 'Europe/Moscow', $1)`,
      [agentTokenHash('north-agent-token-0123456789')],
    );
    await api.db.query(`INSERT INTO courts (id, name, site_id) VALUES (3, 'Корт 3', 'north')`);
  });
  afterAll(async () => {
    await api.close();
    jest.restoreAllMocks();
  });
}

export const mskInstant = (date: string, hour: number, minute = 0) => new Date(msk(date, hour, minute));

/** A new player with a game at that Moscow hour (booked with the clock at 09:00 on 1 June). */
export async function playerWithGame(date: string, hour: number, court = 1): Promise<Player & { gameId: number }> {
  const saved = api.clock.now();
  api.clock.set(mskInstant('2027-06-01', 9));
  const [player] = (await signedInPlayers(api, 1)) as [Player];
  // A player books at their current site: the court's.
  await api.db.query(`UPDATE users SET current_site_id = (SELECT site_id FROM courts WHERE id = $2) WHERE id = $1`, [
    player.id,
    court,
  ]);
  const booked = await order(player.client, court, msk(date, hour));
  api.clock.set(saved);
  if (booked.status !== 200) throw new Error(`booking failed: ${JSON.stringify(booked.body)}`);
  return { ...player, gameId: booked.body.id as number };
}

export function verified(signed: SignedSchedule, token = AGENT_TOKEN): Schedule {
  expect(verifySchedulePayload(signed.payload, signed.signature, scheduleKey(agentTokenHash(token)))).toBe(true);
  return JSON.parse(signed.payload) as Schedule;
}

export async function connectAgent(): Promise<Agent> {
  const agent = await scriptedAgent(base, obedient);
  await waitFor(() => agent.schedules.length > 0);
  return agent;
}

export const gamesIn = (agent: Agent) => verified(agent.schedules.at(-1)!).games.map((entry) => entry.game);

export function event(kind: AgentEvent['kind'], seq: number, fields: Partial<AgentEvent> = {}): AgentEvent {
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

export const upload = (agent: Agent, events: AgentEvent[]) =>
  agent.socket.timeout(10_000).emitWithAck(EDGE_EVENTS.outbox, { events }) as Promise<OutboxAck>;
