import { randomUUID } from 'node:crypto';
import { AdminError, messages } from '@kort/contracts';
import { PASSWORD } from '../support/accounts';
import type { Client } from '../support/client';
import { msk, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { insertGame, insertUser } from './admin-support';

// The spec's admin calls about players (section 7). October 2027 is this file's: no other file
// books then, so "who plays now" sees only the games made here.
const NOW = '2027-10-04T09:50:00Z'; // Monday 4 October 2027, 12:50 in Moscow

let api: TestApp;
let admin: { client: Client; id: number; email: string };

beforeAll(async () => {
  api = await startTestApp({}, new TestClock());
  api.clock.set(NOW);
  [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [typeof admin];
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const login = (email: string) => api.client().post('/api/login/', { email, password: PASSWORD });

async function rentShelf(userId: number, shelfId: number): Promise<number> {
  const [rental] = await api.db.query<{ id: number }[]>(
    `INSERT INTO shelf_rentals (site_id, shelf_id, user_id, started_at) VALUES ('default', $1, $2, $3) RETURNING id`,
    [shelfId, userId, new Date(NOW)],
  );
  return rental!.id;
}

test('get_current_players: nobody plays → []; games on now list their players, other games do not', async () => {
  expect((await admin.client.get('/api/get_current_players/')).body).toEqual({ detail: [] });

  const anna = await insertUser(api, { name: 'Анна', phone: '+79990000001' });
  const boris = await insertUser(api, { name: 'Борис' });
  const others = await Promise.all(['Вера', 'Глеб', 'Дарья'].map((name) => insertUser(api, { name })));
  await insertGame(api, anna.id, 1, msk('2027-10-04', 12)); // 12:00-13:00, on now
  // 13:00, but the door was opened for it at 12:48: they are on the court.
  await insertGame(api, boris.id, 2, msk('2027-10-04', 13), { startedAt: '2027-10-04T09:48:00Z' });
  await insertGame(api, others[0]!.id, 1, msk('2027-10-04', 13)); // later, not started
  await insertGame(api, others[1]!.id, 2, msk('2027-10-04', 12), { endedAt: '2027-10-04T09:30:00Z' }); // ended
  await insertGame(api, others[2]!.id, 2, msk('2027-10-04', 12), { cancelledAt: '2027-10-01T09:00:00Z' });
  await insertGame(api, others[2]!.id, 1, msk('2027-10-04', 11), { startedAt: '2027-10-04T08:00:00Z' }); // hour over

  const response = await admin.client.get('/api/get_current_players/');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    detail: [
      { id: anna.id, name: 'Анна', phone_number: '+79990000001', email: anna.email },
      { id: boris.id, name: 'Борис', phone_number: null, email: boris.email },
    ],
  });
  api.clock.set('2027-10-04T11:00:00Z'); // 14:00: everyone has gone
  expect((await admin.client.get('/api/get_current_players/')).body).toEqual({ detail: [] });
});

test('user_search finds the whole e-mail in any letter case; anything else is 404 "Нет такого пользователя"', async () => {
  const found = await insertUser(api, { name: 'Искомый', email: `search-${randomUUID().slice(0, 8)}@example.com` });
  const response = await admin.client.get(
    `/api/user_search/?email=${encodeURIComponent(` ${found.email.toUpperCase()}`)}`,
  );
  expect(response.status).toBe(200);
  expect(response.body.detail).toMatchObject({ id: found.id, email: found.email, name: 'Искомый', blocked: false });

  for (const email of [found.email.slice(0, 10), `nobody-${randomUUID()}@example.com`]) {
    const missing = await admin.client.get(`/api/user_search/?email=${encodeURIComponent(email)}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: messages.userNotFound, code: AdminError.UserNotFound });
  }
  const empty = await admin.client.get('/api/user_search/?email=');
  expect(empty.status).toBe(400);
  expect(empty.body.detail).toBe(messages.searchEmailRequired);
});

test('give_user: the profile, games not over yet, the shelf and the last 20 door openings', async () => {
  const now = '2027-10-11T09:50:00Z'; // the next Monday, 12:50 in Moscow
  api.clock.set(now);
  const [player] = await signedInPlayers(api, 1);
  const id = player!.id;
  const tomorrow = await insertGame(api, id, 1, msk('2027-10-12', 10));
  const onNow = await insertGame(api, id, 2, msk('2027-10-11', 12), { startedAt: '2027-10-11T08:58:00Z' });
  await insertGame(api, id, 1, msk('2027-10-13', 10), { cancelledAt: now });
  await insertGame(api, id, 1, msk('2027-10-08', 10)); // over
  const rental = await rentShelf(id, 7);
  for (let minute = 0; minute < 22; minute += 1) {
    await api.db.query(
      `INSERT INTO commands (id, site_id, device, action, requested_by, requested_at, deadline, status)
       VALUES ($1, 'default', 'door', 'door.open', $2, $3, $3::timestamptz + interval '10 seconds', $4)`,
      [randomUUID(), id, new Date(Date.parse(now) - (22 - minute) * 60_000), minute === 21 ? 'failed' : 'done'],
    );
  }

  const response = await admin.client.get(`/api/give_user/?id=${id}`);
  expect(response.status).toBe(200);
  const { user, games, shelf, door_openings: openings } = response.body.detail;
  expect(user).toMatchObject({ id, email: player!.email, name: 'Игрок', role: 'player', blocked: false });
  expect((games as { id: number; status: string }[]).map((game) => [game.id, game.status])).toEqual([
    [onNow, 'started'],
    [tomorrow, 'booked'],
  ]);
  expect(shelf).toEqual({ shelf_id: 7, rental_id: rental, since: new Date(NOW).toISOString() });
  expect(openings).toHaveLength(20);
  expect(openings[0]).toMatchObject({ requested_at: '2027-10-11T09:49:00.000Z', status: 'failed' });
  expect(openings[19].requested_at).toBe('2027-10-11T09:30:00.000Z');

  expect((await admin.client.get('/api/give_user/?id=99999999')).body).toEqual({
    detail: messages.userNotFound,
    code: AdminError.UserNotFound,
  });
  const bad = await admin.client.get('/api/give_user/?id=abc');
  expect(bad.status).toBe(400);
  expect(bad.body.detail).toBe(messages.userIdRequired);
});

test('delete_user blocks: the session ends, games ahead are cancelled, the shelf is given up; restore_user undoes the block', async () => {
  const [player] = await signedInPlayers(api, 1);
  const id = player!.id;
  const ahead = await insertGame(api, id, 1, msk('2027-10-07', 10));
  await rentShelf(id, 8);

  // Like every state-changing GET, it needs the CSRF header: a link or an image cannot block anyone.
  expect((await admin.client.act(`/api/delete_user/?id=${id}`, { csrf: false })).status).toBe(403);
  expect((await player!.client.get('/api/profile/')).status).toBe(200);

  const blocked = await admin.client.act(`/api/delete_user/?id=${id}`);
  expect(blocked.status).toBe(200);
  expect(blocked.body).toMatchObject({
    detail: messages.userDeleted,
    user: { id, blocked: true, deletion_kind: 'admin' },
  });
  expect((await player!.client.get('/api/profile/')).status).toBe(401);
  const refused = await login(player!.email);
  expect([refused.status, refused.body.detail]).toEqual([403, messages.accountBlocked]);
  const [game] = await api.db.query<{ cancelled_at: Date | null }[]>(
    `SELECT cancelled_at FROM bookings WHERE id = $1`,
    [ahead],
  );
  expect(game!.cancelled_at).toEqual(new Date(NOW));
  const [shelf] = await api.db.query<{ needs_clearing: boolean; ended_reason: string }[]>(
    `SELECT s.needs_clearing, r.ended_reason FROM shelves s JOIN shelf_rentals r ON r.shelf_id = s.id
      WHERE r.user_id = $1`,
    [id],
  );
  expect(shelf).toEqual({ needs_clearing: true, ended_reason: 'account-blocked' });
  // Blocking again changes nothing and says the same.
  expect((await admin.client.act(`/api/delete_user/?id=${id}`)).body.detail).toBe(messages.userDeleted);

  const restored = await admin.client.act(`/api/restore_user/?id=${id}`);
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({
    detail: messages.userRestored,
    user: { id, blocked: false, deleted_at: null },
  });
  expect((await login(player!.email)).status).toBe(200);
  // The cancelled games stay cancelled: their courts may have been booked by others meanwhile.
  expect(
    ((await admin.client.get(`/api/give_user/?id=${id}`)).body.detail.games as { id: number }[]).map((g) => g.id),
  ).toEqual([]);
});

test('an admin cannot block themselves; unknown ids are 404; a self-deletion is restorable until purged', async () => {
  const self = await admin.client.act(`/api/delete_user/?id=${admin.id}`);
  expect([self.status, self.body.detail]).toEqual([409, messages.cannotBlockSelf]);
  expect((await admin.client.get('/api/is_admin/')).body.detail).toBe(true);

  for (const call of ['delete_user', 'restore_user']) {
    const unknown = await admin.client.act(`/api/${call}/?id=99999999`);
    expect([unknown.status, unknown.body.detail]).toEqual([404, messages.userNotFound]);
    const bad = await admin.client.act(`/api/${call}/?id=-1`);
    expect([bad.status, bad.body.detail]).toEqual([400, messages.userIdRequired]);
  }

  const [player] = await signedInPlayers(api, 1);
  expect((await player!.client.act('/api/del_account/')).status).toBe(200);
  const onSelfDeleted = await admin.client.act(`/api/delete_user/?id=${player!.id}`);
  expect([onSelfDeleted.status, onSelfDeleted.body.detail]).toEqual([409, messages.userSelfDeleted]);
  expect((await admin.client.act(`/api/restore_user/?id=${player!.id}`)).body.detail).toBe(messages.userRestored);
  expect((await login(player!.email)).status).toBe(200);

  const purged = await insertUser(api, { name: 'Удалённый пользователь' });
  await api.db.query(`UPDATE users SET deleted_at = $2, deletion_kind = 'self', purged_at = $2 WHERE id = $1`, [
    purged.id,
    new Date(NOW),
  ]);
  const gone = await admin.client.act(`/api/restore_user/?id=${purged.id}`);
  expect([gone.status, gone.body.detail]).toEqual([409, messages.userPurged]);
});
