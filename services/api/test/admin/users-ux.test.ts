import type { AddressInfo } from 'node:net';
import type { DataProvider } from 'ra-core';
import { AdminError, messages, type AdminUser, type BlockEffects } from '@kort/contracts';
import { obedient, scriptedAgent } from '../support/agents';
import { liveDashboard } from '../support/live-dashboard';
import { waitFor } from '../support/wait';
import { msk, signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import { ADMIN_NOW as NOW, insertGame, insertUser, startAdminApp, tag, type AdminSession } from './admin-support';

// What the dashboard shows of players adding up: the home counter and the players list
// count the same accounts, each account's state in one word, phones found however they are typed,
// the block's confirmation read with the block's own rules, and the agent's last signal kept fresh.
// A database of its own: the counter counts every player in it.
let api: TestApp;
let admin: AdminSession;
let provider: DataProvider;

beforeAll(async () => ({ api, admin, provider } = await startAdminApp()));
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const page = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };
const listed = (filter: Record<string, unknown>) => provider.getList<AdminUser>('users', { ...page, filter });

test('"Игроков" counts exactly the list of active players; every other account has its own state', async () => {
  const t = tag();
  const active = await insertUser(api, { name: `Активный ${t}` });
  const unconfirmed = await insertUser(api, { name: `Неподтверждённый ${t}` });
  await api.db.query(`UPDATE users SET confirmed_at = NULL WHERE id = $1`, [unconfirmed.id]);
  const blocked = await insertUser(api, { name: `Заблокированный ${t}` });
  await api.db.query(`UPDATE users SET deleted_at = now(), deletion_kind = 'admin' WHERE id = $1`, [blocked.id]);
  const left = await insertUser(api, { name: `Ушедший ${t}` });
  await api.db.query(`UPDATE users SET deleted_at = now(), deletion_kind = 'self' WHERE id = $1`, [left.id]);
  const purged = await insertUser(api, { name: `Стёртый ${t}` });
  await api.db.query(`UPDATE users SET deleted_at = now(), deletion_kind = 'self', purged_at = now() WHERE id = $1`, [
    purged.id,
  ]);
  const otherAdmin = await insertUser(api, { name: `Админ ${t}`, role: 'owner' });

  const counter = (await admin.client.get('/api/count_users/')).body.detail as number;
  const players = await listed({ role: 'player', status: 'active' });
  expect(players.total).toBe(counter);
  expect(players.data.every((user) => user.role === 'player' && user.status === 'active')).toBe(true);
  const ids = players.data.map((user) => user.id);
  expect(ids).toContain(active.id);
  for (const other of [unconfirmed, blocked, left, purged, otherAdmin, admin]) expect(ids).not.toContain(other.id);

  const mine = await listed({ q: t });
  expect(Object.fromEntries(mine.data.map((user) => [user.name.split(' ')[0], user.status]))).toEqual({
    Активный: 'active',
    Неподтверждённый: 'unconfirmed',
    Заблокированный: 'blocked',
    Ушедший: 'self_deleted',
    Стёртый: 'purged',
    Админ: 'active',
  });
  expect((await listed({ q: t, status: 'unconfirmed' })).data.map((user) => user.id)).toEqual([unconfirmed.id]);

  // A new active player moves both by one.
  await insertUser(api, { name: `Ещё один ${t}` });
  expect((await admin.client.get('/api/count_users/')).body.detail).toBe(counter + 1);
  expect((await listed({ role: 'player', status: 'active' })).total).toBe(counter + 1);
});

test('a phone is found however it is typed: as shown (+7 (912) …), with an 8, or by a few digits', async () => {
  const t = tag();
  const anna = await insertUser(api, { name: `Анна ${t}`, phone: '+79123456789' });
  await insertUser(api, { name: `Борис ${t}`, phone: '+79990000000' });
  for (const q of ['+7 (912) 345-67-89', '8 912 345 67 89', '912 345', '+79123456789', '456-78']) {
    const found = await listed({ q });
    expect([q, found.data.map((user) => user.id)]).toEqual([q, [anna.id]]);
  }
  // Words are not digits: a name is still searched as written.
  expect((await listed({ q: `анна ${t}` })).data.map((user) => user.id)).toEqual([anna.id]);
});

test("block-effects lists what a block then really does: games ahead cancelled, a game on now kept, the shelf's rental ended", async () => {
  const [player] = await signedInPlayers(api, 1);
  const id = player!.id;
  // NOW is Monday 6 September 2027, 09:00 in Moscow.
  const onNow = await insertGame(api, id, 1, msk('2027-09-06', 9)); // its hour has begun (door not opened yet)
  const later = await insertGame(api, id, 2, msk('2027-09-08', 18));
  const today = await insertGame(api, id, 2, msk('2027-09-06', 20));
  await insertGame(api, id, 1, msk('2027-09-07', 10), { cancelledAt: '2027-09-01T10:00:00Z' }); // cancelled already
  await insertGame(api, id, 1, msk('2027-09-05', 10)); // over
  const [rental] = await api.db.query<{ id: number }[]>(
    `INSERT INTO shelf_rentals (site_id, shelf_id, user_id, started_at) VALUES ('default', 6, $1, $2) RETURNING id`,
    [id, new Date('2027-09-01T10:00:00Z')],
  );

  const answer = await admin.client.get(`/api/admin/users/${id}/block-effects`);
  expect(answer.status).toBe(200);
  const effects = answer.body as BlockEffects;
  expect(effects.cancelled_games.map((game) => [game.id, game.court_id, game.starts_at])).toEqual([
    [today, 2, '2027-09-06T17:00:00.000Z'],
    [later, 2, '2027-09-08T15:00:00.000Z'],
  ]);
  expect(effects.games_on_now.map((game) => game.id)).toEqual([onNow]);
  expect(effects.shelf).toEqual({ shelf_id: 6, since: '2027-09-01T10:00:00.000Z' });

  // The block itself: exactly those games are cancelled, the game on now is not, the rental ends.
  expect((await admin.client.act(`/api/delete_user/?id=${id}`)).status).toBe(200);
  const games = await api.db.query<{ id: number }[]>(
    `SELECT id FROM bookings WHERE user_id = $1 AND cancelled_at = $2 ORDER BY starts_at`,
    [id, new Date(NOW)],
  );
  expect(games.map((game) => game.id)).toEqual(effects.cancelled_games.map((game) => game.id));
  const [kept] = await api.db.query<{ cancelled_at: Date | null }[]>(
    `SELECT cancelled_at FROM bookings WHERE id = $1`,
    [onNow],
  );
  expect(kept!.cancelled_at).toBeNull();
  const [ended] = await api.db.query<{ ended_reason: string | null }[]>(
    `SELECT ended_reason FROM shelf_rentals WHERE id = $1`,
    [rental!.id],
  );
  expect(ended!.ended_reason).toBe('account-blocked');

  // Nothing is left for a second block to do.
  const after = (await admin.client.get(`/api/admin/users/${id}/block-effects`)).body as BlockEffects;
  expect([after.cancelled_games, after.shelf]).toEqual([[], null]);

  expect((await admin.client.get('/api/admin/users/99999999/block-effects')).body).toEqual({
    detail: messages.userNotFound,
    code: AdminError.UserNotFound,
  });
  expect((await player!.client.get(`/api/admin/users/${id}/block-effects`)).status).toBe(401);
  const [other] = await signedInPlayers(api, 1);
  expect((await other!.client.get(`/api/admin/users/${id}/block-effects`)).status).toBe(403);
});

test("the agent's last signal follows its heartbeat, pushed on /live with no report from it", async () => {
  const { port } = api.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const { live, states } = await liveDashboard(base, admin.client.sessionId);
  const agent = await scriptedAgent(base, obedient);
  try {
    await waitFor(() => states.some((state) => state.online));
    const connectedAt = Date.parse(states.find((state) => state.online)!.lastSeenAt!);
    // The agent sends nothing more; socket.io pings it every 10 s and each answer is a sign of life,
    // written at most every HEARD_EVERY_MS (15 s): the second ping's, about 20 s after the connect.
    await waitFor(
      () => states.some((state) => state.online && Date.parse(state.lastSeenAt!) >= connectedAt + 5_000),
      30_000,
      'a newer last signal on /live',
    );
  } finally {
    agent.close();
    live.close();
  }
}, 40_000);
