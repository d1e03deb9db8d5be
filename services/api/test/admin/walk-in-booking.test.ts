import { messages, type AdminAction, type AdminBooking, type AdminUser } from '@kort/contracts';
import { signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import { insertGame, insertUser, startAdminApp, type AdminSession } from './admin-support';

// The club books a court and hour for a player from the dashboard (POST /api/admin/bookings).
// ADMIN_NOW is Monday 6 September 2027, 09:00 in Moscow (06:00Z).
const TUESDAY_18 = '2027-09-07T15:00:00Z';
const TUESDAY_20 = '2027-09-07T17:00:00Z';

let api: TestApp;
let admin: AdminSession;

beforeAll(async () => {
  ({ api, admin } = await startAdminApp());
});
afterAll(() => api.close());

const book = (body: Record<string, unknown>, options: { csrf?: boolean } = {}) =>
  admin.client.post('/api/admin/bookings', body, options);
const logged = async (bookingId: number) => {
  const answer = await admin.client.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ action: 'booking.create' }))}`,
  );
  return (answer.body as AdminAction[]).filter((action) => action.target_id === String(bookingId));
};

test('a free hour is booked for the player: 201 with the game, logged without a reason', async () => {
  const player = await insertUser(api, { name: 'Гость Петров' });
  const answer = await book({ user_id: player.id, court_id: 1, time_start: TUESDAY_18 });
  expect(answer.status).toBe(201);
  const game = answer.body as AdminBooking;
  expect(game).toMatchObject({ user_id: player.id, user_name: 'Гость Петров', court_id: 1, status: 'booked' });
  expect(new Date(game.starts_at).toISOString()).toBe('2027-09-07T15:00:00.000Z');
  const [action] = await logged(game.id);
  expect(action).toMatchObject({ admin_id: admin.id, target_type: 'booking', detail: null });
});

test("the player's quota refuses a second game that day, naming the limit, with a detail the dialog can show", async () => {
  const player = await insertUser(api, { name: 'Квота' });
  expect((await book({ user_id: player.id, court_id: 1, time_start: '2027-09-08T15:00:00Z' })).status).toBe(201);
  const refused = await book({ user_id: player.id, court_id: 2, time_start: '2027-09-08T17:00:00Z' });
  expect(refused.status).toBe(418);
  expect(refused.body).toMatchObject({
    code: 'booking.quota_reached',
    detail:
      'У игрока уже 1 игра в этот день: клуб разрешает 1 игру в сутки. ' +
      'Забронировать сверх ограничения можно, указав причину',
  });
  // Another day of the same week: the week's limit (2 by default) is named once it is reached.
  expect((await book({ user_id: player.id, court_id: 2, time_start: '2027-09-09T05:00:00Z' })).status).toBe(201);
  const week = await book({ user_id: player.id, court_id: 2, time_start: '2027-09-10T05:00:00Z' });
  expect([week.status, week.body.detail]).toEqual([
    418,
    'У игрока уже 2 игры на этой неделе: клуб разрешает 2 игры в неделю. Забронировать сверх ограничения можно, указав причину',
  ]);
  const [games] = await api.db.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL`,
    [player.id],
  );
  expect(games).toEqual({ count: 2 });
});

test('an override books past the quota and the action log keeps its reason; a blank reason is refused', async () => {
  const player = await insertUser(api, { name: 'Турнир' });
  await insertGame(api, player.id, 1, '2027-09-09T15:00:00Z');
  const blank = await book({
    user_id: player.id,
    court_id: 2,
    time_start: '2027-09-09T17:00:00Z',
    override: { reason: ' ' },
  });
  expect(blank.status).toBe(400);
  expect(blank.body).toMatchObject({ detail: messages.adminOverrideReason });
  const answer = await book({
    user_id: player.id,
    court_id: 2,
    time_start: '2027-09-09T17:00:00Z',
    override: { reason: 'Турнир клуба' },
  });
  expect(answer.status).toBe(201);
  const [action] = await logged((answer.body as AdminBooking).id);
  expect(action?.detail).toBe('Сверх ограничений: Турнир клуба');
});

test('an override reason with a direction override (the log would show it reversed) or of invisible characters only is refused; nothing is booked', async () => {
  const player = await insertUser(api, { name: 'Невидимка' });
  await insertGame(api, player.id, 1, '2027-09-10T15:00:00Z');
  const attempt = (reason: string) =>
    book({ user_id: player.id, court_id: 2, time_start: '2027-09-10T17:00:00Z', override: { reason } });
  const reversed = await attempt('Турнир \u202eалулк');
  expect([reversed.status, reversed.body.detail]).toEqual([400, messages.adminOverrideReasonUnsafe]);
  const blank = await attempt('\u200b\u3164\u2800');
  expect([blank.status, blank.body.detail]).toEqual([400, messages.adminOverrideReason]);
  const [games] = await api.db.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL`,
    [player.id],
  );
  expect(games).toEqual({ count: 1 });
});

test("an override never takes a slot that is someone's: 409 and the first game stays", async () => {
  const first = await insertUser(api, { name: 'Первый' });
  const second = await insertUser(api, { name: 'Второй' });
  await insertGame(api, first.id, 2, TUESDAY_20);
  const answer = await book({
    user_id: second.id,
    court_id: 2,
    time_start: TUESDAY_20,
    override: { reason: 'Звонил' },
  });
  expect(answer.status).toBe(409);
  expect(answer.body).toMatchObject({ code: 'booking.slot_taken', detail: messages.slotTaken });
  const games = await api.db.query<{ user_id: number }[]>(
    `SELECT user_id FROM bookings WHERE court_id = 2 AND starts_at = $1 AND cancelled_at IS NULL`,
    [TUESDAY_20],
  );
  expect(games).toEqual([{ user_id: first.id }]);
});

test('a blocked player is not booked for', async () => {
  const player = await insertUser(api, { name: 'Заблокирован' });
  await api.db.query(`UPDATE users SET deleted_at = now(), deletion_kind = 'admin' WHERE id = $1`, [player.id]);
  const answer = await book({ user_id: player.id, court_id: 1, time_start: '2027-09-10T15:00:00Z' });
  expect(answer.status).toBe(409);
  expect(answer.body).toMatchObject({ detail: messages.playerNotBookable });
});

test('a player cannot book for someone (403) and without the CSRF header even the admin is refused', async () => {
  const [player] = await signedInPlayers(api, 1);
  const someone = await insertUser(api, { name: 'Кто-то' });
  const body = { user_id: someone.id, court_id: 1, time_start: '2027-09-11T15:00:00Z' };
  const byPlayer = await player!.client.post('/api/admin/bookings', body);
  expect(byPlayer.status).toBe(403);
  expect(byPlayer.body).toMatchObject({ detail: messages.forbidden });
  const noCsrf = await book(body, { csrf: false });
  expect(noCsrf.status).toBe(403);
  expect(noCsrf.body).toMatchObject({ detail: messages.csrfFailed });
  const [games] = await api.db.query<{ count: number }[]>(
    `SELECT count(*)::int AS count FROM bookings WHERE user_id = $1`,
    [someone.id],
  );
  expect(games).toEqual({ count: 0 });
});

test('a player paused for no-shows carries paused_until in the list and the record; a booking for them says so', async () => {
  const player = await insertUser(api, { name: 'Неявка' });
  for (const startsAt of ['2027-09-01T15:00:00Z', '2027-09-03T15:00:00Z']) {
    const game = await insertGame(api, player.id, 1, startsAt);
    await api.db.query(`UPDATE bookings SET cancelled_at = starts_at, no_show_at = starts_at WHERE id = $1`, [game]);
  }
  const record = (await admin.client.get(`/api/admin/users/${player.id}`)).body as AdminUser;
  expect(record.status).toBe('active');
  expect(record.paused_until).toEqual(expect.any(String));
  const list = await admin.client.get(
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [player.id] }))}`,
  );
  expect((list.body as AdminUser[])[0]?.paused_until).toBe(record.paused_until);
  const refused = await book({ user_id: player.id, court_id: 1, time_start: '2027-09-12T15:00:00Z' });
  expect(refused.status).toBe(403);
  expect((refused.body as { detail: string }).detail).toContain(messages.bookingPausedForNoShows);
});

test("a player's door openings are one row each: the commands list takes several actions at once", async () => {
  const player = await insertUser(api, { name: 'Дверь' });
  const at = '2027-09-05T15:00:00Z';
  for (const action of ['door.open', 'door.opened', 'door.entry']) {
    await api.db.query(
      `INSERT INTO commands (id, site_id, action, device, requested_by, requested_at, deadline, status, origin)
       VALUES (gen_random_uuid(), 'default', $1, 'door', $2, $3, $3, 'done', $4)`,
      [action, player.id, at, action === 'door.open' ? 'api' : 'agent'],
    );
  }
  const filter = encodeURIComponent(JSON.stringify({ requested_by: player.id, action: ['door.open', 'door.entry'] }));
  const answer = await admin.client.get(`/api/admin/commands?filter=${filter}`);
  expect(answer.status).toBe(200);
  expect((answer.body as { action: string }[]).map((row) => row.action).sort()).toEqual(['door.entry', 'door.open']);
});
