import { messages } from '@kort/contracts';
import { waitFor } from '../support/wait';
import { msk, order, signedInPlayers } from '../support/players';
import { realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Shelves 1-9 and equipment 10-11 through the real edge agent (simulated relays). Books in June 2027.
let api: TestApp;
let agent: Awaited<ReturnType<typeof realAgent>>;
let admin: Awaited<ReturnType<typeof signedInPlayers>>[number];

beforeAll(async () => {
  api = await startTestApp({ REDIS_PREFIX: `${process.env.REDIS_PREFIX}shelves:` }, new TestClock(), {
    ownDatabase: true,
  });
  agent = await realAgent(`http://127.0.0.1:${(api.server.address() as { port: number }).port}`);
  await waitFor(() => agent.connected());
  [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [typeof admin];
});
afterAll(async () => {
  await agent.stop();
  await api.close();
});

const player = async () => (await signedInPlayers(api, 1))[0]!;
const relay = (shelf: number) => agent.driver.states()[`shelf-${shelf}` as 'shelf-1'];
const auditFor = (userId: number) =>
  api.db.query<{ action: string; device: string; status: string }[]>(
    `SELECT action, device, status FROM commands WHERE requested_by = $1 ORDER BY requested_at`,
    [userId],
  );

test('renting, opening, closing and ending a shelf, each move a real relay and an audit row', async () => {
  const { client, id } = await player();
  expect((await client.get('/api/is_shelf/')).body).toEqual({ detail: true });
  expect((await client.get('/api/current_shelf/')).body).toEqual({ detail: null });

  const rented = await client.act('/api/reserve_shelf/?id=1');
  expect(rented.body).toEqual({
    detail: messages.shelfRented,
    shelf: { name: '1', id: 1, id_reserve: expect.any(Number), is_open: false },
  });
  const current = (await client.get('/api/current_shelf/')).body.detail as { id_reserve: number };
  expect(current).toEqual(rented.body.shelf);
  expect(((await client.get('/api/shelves/')).body.detail as { id: number; status: string }[])[0]).toEqual({
    id: 1,
    name: '1',
    status: 'occupied',
    is_blocked: false,
  });

  // The shelf page says whether the box is open, as the relay reported it.
  const isOpen = async () => ((await client.get('/api/current_shelf/')).body.detail as { is_open: boolean }).is_open;
  expect((await client.act('/api/open_shelf/?shelf_id=1')).body).toEqual({ detail: messages.boxOpened });
  expect(relay(1)).toBe(true);
  expect(await isOpen()).toBe(true);
  expect((await client.act('/api/close_shelf/?shelf_id=1')).body).toEqual({ detail: messages.boxClosed });
  expect(relay(1)).toBe(false);
  expect(await isOpen()).toBe(false);

  expect((await client.act(`/api/cancel_reservation/?reservation_id=${current.id_reserve}`)).body).toEqual({
    detail: messages.rentalEnded,
  });
  expect((await client.get('/api/current_shelf/')).body).toEqual({ detail: null });
  expect(await auditFor(id)).toEqual([
    { action: 'shelf.open', device: 'shelf-1', status: 'done' },
    { action: 'shelf.close', device: 'shelf-1', status: 'done' },
    { action: 'shelf.close', device: 'shelf-1', status: 'done' },
  ]);
});

test('one rental per player; a taken shelf is refused; two players racing for one shelf: exactly one wins', async () => {
  const first = await player();
  expect((await first.client.act('/api/reserve_shelf/?id=2')).status).toBe(200);
  const second = await first.client.act('/api/reserve_shelf/?id=3');
  expect(second.status).toBe(409);
  expect(second.body.detail).toBe(messages.alreadyRenting);
  const taken = await (await player()).client.act('/api/reserve_shelf/?id=2');
  expect(taken.status).toBe(409);
  expect(taken.body.detail).toBe(messages.shelfTaken);

  const racers = await signedInPlayers(api, 10);
  const answers = await Promise.all(racers.map(({ client }) => client.act('/api/reserve_shelf/?id=4')));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
});

test("another player's shelf and reservation are out of reach, and no relay moves", async () => {
  const owner = await player();
  await owner.client.act('/api/reserve_shelf/?id=5');
  const reservation = (await owner.client.get('/api/current_shelf/')).body.detail.id_reserve as number;
  const intruder = await player();
  expect((await intruder.client.act('/api/open_shelf/?shelf_id=5')).status).toBe(404);
  expect(relay(5)).toBe(false);
  expect((await intruder.client.act(`/api/cancel_reservation/?reservation_id=${reservation}`)).status).toBe(404);
  expect((await owner.client.get('/api/current_shelf/')).body.detail.id).toBe(5);
  expect((await intruder.client.act('/api/open_shelf/?shelf_id=12')).status).toBe(400);
  expect(await auditFor(intruder.id)).toEqual([]);
});

test('a blocked shelf cannot be rented or opened by players; the admin opens, closes and unblocks it', async () => {
  const blocked = await admin.client.act('/api/admin_block/?shelf_id=6');
  expect(blocked.body).toEqual({ detail: messages.shelfBlocked, is_blocked: true });
  const { client } = await player();
  const refused = await client.act('/api/reserve_shelf/?id=6');
  expect(refused.status).toBe(403);
  expect(refused.body.detail).toBe(messages.shelfBlocked);
  expect(((await client.get('/api/shelves/')).body.detail as { id: number; status: string }[])[5]!.status).toBe(
    'blocked',
  );

  expect((await admin.client.act('/api/admin_open/?shelf_id=6')).status).toBe(200);
  expect(relay(6)).toBe(true);
  expect((await admin.client.act('/api/admin_close/?shelf_id=6')).status).toBe(200);
  expect(relay(6)).toBe(false);
  expect((await admin.client.act('/api/admin_block/?shelf_id=6')).body.is_blocked).toBe(false);
  expect((await client.act('/api/reserve_shelf/?id=6')).status).toBe(200);

  for (const path of ['/api/admin_open/?shelf_id=6', '/api/admin_close/?shelf_id=6', '/api/admin_block/?shelf_id=6']) {
    expect((await client.act(path)).status).toBe(403);
  }
});

test('the storage switch turns the whole system off ("Временно не работает") and on again', async () => {
  const { client } = await player();
  // Written past the API, as another replica would: this one's cached settings drop when PostgreSQL's
  // notice of the change reaches it, a moment after the commit.
  const storageShown = async (on: boolean) =>
    waitFor(async () => (await client.get('/api/is_shelf/')).body.detail === on, 5_000, `storage ${on ? 'on' : 'off'}`);
  await api.db.query(`UPDATE settings SET value = 'false' WHERE key = 'storage_enabled'`);
  try {
    await storageShown(false);
    const off = await client.act('/api/reserve_shelf/?id=7');
    expect(off.status).toBe(503);
    expect(off.body.detail).toBe(messages.storageOff);
  } finally {
    await api.db.query(`UPDATE settings SET value = 'true' WHERE key = 'storage_enabled'`);
  }
  await storageShown(true);
  expect((await client.act('/api/reserve_shelf/?id=7')).status).toBe(200);
});

test('equipment: only on the day of a game; the loan ends when it is returned or the game ends', async () => {
  api.clock.set('2027-06-01T09:00:00Z');
  const borrower = await player();
  expect((await borrower.client.get('/api/currentday/')).body).toEqual({ detail: false });
  const refused = await borrower.client.act('/api/open_shelf/?shelf_id=10');
  expect(refused.status).toBe(403);
  expect(refused.body.detail).toBe(messages.noGameToday);

  const game = await order(borrower.client, 1, msk('2027-06-10', 18));
  api.clock.set('2027-06-10T14:50:00Z'); // 17:50 Moscow, the day of the game
  expect((await borrower.client.get('/api/currentday/')).body).toEqual({ detail: true });
  expect((await borrower.client.act('/api/open_shelf/?shelf_id=10')).body).toEqual({ detail: messages.boxOpened });
  expect(relay(10)).toBe(true);
  const inventory = (await borrower.client.get('/api/give_inventory/')).body.detail as {
    id: number;
    status: string;
    mine: boolean;
  }[];
  expect(inventory.map((i) => [i.id, i.status, i.mine])).toEqual([
    [10, 'on_loan', true],
    [11, 'free', false],
  ]);

  // Someone else with a game today cannot take what is on loan.
  const other = await player();
  await order(other.client, 2, msk('2027-06-10', 19));
  const onLoan = await other.client.act('/api/open_shelf/?shelf_id=10');
  expect(onLoan.status).toBe(409);
  expect(onLoan.body.detail).toBe(messages.equipmentOnLoan);

  // Returned: the compartment closes and the loan ends.
  expect((await borrower.client.act('/api/close_shelf/?shelf_id=10')).body).toEqual({ detail: messages.boxClosed });
  expect(relay(10)).toBe(false);
  expect((await other.client.act('/api/open_shelf/?shelf_id=10')).status).toBe(200);

  // Not returned: it ends with the game (the player ends it after opening the door).
  expect((await borrower.client.act('/api/open_shelf/?shelf_id=11')).status).toBe(200);
  await api.db.query(`UPDATE bookings SET started_at = $2 WHERE id = $1`, [game.body.id, new Date()]);
  expect((await borrower.client.act(`/api/end/${game.body.id as number}/`)).status).toBe(200);
  await waitFor(async () => {
    const [loan] = await api.db.query<{ ended_reason: string | null }[]>(
      `SELECT ended_reason FROM equipment_loans WHERE shelf_id = 11 ORDER BY id DESC LIMIT 1`,
    );
    return loan?.ended_reason === 'game-ended';
  });
  await waitFor(() => relay(11) === false);
});

test('a deleted account loses its rental, and the shelf is marked for an admin to clear', async () => {
  const { client } = await player();
  await client.act('/api/reserve_shelf/?id=8');
  await client.act('/api/del_account/');
  const [shelf] = await api.db.query<{ needs_clearing: boolean }[]>(`SELECT needs_clearing FROM shelves WHERE id = 8`);
  expect(shelf!.needs_clearing).toBe(true);
  expect((await (await player()).client.act('/api/reserve_shelf/?id=8')).status).toBe(200);
});
