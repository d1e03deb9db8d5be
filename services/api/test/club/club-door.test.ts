import { messages } from '@kort/contracts';
import { OfflinePins } from '../../src/offline/offline-pins';
import { waitFor } from '../support/agents';
import type { Client } from '../support/client';
import { signedInAdmin, signedInPlayers } from '../support/players';
import { displayState, realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// The door follows the club's shape, online and offline, with the real edge agent (simulated
// GPIO): a closure's game no longer opens the door with its code nor, once the link is down, with
// its offline PIN; a game on a court the club added is in the agent's schedule and its PIN opens.
// The agent judges offline windows by the clock of this machine, so the games are at the next whole
// hour of the real time, their door windows open now (two hours before).
const HOUR_MS = 3_600_000;

let api: TestApp;
let apiStopped = false;
let agent: Awaited<ReturnType<typeof realAgent>>;
let admin: Client;
beforeAll(async () => {
  api = await startTestApp({ DOOR_OPENS_BEFORE_MIN: '120' }, new TestClock(), { ownDatabase: true });
  admin = await signedInAdmin(api);
});
afterAll(async () => {
  await agent?.stop().catch(() => undefined);
  if (!apiStopped) await api?.close();
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

test("a closed hour's game: its door code refused online, its offline PIN refused at the keypad; a new court's game opens", async () => {
  const third = await admin.post('/api/admin/courts', { name: 'Корт 3' });
  expect(third.status).toBe(201);
  const [closed, open] = await signedInPlayers(api, 2);
  // Whole hours are the same instants in Moscow and UTC: the next one, at least a minute away.
  const start = new Date(Math.ceil((Date.now() + 60_000) / HOUR_MS) * HOUR_MS);
  const end = new Date(start.getTime() + HOUR_MS);
  const insert = (userId: number, court: number) =>
    api.db.query<{ id: number }[]>(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2) RETURNING id`,
      [userId, court, start, end],
    );
  const [[closedGame], [newCourtGame]] = await Promise.all([insert(closed!.id, 1), insert(open!.id, third.body.id)]);

  agent = await realAgent(`http://127.0.0.1:${(api.server.address() as { port: number }).port}`, {
    OFFLINE_AFTER_MS: '500',
  });
  const scheduled = () => agent.schedule.games().map((entry) => entry.game);
  await waitFor(
    () => agent.connected() && scheduled().includes(closedGame!.id) && scheduled().includes(newCourtGame!.id),
  );

  // Online: the code is on the door display, then the club closes court 1 for that hour.
  expect((await closed!.client.act(`/api/send/${closedGame!.id}/`)).body).toEqual({ detail: messages.codeOnDisplay });
  const code = (await displayState(agent)).display!.code;
  const closure = await admin.post('/api/admin/closures', {
    court_id: 1,
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    reason: 'Турнир',
  });
  expect(closure.status).toBe(201);
  const refused = await closed!.client.post('/api/recieve/', { qr_code: code });
  expect([refused.status, refused.body.detail]).toEqual([400, messages.wrongDoorCode]);
  expect(agent.driver.states().door).toBe(false);
  // The agent's schedule follows within a second: the closed hour's game is gone, the other stays.
  await waitFor(() => !scheduled().includes(closedGame!.id), 3_000);
  expect(scheduled()).toContain(newCourtGame!.id);

  // The link drops (the API stops): the keypad takes offline PINs, and refuses the closed game's.
  const pins = api.app.get(OfflinePins);
  const [closedPin, openPin] = [pins.pin(closedGame!.id), pins.pin(newCourtGame!.id)];
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
