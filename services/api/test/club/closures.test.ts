import { closedText, messages } from '@kort/contracts';
import { SHAPE_LOCK } from '../../src/common/advisory-locks';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { nextMail } from '../support/mailbox';
import { msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Closures (the dashboard's `closures`): a court or the whole club closed over whole hours. On a
// real API, PostgreSQL, BullMQ and MailDev, in a database of its own, in July 2027.
const NOW = '2027-07-05T06:00:00Z'; // Monday 5 July 2027, 09:00 in Moscow

let api: TestApp;
let admin: Client;
beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(NOW);
  admin = await signedInAdmin(api);
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

type Person = { client: Client; id: number; email: string };
const players = (count: number) => signedInPlayers(api, count) as Promise<Person[]>;
const close = (body: Record<string, unknown>) => admin.post('/api/admin/closures', body);
const preview = (query: Record<string, string>) =>
  admin.get(`/api/admin/closures/preview?${new URLSearchParams(query).toString()}`);
type MyGame = { id: number; status: string; cancelled?: { reason: string | null; at: string } };
const myGames = async (who: Person) => (await who.client.get('/api/my-orders/')).body.detail as MyGame[];
const liveGames = async (who: Person) => (await myGames(who)).filter((game) => game.status !== 'cancelled');
const hours = async (who: Person, date: string) =>
  (await who.client.get(`/api/get-available-times/?date=${date}`)).body as {
    reserved: number[];
    closed?: { hour: number; reason: string }[];
  };

test('a closure of court 2 over an afternoon: previewed, saved, its game cancelled and its player told; booking inside refused', async () => {
  const [inside, outside, later] = await players(3);
  const game = await order(inside!.client, 2, msk('2027-07-06', 15));
  expect(game.status).toBe(200);
  expect((await order(outside!.client, 2, msk('2027-07-06', 19))).status).toBe(200);

  const window = { court_id: '2', starts_at: msk('2027-07-06', 14), ends_at: msk('2027-07-06', 18) };
  const shown = await preview(window);
  expect(shown.status).toBe(200);
  expect((shown.body as { id: number; user_id: number }[]).map((row) => [row.id, row.user_id])).toEqual([
    [game.body.id, inside!.id],
  ]);

  const saved = await close({ ...window, court_id: 2, reason: 'Ремонт покрытия' });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({
    court_id: 2,
    starts_at: '2027-07-06T11:00:00.000Z',
    ends_at: '2027-07-06T15:00:00.000Z',
    reason: 'Ремонт покрытия',
  });
  // My games keeps the card a week after the club's cancellation, greyed with the reason, and no PIN.
  expect(await myGames(inside!)).toEqual([
    expect.objectContaining({
      id: game.body.id,
      status: 'cancelled',
      cancelled: { reason: 'Ремонт покрытия', at: '2027-07-05T09:00:00.000+03:00' },
    }),
  ]);
  expect((await myGames(inside!))[0]).not.toHaveProperty('offline_pin');
  expect((await myGames(outside!)).map((one) => [one.status, one.cancelled])).toEqual([['upcoming', undefined]]);
  api.clock.set('2027-07-12T05:59:00Z'); // a week less a minute after it: still there, its day past
  expect((await myGames(inside!)).map((one) => one.status)).toEqual(['cancelled']);
  api.clock.set('2027-07-12T06:01:00Z'); // a week and a minute: gone
  expect(await myGames(inside!)).toEqual([]);
  api.clock.set(NOW);
  const letter = await nextMail(inside!.email);
  expect(letter.subject).toBe('Игра отменена клубом: 6 июля 2027, 15:00');
  expect(letter.text).toContain('Причина: Ремонт покрытия.');

  const refused = await order(later!.client, 2, msk('2027-07-06', 16));
  expect([refused.status, refused.body.detail]).toEqual([409, closedText('Ремонт покрытия', false)]);
  expect(refused.body.code).toBe('booking.slot_closed');
  // Court 1 stays open: the hour is not taken, and the court step names the closed court.
  expect((await order(later!.client, 1, msk('2027-07-06', 16))).status).toBe(200);
  expect((await hours(later!, '2027-07-06')).closed).toBeUndefined();
  const courts = await later!.client.get('/api/get_courts_status/?date=2027-07-06&hour=17');
  expect(courts.body).toEqual({ busy_courts: [2], closed_courts: [{ id_cort: 2, reason: 'Ремонт покрытия' }] });
  // The day view lists it; the log has the admin's action.
  const day = await admin.get(`/api/admin/closures?filter=${encodeURIComponent('{"day":"2027-07-06"}')}`);
  expect((day.body as { id: number }[]).map((one) => one.id)).toEqual([saved.body.id]);
  const logged = await admin.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ target_type: 'closure', target_id: String(saved.body.id) }))}`,
  );
  expect(logged.body[0]).toMatchObject({ action: 'closure.create', detail: 'Отменено игр: 1' });
  expect(logged.body[0].target_label).toBe('Корт 2, 06.07.2027 14:00–06.07.2027 18:00: Ремонт покрытия');
});

test('a closure of the whole club: its hours are taken on the dial with the reason, its waitlist is cleared and told', async () => {
  const [one, two, waiting] = await players(3);
  expect((await order(one!.client, 1, msk('2027-07-07', 10))).status).toBe(200);
  expect((await order(two!.client, 2, msk('2027-07-07', 10))).status).toBe(200);
  expect((await waiting!.client.post('/api/waitlist/', { time_start: msk('2027-07-07', 10) })).status).toBe(200);

  const saved = await close({
    court_id: null,
    starts_at: msk('2027-07-07', 9),
    ends_at: msk('2027-07-07', 13),
    reason: 'Турнир',
  });
  expect(saved.status).toBe(201);
  for (const player of [one!, two!]) expect((await nextMail(player.email)).text).toContain('Причина: Турнир.');
  const told = await nextMail(waiting!.email);
  expect(told.subject).toBe('Очередь: 7 июля 2027, 10:00 — клуб закрыт');
  expect((await waiting!.client.get('/api/waitlist/')).body.detail).toEqual([]);

  const dial = await hours(waiting!, '2027-07-07');
  expect(dial.reserved).toEqual([9, 10, 11, 12]);
  expect(dial.closed).toEqual([9, 10, 11, 12].map((hour) => ({ hour, reason: 'Турнир' })));
  const refused = await order(waiting!.client, 1, msk('2027-07-07', 11));
  expect([refused.status, refused.body.detail]).toEqual([409, closedText('Турнир', true)]);
  // A closed hour has no line: nothing will free it.
  const line = await waiting!.client.post('/api/waitlist/', { time_start: msk('2027-07-07', 11) });
  expect([line.status, line.body.detail]).toEqual([409, closedText('Турнир', true)]);
});

test('deleting a future closure frees its hours (no game comes back); one under way ends at the next hour; an ended one stays', async () => {
  const [player] = await players(1);
  expect((await order(player!.client, 1, msk('2027-07-08', 18))).status).toBe(200);
  const saved = await close({
    court_id: 1,
    starts_at: msk('2027-07-08', 17),
    ends_at: msk('2027-07-08', 20),
    reason: 'Свадьба',
  });
  expect((await myGames(player!)).map((one) => one.cancelled?.reason)).toEqual(['Свадьба']);
  const deleted = await admin.delete(`/api/admin/closures/${saved.body.id}`);
  expect([deleted.status, deleted.body.id]).toEqual([200, saved.body.id]);
  expect((await admin.get(`/api/admin/closures/${saved.body.id}`)).status).toBe(404);
  expect(await liveGames(player!)).toEqual([]);
  expect((await order(player!.client, 1, msk('2027-07-08', 18))).status).toBe(200);

  // Under way at 10:20: it ends at 11:00, and 11:00 can be booked again.
  const running = await close({
    court_id: 2,
    starts_at: msk('2027-07-05', 9),
    ends_at: msk('2027-07-05', 14),
    reason: 'Уборка',
  });
  expect(running.status).toBe(201);
  api.clock.set('2027-07-05T07:20:00Z');
  expect((await admin.delete(`/api/admin/closures/${running.body.id}`)).status).toBe(200);
  expect((await admin.get(`/api/admin/closures/${running.body.id}`)).body).toMatchObject({
    starts_at: '2027-07-05T06:00:00.000Z',
    ends_at: '2027-07-05T08:00:00.000Z',
  });
  const [next] = await players(1);
  expect((await order(next!.client, 2, msk('2027-07-05', 11))).status).toBe(200);
  api.clock.set('2027-07-05T09:00:00Z');
  const over = await admin.delete(`/api/admin/closures/${running.body.id}`);
  expect([over.status, over.body.detail]).toEqual([409, messages.closureOver]);
});

test.each([
  [
    'not on the hour',
    { starts_at: msk('2027-07-09', 14, 30), ends_at: msk('2027-07-09', 16) },
    messages.closureWholeHours,
  ],
  [
    'ending before it starts',
    { starts_at: msk('2027-07-09', 16), ends_at: msk('2027-07-09', 14) },
    messages.closureOrder,
  ],
  ['starting in the past', { starts_at: msk('2027-07-05', 8), ends_at: msk('2027-07-05', 12) }, messages.closurePast],
  ['longer than a year', { starts_at: msk('2027-07-09', 6), ends_at: msk('2028-07-10', 6) }, messages.closureTooLong],
  [
    'without a reason',
    { starts_at: msk('2027-07-09', 14), ends_at: msk('2027-07-09', 16), reason: ' ' },
    messages.closureReasonRequired,
  ],
  [
    'whose reason holds a direction override',
    { starts_at: msk('2027-07-09', 14), ends_at: msk('2027-07-09', 16), reason: 'Турнир \u202eйынротсог' },
    messages.closureReasonUnsafe,
  ],
  [
    'whose reason reads as nothing',
    { starts_at: msk('2027-07-09', 14), ends_at: msk('2027-07-09', 16), reason: '\u3164\u200b' },
    messages.closureReasonRequired,
  ],
  ['without its end', { starts_at: msk('2027-07-09', 14), ends_at: undefined }, messages.closureWholeHours],
])('a closure %s is a 400 with what is wrong; nothing is saved', async (_, fields, detail) => {
  const before = (await admin.get('/api/admin/closures')).headers['content-range'];
  const answer = await close({ court_id: 1, reason: 'Турнир', ...fields });
  expect([answer.status, answer.body.detail]).toEqual([400, detail]);
  expect((await admin.get('/api/admin/closures')).headers['content-range']).toBe(before);
});

test('a closure of a court that does not exist is a 404; players cannot close anything', async () => {
  const unknown = await close({
    court_id: 99,
    starts_at: msk('2027-07-09', 14),
    ends_at: msk('2027-07-09', 16),
    reason: 'Турнир',
  });
  expect([unknown.status, unknown.body.detail]).toEqual([404, messages.courtNotFound]);
  const [player] = await players(1);
  const refused = await player!.client.post('/api/admin/closures', {
    court_id: 1,
    starts_at: msk('2027-07-09', 14),
    ends_at: msk('2027-07-09', 16),
    reason: 'Турнир',
  });
  expect(refused.status).toBe(403);
});

/** Whether that backend waits for an advisory lock (the site's shape, held by the other side). */
const waitsForLock = async (pid: number) => {
  const [row] = await api.db.query<{ wait_event: string | null }[]>(
    `SELECT wait_event FROM pg_stat_activity WHERE pid = $1`,
    [pid],
  );
  return row?.wait_event === 'advisory';
};

test('a booking arriving while a closure is being saved waits for it, then is refused with its reason', async () => {
  const [player] = await players(1);
  const start = msk('2027-07-12', 12);
  const saving = api.db.createQueryRunner();
  try {
    // A closure half-way through saving, as AdminClosuresService holds it: the shape, then the row.
    await saving.startTransaction();
    await saving.query(`SELECT pg_advisory_xact_lock($1, hashtext('default'))`, [SHAPE_LOCK]);
    await saving.query(`INSERT INTO closures (court_id, starts_at, ends_at, reason) VALUES (1, $1, $2, 'Турнир')`, [
      start,
      msk('2027-07-12', 14),
    ]);
    const booking = order(player!.client, 1, start);
    await waitFor(async () => {
      const rows = await api.db.query<{ pid: number }[]>(
        `SELECT pid FROM pg_stat_activity WHERE wait_event = 'advisory' AND query LIKE '%kort_book%'`,
      );
      return rows.length === 1 && (await waitsForLock(rows[0]!.pid));
    });
    await saving.commitTransaction();
    const answer = await booking;
    expect([answer.status, answer.body.detail]).toEqual([409, closedText('Турнир', false)]);
  } finally {
    if (saving.isTransactionActive) await saving.rollbackTransaction();
    await saving.release();
  }
});

test('a closure saved while a booking of its hours is being written waits for it, then cancels it and tells the player', async () => {
  const [player] = await players(1);
  const start = new Date(msk('2027-07-13', 12));
  const booking = api.db.createQueryRunner();
  try {
    // A booking half-way through its transaction (a waitlist hold, a school's term): the row written.
    await booking.startTransaction();
    const [{ id }] = (await booking.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, 2, $2, $3, 2) RETURNING id`,
      [player!.id, start, new Date(start.getTime() + 3_600_000)],
    )) as [{ id: number }];
    const closing = close({
      court_id: null,
      starts_at: msk('2027-07-13', 9),
      ends_at: msk('2027-07-13', 18),
      reason: 'Турнир',
    });
    await waitFor(async () => {
      const rows = await api.db.query<{ pid: number }[]>(
        `SELECT pid FROM pg_stat_activity WHERE wait_event = 'advisory' AND query LIKE '%pg_advisory_xact_lock%'`,
      );
      return rows.length === 1;
    });
    await booking.commitTransaction();
    expect((await closing).status).toBe(201);
    const [row] = await api.db.query<{ cancelled: boolean }[]>(
      `SELECT cancelled_at IS NOT NULL AS cancelled FROM bookings WHERE id = $1`,
      [id],
    );
    expect(row!.cancelled).toBe(true);
    expect((await nextMail(player!.email)).text).toContain('Причина: Турнир.');
  } finally {
    if (booking.isTransactionActive) await booking.rollbackTransaction();
    await booking.release();
  }
});
