import { messages } from '@kort/contracts';
import { OfflinePins } from '../../src/offline/offline-pins';
import { ScheduleChanges } from '../../src/offline/schedule-changes';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { signedInAdmin, signedInPlayers } from '../support/players';
import { displayState, realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// The door and the light follow the club's shape, online and offline, with the real edge agent
// (simulated GPIO): a closure's game no longer keeps the light on, nor opens the door with its code
// or, once the link is down, with its offline PIN; a game on a court the club added is in the
// agent's schedule and its PIN opens. The agent judges windows by the clock of this machine, so the
// games are at the next whole hour of the real time, their door windows and light open now (two
// hours before).
const HOUR_MS = 3_600_000;

let api: TestApp;
let apiStopped = false;
let agent: Awaited<ReturnType<typeof realAgent>>;
let admin: Client;
beforeAll(async () => {
  api = await startTestApp({ DOOR_OPENS_BEFORE_MIN: '120', LIGHT_ON_BEFORE_MIN: '120' }, new TestClock(), {
    ownDatabase: true,
  });
  admin = await signedInAdmin(api);
  agent = await realAgent(`http://127.0.0.1:${(api.server.address() as { port: number }).port}`, {
    OFFLINE_AFTER_MS: '500',
  });
  await waitFor(() => agent.connected());
});
afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  if (!apiStopped) await api?.close();
});

/** The next whole hour of the real time, at least a minute away (the same instant in Moscow and UTC). */
const nextHour = () => new Date(Math.ceil((Date.now() + 60_000) / HOUR_MS) * HOUR_MS);

/**
 * Games of these players at `start`, written as bookings are (the same check on their insert, but
 * whatever the club's hours: the real time may be the night), and the agent told the schedule changed.
 */
async function gamesAt(start: Date, games: { userId: number; court: number }[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { userId, court } of games) {
    const [row] = await api.db.query<{ id: number }[]>(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2) RETURNING id`,
      [userId, court, start, new Date(start.getTime() + HOUR_MS)],
    );
    ids.push(row!.id);
  }
  api.app.get(ScheduleChanges).changed();
  return ids;
}

const scheduled = () => agent.schedule.games().map((entry) => entry.game);
const close = (court: number, start: Date, reason: string) =>
  admin.post('/api/admin/closures', {
    court_id: court,
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + HOUR_MS).toISOString(),
    reason,
  });

/** What the keypad at the door does when a PIN is typed and «Открыть» pressed. */
async function unlock(pin: string): Promise<number> {
  const response = await fetch(new URL('unlock', agent.display.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pin }),
  });
  return response.status;
}

test('the light a game keeps on goes off when a closure takes the game away', async () => {
  const [player] = await signedInPlayers(api, 1);
  const start = nextHour();
  const [game] = await gamesAt(start, [{ userId: player!.id, court: 2 }]);
  await waitFor(() => scheduled().includes(game!));
  // Two hours before its start the game's light is on (LIGHT_ON_BEFORE_MIN).
  await waitFor(() => agent.driver.states().light);
  expect((await close(2, start, 'Соревнования')).status).toBe(201);
  await waitFor(() => !scheduled().includes(game!), 3_000);
  await waitFor(() => !agent.driver.states().light, 3_000);
});

test("a closed hour's game: its door code refused online, its offline PIN refused at the keypad; a new court's game opens", async () => {
  const third = await admin.post('/api/admin/courts', { name: 'Корт 3' });
  expect(third.status).toBe(201);
  const [closed, open] = await signedInPlayers(api, 2);
  const start = nextHour();
  const [closedGame, newCourtGame] = (await gamesAt(start, [
    { userId: closed!.id, court: 1 },
    { userId: open!.id, court: third.body.id as number },
  ])) as [number, number];
  await waitFor(() => scheduled().includes(closedGame) && scheduled().includes(newCourtGame));

  // Online: the code is on the door display, then the club closes court 1 for that hour.
  expect((await closed!.client.act(`/api/send/${closedGame}/`)).body).toEqual({ detail: messages.codeOnDisplay });
  const code = (await displayState(agent)).display!.code;
  expect((await close(1, start, 'Турнир')).status).toBe(201);
  const refused = await closed!.client.post('/api/recieve/', { qr_code: code });
  expect([refused.status, refused.body.detail]).toEqual([400, messages.wrongDoorCode]);
  expect(agent.driver.states().door).toBe(false);
  // The agent's schedule follows within a second: the closed hour's game is gone, the other stays.
  await waitFor(() => !scheduled().includes(closedGame), 3_000);
  expect(scheduled()).toContain(newCourtGame);

  // The link drops (the API stops): the keypad takes offline PINs, and refuses the closed game's.
  const pins = api.app.get(OfflinePins);
  const [closedPin, openPin] = [pins.pin(closedGame), pins.pin(newCourtGame)];
  apiStopped = true;
  await api.close();
  await waitFor(() => agent.offline());
  const doorPulses: boolean[] = [];
  agent.bus.on('relayChanged', (change) => {
    if (change.device === 'door') doorPulses.push(change.on);
  });
  expect(await unlock(closedPin)).toBe(403);
  expect(await unlock(openPin)).toBe(200);
  await waitFor(() => doorPulses.includes(true));
  expect(doorPulses[0]).toBe(true); // nothing moved the door before the right PIN
});
