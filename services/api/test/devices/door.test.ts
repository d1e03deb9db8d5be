import { messages } from '@kort/contracts';
import { liveDashboard } from '../support/live-dashboard';
import { waitFor } from '../support/wait';
import { msk, order, signedInPlayers } from '../support/players';
import { displayState, realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// The whole path with the real edge agent (simulated GPIO): phone → API → BullMQ → socket.io →
// agent → relay, and back. Books in May 2027.
let api: TestApp;
let base: string;
let agent: Awaited<ReturnType<typeof realAgent>>;

beforeAll(async () => {
  api = await startTestApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}door:` }, new TestClock(), {
    ownDatabase: true,
  });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  agent = await realAgent(base);
  await waitFor(() => agent.connected());
});
afterAll(async () => {
  await agent.stop().catch(() => undefined);
  await api.close();
});

/** A player with a game on 10 May 2027 at `hour`:00 Moscow, and the clock at `minutesBefore` it. */
async function playerWithGame(hour: number, court = 1) {
  api.clock.set('2027-05-01T09:00:00Z');
  const [player] = await signedInPlayers(api, 1);
  const booked = await order(player!.client, court, msk('2027-05-10', hour));
  expect(booked.status).toBe(200);
  return { ...player!, gameId: booked.body.id as number };
}
/** The agent's door.opened report (sent after the answer to the player) has started the game. */
async function gameStarted(gameId: number): Promise<void> {
  const startedAt = async () =>
    (await api.db.query<{ started_at: Date | null }[]>(`SELECT started_at FROM bookings WHERE id = $1`, [gameId]))[0]
      ?.started_at ?? null;
  await waitFor(async () => (await startedAt()) !== null, 3000);
}
const at = (hour: number, minute: number) =>
  api.clock.set(`2027-05-10T${String(hour - 3).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

test('a player opens the door end to end: code on the display, typed at the door, relay pulses and locks again', async () => {
  const { client, gameId } = await playerWithGame(18);
  at(17, 50);
  const sent = await client.act(`/api/send/${gameId}/`);
  expect(sent.body).toEqual({ detail: messages.codeOnDisplay });

  const shown = await displayState(agent);
  expect(shown.display?.code).toMatch(/^\d{4}$/);
  expect(JSON.stringify(sent.body)).not.toContain(shown.display!.code); // never sent to the phone

  const wrong = shown.display!.code === '0000' ? '0001' : '0000';
  const refused = await client.post('/api/recieve/', { qr_code: wrong });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe(messages.wrongDoorCode);
  expect(agent.driver.states().door).toBe(false);

  const opened = await client.post('/api/recieve/', { qr_code: shown.display!.code });
  expect(opened.body).toEqual({ detail: messages.doorOpened });
  expect(agent.driver.states().door).toBe(true);
  // The code did its work: it is off the door display at once, not at its expiry.
  expect((await displayState(agent)).display).toBeNull();
  await waitFor(() => agent.driver.states().door === false, 3000); // 400 ms pulse, then locked

  // The simulated door has a sensor: the game starts when the agent reports the door opened.
  await gameStarted(gameId);
  const audit = await api.db.query<{ action: string; status: string }[]>(
    `SELECT action, status FROM commands WHERE requested_by = (SELECT user_id FROM bookings WHERE id = $1)
        AND origin = 'api' ORDER BY requested_at`,
    [gameId],
  );
  expect(audit).toEqual([
    { action: 'display.show', status: 'done' },
    { action: 'door.open', status: 'done' },
  ]);
  // What the agent saw and did for the game is in the log too, as its own rows.
  const reported = await api.db.query<{ action: string }[]>(
    `SELECT action FROM commands WHERE booking_id = $1 AND origin = 'agent' ORDER BY requested_at`,
    [gameId],
  );
  expect(reported.map((row) => row.action)).toContain('door.opened');
  // The code was single use.
  expect((await client.post('/api/recieve/', { qr_code: shown.display!.code })).status).toBe(400);
});

test('too early: 425 with the start time; after the game: 410', async () => {
  const { client, gameId } = await playerWithGame(19);
  at(18, 44);
  const early = await client.act(`/api/send/${gameId}/`);
  expect(early.status).toBe(425);
  expect(early.body.detail).toBe('Игра начнётся в 19:00. Пожалуйста, подождите');
  at(20, 0);
  expect((await client.act(`/api/send/${gameId}/`)).status).toBe(410);
});

test("another player's game cannot be opened or ended", async () => {
  const owner = await playerWithGame(20);
  const [intruder] = await signedInPlayers(api, 1);
  at(19, 55);
  expect((await intruder!.client.act(`/api/send/${owner.gameId}/`)).status).toBe(404);
  expect((await intruder!.client.act(`/api/end/${owner.gameId}/`)).status).toBe(404);
  expect((await intruder!.client.act('/api/send/999999/')).status).toBe(404);
});

test('wrong codes are counted: after 5 the code is dead, even the right one', async () => {
  const { client, gameId } = await playerWithGame(21);
  at(20, 50);
  await client.act(`/api/send/${gameId}/`);
  const { display } = await displayState(agent);
  const code = display!.code;
  const wrong = ['1111', '2222', '3333', '4444', '5555', '6666'].filter((c) => c !== code).slice(0, 5);
  for (const guess of wrong) expect((await client.post('/api/recieve/', { qr_code: guess })).status).toBe(400);
  expect((await client.post('/api/recieve/', { qr_code: code })).status).toBe(400);
  expect(agent.driver.states().door).toBe(false);
});

test('a new code does not reset the tries: 3 wrong, a fresh code, 2 wrong, then even the right code fails', async () => {
  const { client, gameId } = await playerWithGame(20, 2);
  at(19, 50);
  await client.act(`/api/send/${gameId}/`);
  const first = (await displayState(agent)).display!.code;
  for (const guess of ['1111', '2222', '3333', '4444'].filter((c) => c !== first).slice(0, 3)) {
    expect((await client.post('/api/recieve/', { qr_code: guess })).status).toBe(400);
  }
  await client.act(`/api/send/${gameId}/`);
  const second = (await displayState(agent)).display!.code;
  for (const guess of ['5555', '6666', '7777'].filter((c) => c !== second).slice(0, 2)) {
    expect((await client.post('/api/recieve/', { qr_code: guess })).status).toBe(400);
  }
  expect((await client.post('/api/recieve/', { qr_code: second })).status).toBe(400);
  expect(agent.driver.states().door).toBe(false);
});

test('ending: 418 before the game started; after, "Игра успешно завершена" and the light goes out', async () => {
  const { client, gameId } = await playerWithGame(22, 2);
  at(21, 55);
  const notStarted = await client.act(`/api/end/${gameId}/`);
  expect(notStarted.status).toBe(418);
  expect(notStarted.body.detail).toBe(messages.gameNotStarted);

  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  expect((await admin!.client.act('/api/turn_on_light/')).body.light_on).toBe(true);
  expect(agent.driver.states().light).toBe(true);

  await client.act(`/api/send/${gameId}/`);
  const { display } = await displayState(agent);
  expect((await client.post('/api/recieve/', { qr_code: display!.code })).status).toBe(200);
  await gameStarted(gameId); // the door has really opened (its sensor said so)
  const status = async () =>
    ((await client.get('/api/my-orders/')).body.detail as { id: number; status: string }[]).find((g) => g.id === gameId)
      ?.status;
  expect(await status()).toBe('playing');
  at(22, 50);
  await client.act(`/api/send/${gameId}/`); // back for a racket: a new code is on the display
  expect((await displayState(agent)).display).not.toBeNull();
  const ended = await client.act(`/api/end/${gameId}/`);
  expect(ended.body).toEqual({ detail: messages.gameEnded });
  await waitFor(() => agent.driver.states().light === false, 3000);
  expect(await status()).toBe('over'); // my games says it is over, before its hour is up
  expect((await displayState(agent)).display).toBeNull(); // and its code left the door display

  // An ended game gets no more codes.
  const after = await client.act(`/api/send/${gameId}/`);
  expect(after.status).toBe(410);
});

test('admin light and door reach the relays, and the reported state comes back to a /live dashboard', async () => {
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const { live, states } = await liveDashboard(base, admin!.client.sessionId);

  expect((await admin!.client.act('/api/turn_on_light/')).body).toMatchObject({ light_on: true, online: true });
  expect(agent.driver.states().light).toBe(true);
  await waitFor(() => states.at(-1)?.relays.light === true);

  expect((await admin!.client.act('/api/open_door/')).body.door_open).toBe(true);
  expect(agent.driver.states().door).toBe(true);
  // A fixed wait is the point: no relock may come within a pulse (400 ms), so it must outlast one.
  await new Promise((resolve) => setTimeout(resolve, 600)); // longer than a pulse: held open
  expect(agent.driver.states().door).toBe(true);
  expect((await admin!.client.act('/api/close_door/')).body.door_open).toBe(false);
  expect(agent.driver.states().door).toBe(false);
  await waitFor(() => states.at(-1)?.relays.door === false);

  expect((await admin!.client.act('/api/turn_off_light/')).body.light_on).toBe(false);
  const status = (await admin!.client.get('/api/get_device_status/')).body;
  expect(status).toMatchObject({ light_on: false, door_open: false, online: true });
  expect(typeof status.last_seen).toBe('string');
  live.close();
});

test('with the agent gone, a right code answers 503 and the game has not started (ending it is still 418)', async () => {
  const { client, gameId } = await playerWithGame(23);
  at(22, 50);
  await client.act(`/api/send/${gameId}/`);
  const code = (await displayState(agent)).display!.code;
  await agent.stop();
  const response = await client.post('/api/recieve/', { qr_code: code });
  expect(response.status).toBe(503);
  expect(response.body.detail).toBe(messages.agentOffline);
  const [game] = await api.db.query<[{ started_at: Date | null }]>(`SELECT started_at FROM bookings WHERE id = $1`, [
    gameId,
  ]);
  expect(game.started_at).toBeNull();
  expect((await client.act(`/api/end/${gameId}/`)).status).toBe(418);
});
