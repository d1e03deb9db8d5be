import { waitFor } from '../support/wait';
import {
  admin,
  api,
  connectAgent,
  event,
  mskInstant,
  playerWithGame,
  upload,
  useOfflineApp,
  type Agent,
} from '../support/offline-world';

// «Журнал команд»: a door opening is one row, the door sensor's verdict on it folded in; the
// agent's own rows (the home page's «События двери») still list every verdict.
useOfflineApp('command-log:');

type Row = { id: string; action: string; device: string | null; origin: string; door_outcome: string | null };

async function log(filter: Record<string, unknown>): Promise<{ rows: Row[]; total: string }> {
  const answer = await admin.client.get(
    `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent('["requested_at","ASC"]')}`,
  );
  expect(answer.status).toBe(200);
  return { rows: answer.body as Row[], total: String(answer.headers['content-range']) };
}

/** The player asks for a code on the door display and types it: the API sends door.open. */
async function openWithCode(agent: Agent, client: Awaited<ReturnType<typeof playerWithGame>>['client'], game: number) {
  expect((await client.act(`/api/send/${game}/`)).status).toBe(200);
  const code = agent.commands.at(-1)!.params!.code!;
  expect((await client.post('/api/recieve/', { qr_code: code })).status).toBe(200);
  expect(agent.commands.at(-1)).toMatchObject({ action: 'door.open', params: { gameId: game } });
}

const sensorReady = () =>
  waitFor(
    async () =>
      (
        await api.db.query<{ closed: boolean | null }[]>(`SELECT door_closed AS closed FROM sites WHERE id = 'default'`)
      )[0]?.closed === true,
  );

test('a door opened with a code is one row, with what the sensor saw; a second opening has its own', async () => {
  const { client, gameId } = await playerWithGame('2027-06-04', 10, 2);
  const agent = await connectAgent();
  await sensorReady();
  api.clock.set(mskInstant('2027-06-04', 9, 45));

  await openWithCode(agent, client, gameId);
  // Commands are stamped with the wall clock, and so are the agent's events (corrected to the API's).
  const firstVerdict = Date.now() + 300;
  expect(await upload(agent, [event('door.opened', 1, { game: gameId, offline: false, at: firstVerdict })])).toEqual({
    ok: true,
    seq: 1,
    applied: 1,
  });
  let door = (await log({ booking_id: gameId, device: 'door' })).rows;
  expect(door).toEqual([expect.objectContaining({ action: 'door.open', origin: 'api', door_outcome: 'door.opened' })]);

  // A second code later in the game (past the first verdict's second of slack): nobody came in.
  await waitFor(() => Date.now() > firstVerdict + 1000);
  await openWithCode(agent, client, gameId);
  expect(
    await upload(agent, [event('door.not-opened', 2, { game: gameId, offline: false, at: Date.now() + 300 })]),
  ).toMatchObject({ ok: true, applied: 1 });
  const all = await log({ booking_id: gameId });
  door = all.rows.filter((row) => row.device === 'door');
  expect(door.map((row) => [row.action, row.door_outcome])).toEqual([
    ['door.open', 'door.opened'],
    ['door.open', 'door.not-opened'],
  ]);
  // The page's count agrees with its rows (two code displays, two openings).
  expect(all.rows.map((row) => row.action)).toEqual(['display.show', 'door.open', 'display.show', 'door.open']);
  expect(all.total).toMatch(/\/4$/);

  // The agent's own door rows, as the home page lists them: both verdicts, newest first.
  const events = await admin.client.get(
    `/api/admin/commands?filter=${encodeURIComponent(JSON.stringify({ origin: 'agent', device: 'door' }))}&range=[0,4]`,
  );
  expect((events.body as Row[]).map((row) => row.action)).toEqual(['door.not-opened', 'door.opened']);
  // Asked for by its action, a verdict is listed too.
  expect((await log({ action: ['door.opened'] })).rows).toHaveLength(1);
  agent.close();
  await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
});

test('an offline PIN entry and the opening the sensor proved are one row; a verdict with no opening stays a row', async () => {
  const { gameId } = await playerWithGame('2027-06-05', 12, 1);
  const agent = await connectAgent();
  const at = mskInstant('2027-06-05', 11, 50).getTime();
  const entry = event('door.entry', 10, { game: gameId, at, params: { sensor: true } });
  const opened = event('door.opened', 11, { game: gameId, at: at + 800 });
  // The door held open by someone with no game: the sensor's verdict alone, no opening to fold into.
  const stray = event('door.held-open', 12, { at: at + 60_000 });
  expect(await upload(agent, [entry, opened, stray])).toMatchObject({ ok: true, applied: 3 });

  const rows = (await log({ device: 'door', from: new Date(at - 1000).toISOString() })).rows;
  expect(rows.map((row) => [row.action, row.door_outcome])).toEqual([
    ['door.entry', 'door.opened'],
    ['door.held-open', null],
  ]);
  // Found by its id (react-admin's getMany), the folded verdict is still there.
  const byId = await admin.client.get(`/api/admin/commands/${opened.id}`);
  expect(byId.body).toMatchObject({ action: 'door.opened', booking_id: gameId });
  agent.close();
  await waitFor(async () => !(await admin.client.get('/api/get_device_status/')).body.online);
});
