import { messages } from '@kort/contracts';
import type { Client } from '../support/client';
import { msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// A sport school's term (the dashboard's `series`): every occurrence checked, booked as the school's
// ordinary games in one transaction, collisions skipped and said. Autumn 2027, a database of its own.
const NOW = '2027-08-30T06:00:00Z'; // Monday 30 August 2027, 09:00 in Moscow

let api: TestApp;
let admin: Client;
let school: { client: Client; id: number; email: string };
beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(NOW);
  admin = await signedInAdmin(api);
  [school] = (await signedInPlayers(api, 1, { sportSchool: true })) as [typeof school];
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

/** Twelve weeks of Mondays and Wednesdays at 17:00 on court 2, from Monday 6 September. */
const TERM = { court_id: 2, weekdays: [1, 3], hour: 17, starts_on: '2027-09-06', ends_on: '2027-11-28' };
const previewOf = (term: Record<string, unknown>) =>
  admin.get(
    `/api/admin/series/preview?${new URLSearchParams(
      Object.entries(term).map(([key, value]): [string, string] => [
        key,
        Array.isArray(value) ? value.join(',') : String(value),
      ]),
    ).toString()}`,
  );

test('a 12-week term with 2 collisions (a game, a closure): the preview says so, saving books 22 and skips 2', async () => {
  const [player] = await signedInPlayers(api, 1);
  // A player's game on Monday 13 September at 17:00 on court 2, and a tournament on 20 October.
  expect((await order(player!.client, 2, msk('2027-09-13', 17))).status).toBe(200);
  const closure = await admin.post('/api/admin/closures', {
    court_id: null,
    starts_at: msk('2027-10-20', 16),
    ends_at: msk('2027-10-20', 20),
    reason: 'Турнир',
  });
  expect(closure.status).toBe(201);

  // The dashboard's form offers the schools only.
  const schools = await admin.get(`/api/admin/users?filter=${encodeURIComponent('{"is_sport_school":true}')}`);
  expect((schools.body as { id: number }[]).map((user) => user.id)).toEqual([school.id]);

  const term = { ...TERM, user_id: school.id };
  const preview = await previewOf(term);
  expect(preview.status).toBe(200);
  const occurrences = preview.body as { starts_at: string; conflict: string | null; detail: string | null }[];
  expect(occurrences).toHaveLength(24);
  expect(occurrences[0]).toEqual({ starts_at: '2027-09-06T17:00:00.000+03:00', conflict: null, detail: null });
  expect(occurrences.filter((one) => one.conflict)).toEqual([
    { starts_at: '2027-09-13T17:00:00.000+03:00', conflict: 'game', detail: messages.seriesGameThere },
    { starts_at: '2027-10-20T17:00:00.000+03:00', conflict: 'closure', detail: 'Турнир' },
  ]);

  const saved = await admin.post('/api/admin/series', term);
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({
    user_id: school.id,
    court_id: 2,
    weekdays: [1, 3],
    hour: 17,
    starts_on: '2027-09-06',
    ends_on: '2027-11-28',
    booked: 22,
    skipped: 2,
  });
  expect((saved.body as { skips: unknown[] }).skips).toEqual(occurrences.filter((one) => one.conflict));
  // The school's My games lists the term's games, each carrying the term.
  const games = (await school.client.get('/api/my-orders/')).body.detail as { time: string; series?: unknown }[];
  expect(games).toHaveLength(22);
  expect(games[0]).toMatchObject({
    date: '6 сентября 2027',
    time: '17:00',
    id_cort: 2,
    series: { id: saved.body.id, label: 'Расписание школы: пн, ср в 17:00' },
  });
  // One game cancelled on its own like any; the term counts it.
  const [first] = (
    await admin.get(
      `/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ user_id: school.id, day: '2027-09-08' }))}`,
    )
  ).body as { id: number; series_id: number }[];
  expect(first!.series_id).toBe(saved.body.id);
  expect((await admin.delete(`/api/admin/bookings/${first!.id}`)).status).toBe(200);
  expect((await admin.get(`/api/admin/series/${saved.body.id}`)).body.booked).toBe(21);

  // Ending the term in October: its games not begun are cancelled, the past ones stay.
  api.clock.set('2027-10-01T06:00:00Z');
  const ended = await admin.delete(`/api/admin/series/${saved.body.id}`);
  expect(ended.status).toBe(200);
  expect((await admin.get(`/api/admin/series/${saved.body.id}`)).status).toBe(404);
  const live = await api.db.query<{ past: boolean }[]>(
    `SELECT starts_at < $2 AS past FROM bookings WHERE series_id = $1 AND cancelled_at IS NULL`,
    [saved.body.id, new Date('2027-10-01T06:00:00Z')],
  );
  expect(live.length).toBe(6); // 6, 15, 20, 22, 27 and 29 September (13th skipped, 8th cancelled)
  expect(live.every((row) => row.past)).toBe(true);
  // My games keeps no greyed card for the ended term's games (the 8th, cancelled on its own by the
  // club a moment ago in this clock's terms, was before the week: gone too).
  const mine = (await school.client.get('/api/my-orders/')).body.detail as { status: string }[];
  expect(mine.filter((game) => game.status === 'cancelled')).toEqual([]);
});

test('a term racing a player for the same hour: one of them gets it, never both', async () => {
  const [player] = await signedInPlayers(api, 1);
  const term = {
    user_id: school.id,
    court_id: 1,
    weekdays: [2],
    hour: 19,
    starts_on: '2027-09-07',
    ends_on: '2027-09-28',
  };
  const [made, booked] = await Promise.all([
    admin.post('/api/admin/series', term),
    order(player!.client, 1, msk('2027-09-14', 19)),
  ]);
  expect(made.status).toBe(201);
  const rows = await api.db.query<{ user_id: number }[]>(
    `SELECT user_id FROM bookings WHERE court_id = 1 AND starts_at = $1 AND cancelled_at IS NULL`,
    [msk('2027-09-14', 19)],
  );
  expect(rows).toHaveLength(1);
  if (booked.status === 200) {
    expect(rows[0]!.user_id).toBe(player!.id);
    expect(made.body).toMatchObject({ booked: 3, skipped: 1 });
  } else {
    expect(booked.status).toBe(409);
    expect(rows[0]!.user_id).toBe(school.id);
    expect(made.body).toMatchObject({ booked: 4, skipped: 0 });
  }
});

test.each([
  ['for a player, not a school', { as: 'player' }, 400, messages.seriesNotSchool],
  ["outside the club's hours", { hour: 5 }, 400, messages.seriesHour],
  ['starting in the past', { starts_on: '2027-08-01' }, 400, messages.seriesDates],
  ['longer than a year', { ends_on: '2028-09-07' }, 400, messages.seriesDates],
  ['ending before it starts', { ends_on: '2027-09-01' }, 400, messages.seriesDates],
  ['with no weekday', { weekdays: [] }, 400, messages.seriesWeekdays],
  ['on weekday 8', { weekdays: [8] }, 400, messages.seriesWeekdays],
  ['on a court that does not exist', { court_id: 77 }, 400, messages.courtNotFound],
])('a term %s is refused with what is wrong, and books nothing', async (_, change, status, detail) => {
  const [player] = await signedInPlayers(api, 1);
  const { as, ...fields } = change as Record<string, unknown>;
  const body = { ...TERM, user_id: as === 'player' ? player!.id : school.id, ...fields };
  const before = await api.db.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM bookings`);
  const answer = await admin.post('/api/admin/series', body);
  expect([answer.status, answer.body.detail]).toEqual([status, detail]);
  expect(await api.db.query(`SELECT count(*)::int AS count FROM bookings`)).toEqual(before);
});
