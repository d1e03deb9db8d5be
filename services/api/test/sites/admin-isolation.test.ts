import { randomUUID } from 'node:crypto';
import { messages } from '@kort/contracts';
import { seedNewSite } from '../../src/database/seed';
import { SitesService } from '../../src/sites/sites.service';
import { insertUser } from '../admin/admin-support';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Two sites on one install: A (the default site, Moscow) and B (Vladivostok). The admin of A only
// sees and changes A's records through every dashboard resource, the log, the counters and the
// statistics; B's records named by id are "not found"; the owner reaches B with `?site_id=`.

/** Wednesday 13 October 2027: 04:20 in Moscow, 11:20 in Vladivostok (B's game of 11:00 is on). */
const NOW = '2027-10-13T01:20:00Z';
const A = 'default';
const B = `vlad-${randomUUID().slice(0, 6)}`;
const B_GAME_NOW = { startsAt: '2027-10-13T01:00:00Z', endsAt: '2027-10-13T02:00:00Z' };

let api: TestApp;
let owner: Client;
let ownerId: number;
let adminA: Client;
let b: {
  courts: number[];
  player: { id: number; name: string };
  gameNow: number;
  walkIn: number;
  closure: number;
  series: number;
  command: string;
  rules: string;
};

const json = (response: { status: number; body: unknown }) => {
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body as never;
};
const ids = (rows: { id: number | string }[]) => rows.map((row) => row.id);
const withSite = (path: string, site: string) => `${path}${path.includes('?') ? '&' : '?'}site_id=${site}`;

beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(NOW);
  await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ($1, 'Площадка Б', $1, 'Asia/Vladivostok')`, [
    B,
  ]);
  await seedNewSite(api.db, B);
  await api.db.query(
    `INSERT INTO shelves (site_id, id, kind) SELECT $1, n, CASE WHEN n <= 9 THEN 'shelf' ELSE 'equipment' END
       FROM generate_series(1, 11) AS n`,
    [B],
  );
  const [[ownerSession], [adminSession]] = await Promise.all([
    signedInPlayers(api, 1, { role: 'owner' }),
    signedInPlayers(api, 1, { role: 'admin' }),
  ]);
  owner = ownerSession!.client;
  ownerId = ownerSession!.id;
  adminA = adminSession!.client;
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ($1, $2)`, [A, adminSession!.id]);
  api.app.get(SitesService).wrote();

  const courts = (
    await api.db.query<{ id: number }[]>(`SELECT id FROM courts WHERE site_id = $1 ORDER BY id`, [B])
  ).map((row) => row.id);
  const name = `Игрок Б ${randomUUID().slice(0, 6)}`;
  const player = await insertUser(api, { name });
  const school = await insertUser(api, { name: `Школа Б ${randomUUID().slice(0, 6)}` });
  const [gameNow] = await api.db.query<{ id: number }[]>(
    `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at)
     VALUES ($1, $2, $3, $4, 2, $5) RETURNING id`,
    [player.id, courts[0], B_GAME_NOW.startsAt, B_GAME_NOW.endsAt, NOW],
  );
  // The owner works at B through the dashboard's own calls.
  const walkIn = json(
    await owner.post(withSite('/api/admin/bookings', B), {
      user_id: player.id,
      court_id: courts[1],
      time_start: '2027-10-14T12:00:00+10:00',
    }),
  ) as { id: number };
  const closure = json(
    await owner.post(withSite('/api/admin/closures', B), {
      court_id: null,
      starts_at: '2027-10-20T10:00:00+10:00',
      ends_at: '2027-10-20T12:00:00+10:00',
      reason: `Ремонт Б ${randomUUID().slice(0, 6)}`,
    }),
  ) as { id: number };
  const rules = `Правила площадки Б ${randomUUID()}`;
  json(await owner.put(withSite('/api/admin/settings/court_rules', B), { value: rules }));
  const [series] = await api.db.query<{ id: number }[]>(
    `INSERT INTO series (site_id, user_id, court_id, weekdays, hour, starts_on, ends_on)
     VALUES ($1, $2, $3, '{1}', 18, '2027-11-01', '2027-11-30') RETURNING id`,
    [B, school.id, courts[0]],
  );
  const command = randomUUID();
  await api.db.query(
    `INSERT INTO commands (id, site_id, device, action, requested_at, deadline, status, finished_at)
     VALUES ($1, $2, 'light', 'light.on', $3, $3, 'done', $3)`,
    [command, B, '2027-10-13T01:00:00Z'],
  );
  await api.db.query(`INSERT INTO device_states (site_id, device, is_on, updated_at) VALUES ($1, 'light', true, $2)`, [
    B,
    NOW,
  ]);
  await api.db.query(`INSERT INTO shelf_rentals (site_id, shelf_id, user_id, started_at) VALUES ($1, 3, $2, $3)`, [
    B,
    player.id,
    NOW,
  ]);
  b = {
    courts,
    player: { id: player.id, name },
    gameNow: gameNow!.id,
    walkIn: walkIn.id,
    closure: closure.id,
    series: series!.id,
    command,
    rules,
  };
}, 60_000);
afterAll(() => api?.close());

/** Each resource: where B's record is listed, and its own "not found". */
const RECORDS = () =>
  [
    { resource: 'courts', id: b.courts[0]!, notFound: messages.courtNotFound },
    { resource: 'bookings', id: b.walkIn, notFound: messages.gameNotFound },
    { resource: 'closures', id: b.closure, notFound: messages.closureNotFound },
    { resource: 'series', id: b.series, notFound: messages.seriesNotFound },
    { resource: 'commands', id: b.command, notFound: messages.commandNotFound },
  ] as const;

test("the admin of A lists A's records only; the owner lists B's with ?site_id=B", async () => {
  for (const { resource, id } of RECORDS()) {
    const mine = json(await adminA.get(`/api/admin/${resource}`)) as { id: number | string }[];
    expect({ resource, listed: ids(mine).includes(id) }).toEqual({ resource, listed: false });
    const theirs = json(await owner.get(withSite(`/api/admin/${resource}`, B))) as { id: number | string }[];
    expect({ resource, listed: ids(theirs).includes(id) }).toEqual({ resource, listed: true });
    // getMany names B's id: nothing comes back.
    const many = await adminA.get(`/api/admin/${resource}?filter=${encodeURIComponent(JSON.stringify({ id: [id] }))}`);
    expect({ resource, many: many.body }).toEqual({ resource, many: [] });
  }
  const courtsA = json(await adminA.get('/api/admin/courts')) as { id: number }[];
  expect(ids(courtsA)).toEqual([1, 2]);
});

test('B\'s records named by id are "not found" for the admin of A: read, change, delete', async () => {
  for (const { resource, id, notFound } of RECORDS()) {
    const one = await adminA.get(`/api/admin/${resource}/${id}`);
    expect({ resource, status: one.status, detail: one.body.detail }).toEqual({
      resource,
      status: 404,
      detail: notFound,
    });
    expect((await owner.get(withSite(`/api/admin/${resource}/${id}`, B))).status).toBe(200);
  }
  const court = await adminA.put(`/api/admin/courts/${b.courts[0]}`, { name: 'Чужой', active: false });
  expect([court.status, court.body.detail]).toEqual([404, messages.courtNotFound]);
  const gone = await adminA.delete(`/api/admin/courts/${b.courts[1]}`);
  expect([gone.status, gone.body.detail]).toEqual([404, messages.courtNotFound]);
  expect((await adminA.get(`/api/admin/courts/${b.courts[0]}/future-games`)).status).toBe(404);
  const cancel = await adminA.delete(`/api/admin/bookings/${b.walkIn}`);
  expect([cancel.status, cancel.body.detail]).toEqual([404, messages.gameNotFound]);
  const closure = await adminA.delete(`/api/admin/closures/${b.closure}`);
  expect([closure.status, closure.body.detail]).toEqual([404, messages.closureNotFound]);
  const series = await adminA.delete(`/api/admin/series/${b.series}`);
  expect([series.status, series.body.detail]).toEqual([404, messages.seriesNotFound]);
  // Nothing of B's moved.
  const [state] = await api.db.query<{ courts: number; live: boolean; closure: boolean; series: boolean }[]>(
    `SELECT (SELECT count(*)::int FROM courts WHERE site_id = $1 AND active AND name <> 'Чужой') AS courts,
            (SELECT cancelled_at IS NULL FROM bookings WHERE id = $2) AS live,
            EXISTS (SELECT 1 FROM closures WHERE id = $3) AS closure,
            (SELECT deleted_at IS NULL FROM series WHERE id = $4) AS series`,
    [B, b.walkIn, b.closure, b.series],
  );
  expect(state).toEqual({ courts: 2, live: true, closure: true, series: true });
});

test("a walk-in by the admin of A on B's court is refused; A's own walk-in is A's", async () => {
  const player = await insertUser(api, { name: 'Гость' });
  const foreign = await adminA.post('/api/admin/bookings', {
    user_id: player.id,
    court_id: b.courts[0],
    time_start: '2027-10-14T12:00:00+03:00',
  });
  expect([foreign.status, foreign.body.detail]).toEqual([400, messages.unknownCourt]);
  const own = json(
    await adminA.post('/api/admin/bookings', {
      user_id: player.id,
      court_id: 1,
      time_start: '2027-10-14T12:00:00+03:00',
    }),
  ) as { id: number };
  const [row] = await api.db.query<{ site_id: string }[]>(`SELECT site_id FROM bookings WHERE id = $1`, [own.id]);
  expect(row!.site_id).toBe(A);
  // The week filter is A's week in A's zone: the walk-in of A is there, B's is not.
  const week = json(await adminA.get(`/api/admin/bookings?filter=${encodeURIComponent('{"week":"2027-10-14"}')}`));
  expect(ids(week)).toEqual([own.id]);
});

test("settings, shelves and devices are each site's own; a change at A leaves B's alone", async () => {
  const rulesA = json(await adminA.get('/api/admin/settings/court_rules')) as { value: string };
  expect(rulesA.value).not.toBe(b.rules);
  const rulesB = json(await owner.get(withSite('/api/admin/settings/court_rules', B))) as { value: string };
  expect(rulesB.value).toBe(b.rules);
  json(await adminA.put('/api/admin/settings/court_rules', { value: 'Правила площадки А' }));
  expect((json(await owner.get(withSite('/api/admin/settings/court_rules', B))) as { value: string }).value).toBe(
    b.rules,
  );

  const shelfA = json(await adminA.get('/api/admin/shelves/3')) as { status: string; renter_id: number | null };
  expect(shelfA).toMatchObject({ status: 'free', renter_id: null });
  const shelfB = json(await owner.get(withSite('/api/admin/shelves/3', B))) as { renter_id: number | null };
  expect(shelfB).toMatchObject({ status: 'occupied', renter_id: b.player.id });
  json(await adminA.put('/api/admin/shelves/5', { is_blocked: true }));
  const [blocked] = await api.db.query<{ a: boolean; b: boolean }[]>(
    `SELECT bool_or(is_blocked) FILTER (WHERE site_id = $1) AS a, bool_or(is_blocked) FILTER (WHERE site_id = $2) AS b
       FROM shelves WHERE id = 5`,
    [A, B],
  );
  expect(blocked).toEqual({ a: true, b: false });

  expect(json(await adminA.get('/api/admin/devices/light'))).toMatchObject({ on: false });
  expect(json(await owner.get(withSite('/api/admin/devices/light', B)))).toMatchObject({ on: true });
});

test("the action log lists the site's actions only, each written at the site it was taken at", async () => {
  const logA = json(await adminA.get('/api/admin/actions')) as { id: number; action: string }[];
  const logB = json(await owner.get(withSite('/api/admin/actions', B))) as { id: number; action: string }[];
  expect(logB.map((row) => row.action)).toEqual(
    expect.arrayContaining(['booking.create', 'closure.create', 'setting.update']),
  );
  expect(ids(logA).some((id) => ids(logB).includes(id))).toBe(false);
  const foreign = await adminA.get(`/api/admin/actions/${logB[0]!.id}`);
  expect([foreign.status, foreign.body.detail]).toEqual([404, messages.actionNotFound]);
});

test("counters, the players on court now and the statistics are the chosen site's", async () => {
  expect(json(await adminA.get('/api/get_current_players/'))).toEqual({ detail: [] });
  const playing = json(await owner.get(withSite('/api/get_current_players/', B))) as { detail: { id: number }[] };
  expect(ids(playing.detail)).toEqual([b.player.id]);

  const games = (client: Client, path: string) => client.get(path).then((r) => (json(r) as { detail: number }).detail);
  expect(await games(adminA, '/api/count_games/')).toBe(0);
  expect(await games(owner, withSite('/api/count_games/', B))).toBeGreaterThanOrEqual(1);

  const period = 'from=2027-10-11&to=2027-10-17';
  type Occupancy = { period: { time_zone: string }; totals: { booked: number; played: number } };
  const statsA = json(await adminA.get(`/api/admin/stats/occupancy?${period}`)) as Occupancy;
  const statsB = json(await owner.get(withSite(`/api/admin/stats/occupancy?${period}`, B))) as Occupancy;
  expect(statsA.period.time_zone).toBe('Europe/Moscow');
  expect(statsB.period.time_zone).toBe('Asia/Vladivostok');
  expect(statsB.totals).toMatchObject({ booked: 2, played: 1 });
  expect(statsA.totals.played).toBe(0);
  type Courts = { weeks: { court_id: string }[] };
  const courtsB = json(await owner.get(withSite(`/api/admin/stats/courts?${period}`, B))) as Courts;
  const courtsA = json(await adminA.get(`/api/admin/stats/courts?${period}`)) as Courts;
  expect([...new Set(courtsB.weeks.map((week) => Number(week.court_id)))]).toEqual(b.courts);
  expect([...new Set(courtsA.weeks.map((week) => Number(week.court_id)))]).toEqual([1, 2]);
  const csvB = await owner.get(withSite(`/api/admin/stats/occupancy?${period}&format=csv`, B));
  expect(csvB.headers['content-type']).toContain('text/csv');
  const devicesB = json(await owner.get(withSite(`/api/admin/stats/devices?${period}`, B))) as { light_hours: number };
  const devicesA = json(await adminA.get(`/api/admin/stats/devices?${period}`)) as { light_hours: number };
  expect(devicesB.light_hours).toBeGreaterThan(0);
  expect(devicesA.light_hours).toBe(0);
});

test('another site named with ?site_id= is refused for its non-admin (403), never answered with A', async () => {
  for (const path of [
    '/api/admin/courts',
    '/api/admin/actions',
    '/api/admin/stats/demand?from=2027-10-11&to=2027-10-17',
  ]) {
    const refused = await adminA.get(withSite(path, B));
    expect([refused.status, refused.body.detail]).toEqual([403, messages.siteNotYours]);
  }
  const put = await adminA.put(withSite('/api/admin/settings/court_rules', B), { value: 'Чужие правила' });
  expect([put.status, put.body.detail]).toEqual([403, messages.siteNotYours]);
});

test('accounts are global: the admin of A reads any player, but only the owner gives roles and sites', async () => {
  const player = json(await adminA.get(`/api/admin/users/${b.player.id}`)) as { name: string; site_ids: string[] };
  expect(player).toMatchObject({ name: b.player.name, role: 'player', site_ids: [] });
  // give_user shows the player's games, shelf and door openings at A only.
  const given = json(await adminA.get(`/api/give_user/?id=${b.player.id}`)) as {
    detail: { games: unknown[]; shelf: unknown };
  };
  expect(given.detail).toMatchObject({ games: [], shelf: null });

  const [colleague] = await signedInPlayers(api, 1);
  const refused = await adminA.put(`/api/admin/users/${colleague!.id}`, { role: 'admin', site_ids: [B] });
  expect([refused.status, refused.body.detail]).toEqual([403, messages.siteOwnersOnly]);
  // The record sent back unchanged needs nobody's permission.
  expect((await adminA.put(`/api/admin/users/${colleague!.id}`, { role: 'player', site_ids: [] })).status).toBe(200);

  const made = json(await owner.put(`/api/admin/users/${colleague!.id}`, { role: 'admin', site_ids: [B] }));
  expect(made).toMatchObject({ role: 'admin', site_ids: [B] });
  // An admin to the spec's calls too; the new admin of B runs B: its courts by default, A refused.
  expect(json(await colleague!.client.get('/api/is_admin/'))).toEqual({ detail: true });
  const courts = json(await colleague!.client.get('/api/admin/courts')) as { id: number }[];
  expect(ids(courts)).toEqual(b.courts);
  const other = await colleague!.client.get(withSite('/api/admin/courts', A));
  expect([other.status, other.body.detail]).toEqual([403, messages.siteNotYours]);
  const unknown = await owner.put(`/api/admin/users/${colleague!.id}`, { site_ids: ['no-such-site'] });
  expect([unknown.status, unknown.body.detail]).toEqual([404, messages.siteNotFound]);

  const ownRole = await owner.put(`/api/admin/users/${ownerId}`, { role: 'player' });
  expect([ownRole.status, ownRole.body.detail]).toEqual([409, messages.cannotChangeOwnRole]);
  // Back to a player: the sites go with the role, and the dashboard is closed to them at once.
  expect(json(await owner.put(`/api/admin/users/${colleague!.id}`, { role: 'player' }))).toMatchObject({
    role: 'player',
    site_ids: [],
  });
  expect((await colleague!.client.get('/api/admin/courts')).status).toBe(403);
  const filter = encodeURIComponent(JSON.stringify({ action: 'user.role' }));
  const log = json(await owner.get(withSite(`/api/admin/actions?filter=${filter}`, A))) as {
    detail: string;
  }[];
  expect(log.map((row) => row.detail)).toEqual(['Роль: Игрок', 'Роль: Администратор; площадки: Площадка Б']);
});
