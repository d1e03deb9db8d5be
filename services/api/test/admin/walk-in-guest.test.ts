import { randomUUID } from 'node:crypto';
import { messages, type AdminAction, type AdminBooking } from '@kort/contracts';
import { seedNewSite } from '../../src/database/seed';
import { SitesService } from '../../src/sites/sites.service';
import { NoShows } from '../../src/bookings/no-shows';
import { captureLogLines } from '../support/log-lines';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import type { Client } from '../support/client';
import { ADMIN_NOW, insertGame, insertUser, type AdminSession } from './admin-support';

// The desk books a guest without an account by name and phone (POST /api/admin/bookings with
// `guest`). ADMIN_NOW is Monday 6 September 2027, 09:00 in Moscow (06:00Z).
const TUESDAY_18 = '2027-09-07T15:00:00Z';
const PHONE = '+79161234567';

let api: TestApp;
let owner: AdminSession;
let adminOfA: Client;
const B = `guests-${randomUUID().slice(0, 6)}`;
const lines: string[] = [];

beforeAll(async () => {
  // Before the app starts: its logger keeps the stream it was given.
  captureLogLines(lines);
  api = await startTestApp({ LOG_LEVEL: 'info' }, new TestClock(), { ownDatabase: true });
  api.clock.set(ADMIN_NOW);
  [owner] = (await signedInPlayers(api, 1, { role: 'owner' })) as [AdminSession];
  await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ($1, 'Площадка Б', $1, 'Europe/Moscow')`, [
    B,
  ]);
  await seedNewSite(api.db, B);
  const [session] = await signedInPlayers(api, 1, { role: 'admin' });
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('default', $1)`, [session!.id]);
  api.app.get(SitesService).wrote();
  adminOfA = session!.client;
});
afterAll(async () => {
  await api.close();
  jest.restoreAllMocks();
});

const book = (body: Record<string, unknown>, path = '/api/admin/bookings') => owner.client.post(path, body);
const actionsOn = async (action: string, bookingId: number) => {
  const answer = await owner.client.get(`/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ action }))}`);
  return (answer.body as AdminAction[]).filter((row) => row.target_id === String(bookingId));
};
const liveGamesAt = async (courtId: number, startsAt: string) =>
  (
    await api.db.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM bookings WHERE court_id = $1 AND starts_at = $2 AND cancelled_at IS NULL`,
      [courtId, startsAt],
    )
  )[0]!.count;

test('a guest is booked by name and phone: 201, listed with both, logged as a guest, no reminder, the phone in no log line', async () => {
  lines.length = 0;
  const answer = await book({ guest: { name: '  Анна Гостева ', phone: PHONE }, court_id: 1, time_start: TUESDAY_18 });
  expect(answer.status).toBe(201);
  const game = answer.body as AdminBooking;
  expect(game).toMatchObject({
    user_id: null,
    user_name: 'Анна Гостева',
    user_email: null,
    guest_name: 'Анна Гостева',
    guest_phone: PHONE,
    court_id: 1,
    status: 'booked',
  });
  const [guest] = await api.db.query<{ site_id: string; name: string; phone: string }[]>(
    `SELECT g.site_id, g.name, g.phone FROM guests g JOIN bookings b ON b.guest_id = g.id WHERE b.id = $1`,
    [game.id],
  );
  expect(guest).toEqual({ site_id: 'default', name: 'Анна Гостева', phone: PHONE });
  // The day view's list: the guest's game with the name and the phone.
  const day = await owner.client.get(`/api/admin/bookings?filter=${encodeURIComponent('{"day":"2027-09-07"}')}`);
  expect((day.body as AdminBooking[]).find((row) => row.id === game.id)).toMatchObject({
    guest_name: 'Анна Гостева',
    guest_phone: PHONE,
  });
  const [action] = await actionsOn('booking.create', game.id);
  expect(action).toMatchObject({ admin_id: owner.id, target_type: 'booking', detail: messages.adminGuestBooked });
  // No reminder and no no-show check are queued: the game's fact never enters the outbox.
  const outbox = await api.db.query(`SELECT 1 FROM event_outbox WHERE ref = $1`, [game.id]);
  expect(outbox).toEqual([]);
  const logged = lines.join('\n');
  expect(logged).toContain('game booked by the club for a guest');
  expect(logged).not.toContain(PHONE);
  expect(logged).not.toContain('9161234567');
});

test('a guest needs a name and a +7 phone, and a booking names a player or a guest, not both nor neither: 400 in Russian, nothing booked', async () => {
  const player = await insertUser(api, { name: 'Игрок и гость' });
  const at = '2027-09-07T16:00:00Z';
  const refusals: [Record<string, unknown>, string][] = [
    [{ guest: { name: ' ', phone: PHONE } }, messages.guestNameRequired],
    [{ guest: { name: 'Аркадий Длинноимённый-Гостевой', phone: PHONE } }, messages.guestNameTooLong],
    [{ guest: { name: 'Гость' } }, messages.guestPhoneRequired],
    [{ guest: { name: 'Гость', phone: '' } }, messages.guestPhoneRequired],
    [{ guest: { name: 'Гость', phone: '89161234567' } }, messages.phoneInvalid],
    [{ user_id: player.id, guest: { name: 'Гость', phone: PHONE } }, messages.adminBookingWho],
    [{}, messages.adminBookingWho],
  ];
  for (const [who, detail] of refusals) {
    const answer = await book({ ...who, court_id: 1, time_start: at });
    expect([answer.status, answer.body.detail]).toEqual([400, detail]);
  }
  expect(await liveGamesAt(1, at)).toBe(0);
});

test("a guest's game holds the slot like any game: a player is refused it, and a guest is refused a player's", async () => {
  const at = '2027-09-08T15:00:00Z';
  expect((await book({ guest: { name: 'Первый', phone: PHONE }, court_id: 2, time_start: at })).status).toBe(201);
  const player = await insertUser(api, { name: 'Второй' });
  const taken = await book({ user_id: player.id, court_id: 2, time_start: at });
  expect([taken.status, taken.body.code]).toEqual([409, 'booking.slot_taken']);
  await insertGame(api, player.id, 1, at);
  const theirs = await book({ guest: { name: 'Третий', phone: PHONE }, court_id: 1, time_start: at });
  expect([theirs.status, theirs.body.detail]).toEqual([409, messages.slotTaken]);
  expect(await liveGamesAt(2, at)).toBe(1);
  const past = await book({ guest: { name: 'Вчера', phone: PHONE }, court_id: 1, time_start: '2027-09-05T15:00:00Z' });
  expect(past.status).toBe(400);
});

test("a guest's game is cancelled like any game: the hour is free again, the log keeps it, no letter is queued", async () => {
  const at = '2027-09-09T15:00:00Z';
  const game = (await book({ guest: { name: 'Отмена', phone: PHONE }, court_id: 1, time_start: at }))
    .body as AdminBooking;
  const cancelled = await owner.client.delete(`/api/admin/bookings/${game.id}`);
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ id: game.id, status: 'cancelled', guest_name: 'Отмена' });
  expect(await actionsOn('booking.cancel', game.id)).toHaveLength(1);
  const letters = await api.db.query(`SELECT 1 FROM notification_deliveries WHERE notice->>'bookingId' = $1`, [
    String(game.id),
  ]);
  expect(letters).toEqual([]);
  expect(await liveGamesAt(1, at)).toBe(0);
  const again = await book({ guest: { name: 'Снова', phone: PHONE }, court_id: 1, time_start: at });
  expect(again.status).toBe(201);
});

test("another site's admin neither lists nor opens a guest's game; the guest's record is the game's site's", async () => {
  const courtOfB = (
    await api.db.query<{ id: number }[]>(`SELECT id FROM courts WHERE site_id = $1 ORDER BY id LIMIT 1`, [B])
  )[0]!.id;
  const answer = await book(
    { guest: { name: 'Гость Б', phone: PHONE }, court_id: courtOfB, time_start: TUESDAY_18 },
    `/api/admin/bookings?site_id=${B}`,
  );
  expect(answer.status).toBe(201);
  const game = answer.body as AdminBooking;
  const [guest] = await api.db.query<{ site_id: string }[]>(
    `SELECT g.site_id FROM guests g JOIN bookings b ON b.guest_id = g.id WHERE b.id = $1`,
    [game.id],
  );
  expect(guest).toEqual({ site_id: B });
  const list = await adminOfA.get(`/api/admin/bookings?filter=${encodeURIComponent('{"day":"2027-09-07"}')}`);
  expect(list.status).toBe(200);
  expect((list.body as AdminBooking[]).map((row) => row.id)).not.toContain(game.id);
  expect(JSON.stringify(list.body)).not.toContain('Гость Б');
  expect((await adminOfA.get(`/api/admin/bookings/${game.id}`)).status).toBe(404);
  expect((await adminOfA.delete(`/api/admin/bookings/${game.id}`)).status).toBe(404);
  // A's court is not B's: the owner booking at B on A's court is refused.
  const elsewhere = await book(
    { guest: { name: 'Гость Б', phone: PHONE }, court_id: 1, time_start: TUESDAY_18 },
    `/api/admin/bookings?site_id=${B}`,
  );
  expect(elsewhere.status).toBe(400);
});

test("a guest's game is never released as a no-show, and a closure over it cancels it without a letter or an error", async () => {
  // Wednesday 15 September at 10:00 Moscow; the club's agent fresh, the door never opened.
  const at = '2027-09-15T07:00:00Z';
  const game = (await book({ guest: { name: 'Без приложения', phone: PHONE }, court_id: 2, time_start: at }))
    .body as AdminBooking;
  api.clock.set('2027-09-15T07:20:00Z');
  await api.db.query(`UPDATE sites SET online = true, last_seen_at = now() WHERE id = 'default'`);
  expect(await api.app.get(NoShows).check(game.id)).not.toBe('released');
  expect(await liveGamesAt(2, at)).toBe(1);

  api.clock.set(ADMIN_NOW);
  lines.length = 0;
  const later = '2027-09-16T07:00:00Z';
  const closed = (await book({ guest: { name: 'Закрытие', phone: PHONE }, court_id: 2, time_start: later }))
    .body as AdminBooking;
  const closure = await owner.client.post('/api/admin/closures', {
    court_id: 2,
    starts_at: '2027-09-16T09:00:00+03:00',
    ends_at: '2027-09-16T12:00:00+03:00',
    reason: 'Ремонт покрытия',
  });
  expect(closure.status).toBe(201);
  expect(await liveGamesAt(2, later)).toBe(0);
  const letters = await api.db.query(`SELECT 1 FROM notification_deliveries WHERE notice->>'bookingId' = $1`, [
    String(closed.id),
  ]);
  expect(letters).toEqual([]);
  expect(lines.join('\n')).not.toMatch(/cancellation notice not queued/);
});

test('the database keeps a game either a player’s or a guest’s, and a guest at the game’s own site', async () => {
  const player = await insertUser(api, { name: 'Ограничение' });
  const [guest] = await api.db.query<{ id: number }[]>(
    `INSERT INTO guests (site_id, name, phone) VALUES ($1, 'Чужой', $2) RETURNING id`,
    [B, PHONE],
  );
  const insert = (userId: number | null, guestId: number | null) =>
    api.db.query(
      `INSERT INTO bookings (user_id, guest_id, court_id, starts_at, ends_at, players_count)
       VALUES ($1, $2, 1, '2027-09-10T15:00:00Z', '2027-09-10T16:00:00Z', 2)`,
      [userId, guestId],
    );
  await expect(insert(null, null)).rejects.toThrow(/bookings_player_or_guest/);
  await expect(insert(player.id, guest!.id)).rejects.toThrow(/bookings_player_or_guest/);
  // Court 1 is the default site's: B's guest cannot play there.
  await expect(insert(null, guest!.id)).rejects.toThrow(/bookings_guest_fkey/);
});

test("no log line of this file's requests (bookings, refusals, cancellations, another site's) holds a guest's phone", () => {
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.join('\n')).not.toMatch(/9161234567/);
});
