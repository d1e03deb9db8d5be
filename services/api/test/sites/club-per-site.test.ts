import { messages } from '@kort/contracts';
import { ChangeFeed } from '../../src/cache/change-feed';
import { seedNewSite } from '../../src/database/seed';
import { SitesService } from '../../src/sites/sites.service';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { nextMail } from '../support/mailbox';
import { cancel, msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// A player's club is their current site: its courts, rules, contacts, hours, quotas, dial and
// "today" in its own zone. Three sites of one install at the same instant: the default one
// (Moscow, +03:00), one in Vladivostok (+10:00) and one in Kaliningrad (+02:00). Its own database.
const NOW = '2027-06-14T15:00:00Z'; // Monday: 18:00 in Moscow, 17:00 in Kaliningrad, already Tuesday 01:00 in Vladivostok

let api: TestApp;
/** The courts of each new site, in its order (numbered after the default site's 1 and 2). */
const courts: Record<'vl' | 'kgd', [number, number]> = { vl: [0, 0], kgd: [0, 0] };

beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone) VALUES
       ('vl', 'Владивосток', 'vl', 'Asia/Vladivostok'), ('kgd', 'Калининград', 'kgd', 'Europe/Kaliningrad')`,
  );
  for (const site of ['vl', 'kgd'] as const) {
    await seedNewSite(api.db, site);
    const rows = await api.db.query<{ id: number }[]>(
      `SELECT id FROM courts WHERE site_id = $1 ORDER BY sort_order, id`,
      [site],
    );
    courts[site] = [rows[0]!.id, rows[1]!.id];
  }
  // This replica hears the new rows through the change feed; a test does not wait for it.
  api.app.get(SitesService).wrote();
  api.app.get(ChangeFeed).wrote('courts');
  api.app.get(ChangeFeed).wrote('settings');
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

/** A signed-in player whose current site is `site` (POST /api/site/, as the app's «Площадка» does). */
async function playerAt(site: string): Promise<{ client: Client; id: number; email: string }> {
  const [player] = await signedInPlayers(api, 1);
  if (site !== 'default') await choose(player!.client, site);
  return player!;
}
async function choose(client: Client, site: string): Promise<void> {
  const chosen = await client.post('/api/site/', { site_id: site });
  expect(chosen.status).toBe(200);
}
const at = (date: string, hour: number, offset: string) => `${date}T${String(hour).padStart(2, '0')}:00:00${offset}`;
const vl = (date: string, hour: number) => at(date, hour, '+10:00');
const kgd = (date: string, hour: number) => at(date, hour, '+02:00');

describe('each site keeps its own time: Vladivostok and Kaliningrad on the same instant', () => {
  test("site_time answers the current site's zone and offsets", async () => {
    const inVl = (await (await playerAt('vl')).client.get('/api/site_time/')).body.detail;
    const inKgd = (await (await playerAt('kgd')).client.get('/api/site_time/')).body.detail;
    expect(inVl).toMatchObject({ time_zone: 'Asia/Vladivostok', now: '2027-06-14T15:00:00.000Z' });
    expect(inVl.offsets).toEqual([{ from: '2027-06-13T15:00:00.000Z', minutes: 600 }]);
    expect(inKgd).toMatchObject({ time_zone: 'Europe/Kaliningrad' });
    expect(inKgd.offsets).toEqual([{ from: '2027-06-13T15:00:00.000Z', minutes: 120 }]);
  });

  test('"today" differs: 14 June is over in Vladivostok and still bookable in Kaliningrad', async () => {
    const east = await playerAt('vl');
    const west = await playerAt('kgd');
    const month = '/api/booked_times/?year=2027&month=6';
    expect((await east.client.get(month)).body.detail).toEqual(expect.arrayContaining([13, 14]));
    expect((await east.client.get(month)).body.detail).not.toContain(15);
    expect((await west.client.get(month)).body.detail).toContain(13);
    expect((await west.client.get(month)).body.detail).not.toContain(14);

    // 18:00 on the 14th: passed in Vladivostok (its clocks read 01:00 on the 15th), an hour ahead in Kaliningrad.
    const late = await order(east.client, courts.vl[0], vl('2027-06-14', 18));
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(messages.bookingInPast);
    expect((await order(west.client, courts.kgd[0], kgd('2027-06-14', 18))).status).toBe(200);
    expect((await order(east.client, courts.vl[0], vl('2027-06-15', 18))).status).toBe(200);

    // Each site's games are "today" on its own date, with its own offset.
    const [eastGame] = (await east.client.get('/api/my-orders/')).body.detail;
    const [westGame] = (await west.client.get('/api/my-orders/')).body.detail;
    expect(eastGame).toMatchObject({ date: '15 июня 2027', time: '18:00', today: true, site_id: 'vl' });
    expect(eastGame.time_start).toBe('2027-06-15T18:00:00.000+10:00');
    expect(westGame).toMatchObject({ date: '14 июня 2027', time: '18:00', today: true, site_id: 'kgd' });
    expect(westGame.time_start).toBe('2027-06-14T18:00:00.000+02:00');
  });

  test('the hours and the dial are local to the site: one instant is 08:00 in one and midnight in the other', async () => {
    const instant = '2027-06-16T22:00:00Z';
    const east = await playerAt('vl');
    const west = await playerAt('kgd');
    expect((await order(east.client, courts.vl[1], instant)).status).toBe(200); // 08:00 on the 17th
    const midnight = await order(west.client, courts.kgd[1], instant); // 00:00 on the 17th
    expect(midnight.status).toBe(400);
    expect(midnight.body.detail).toBe(messages.bookingHours);

    // The dial of each site reads its own local day: only Vladivostok's 17th has the game at 8.
    const eastDay = (await east.client.get('/api/get-available-times/?date=2027-06-17')).body;
    expect(eastDay.reserved_hours_by_current_user).toEqual([8]);
    const westDay = (await west.client.get('/api/get-available-times/?date=2027-06-17')).body;
    expect(westDay.reserved_hours_by_current_user).toEqual([]);
    const busy = (await east.client.get('/api/get_courts_status/?date=2027-06-17&hour=8')).body;
    expect(busy.busy_courts).toEqual([courts.vl[1]]);
    expect((await west.client.get('/api/get_courts_status/?date=2027-06-17&hour=8')).body.busy_courts).toEqual([]);
  });
});

describe("a player's site: its courts, rules, contacts and quotas", () => {
  test("switching site shows that site's courts, rules text, contacts and hours", async () => {
    await api.db.query(`UPDATE settings SET value = $1 WHERE site_id = 'vl' AND key = 'court_rules'`, [
      'Правила площадки во Владивостоке',
    ]);
    await api.db.query(`UPDATE settings SET value = $1 WHERE site_id = 'vl' AND key = 'club_contacts'`, [
      'Владивосток: +7 (423) 000-00-00',
    ]);
    await api.db.query(`UPDATE settings SET value = '8' WHERE site_id = 'vl' AND key = 'opening_hour'`);
    api.app.get(ChangeFeed).wrote('settings');

    const { client } = await playerAt('default');
    const defaultRules = (await client.get('/api/give_rules/')).body.detail as string;
    const defaultContacts = (await client.get('/api/give_contacts/')).body.detail as string;
    expect((await client.get('/api/get_courts/')).body.detail).toEqual([
      { id_cort: 1, name: 'Корт 1' },
      { id_cort: 2, name: 'Корт 2' },
    ]);
    expect((await client.get('/api/booking_rules/')).body.detail.opening_hour).toBe(6);

    await choose(client, 'vl');
    expect((await client.get('/api/get_courts/')).body.detail).toEqual([
      { id_cort: courts.vl[0], name: 'Корт 1' },
      { id_cort: courts.vl[1], name: 'Корт 2' },
    ]);
    expect((await client.get('/api/give_rules/')).body.detail).toBe('Правила площадки во Владивостоке');
    expect((await client.get('/api/give_contacts/')).body.detail).toBe('Владивосток: +7 (423) 000-00-00');
    expect((await client.get('/api/booking_rules/')).body.detail.opening_hour).toBe(8);
    const early = await order(client, courts.vl[0], vl('2027-06-18', 7));
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('Игры начинаются с 08:00 до 23:00');
    // Another site's court is no court of this one.
    const elsewhere = await order(client, 1, vl('2027-06-18', 12));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.detail).toBe(messages.unknownCourt);

    // Signed out, the rules and contacts are the install's first site's; the default site's are unchanged.
    expect((await api.client().get('/api/give_rules/')).body.detail).toBe(defaultRules);
    await choose(client, 'default');
    expect((await client.get('/api/give_contacts/')).body.detail).toBe(defaultContacts);
    await api.db.query(`UPDATE settings SET value = '6' WHERE site_id = 'vl' AND key = 'opening_hour'`);
    api.app.get(ChangeFeed).wrote('settings');
  });

  test('quotas count per site: at quota in Moscow, the player still books in Vladivostok', async () => {
    const { client } = await playerAt('default');
    expect((await order(client, 1, msk('2027-06-21', 12))).status).toBe(200);
    const second = await order(client, 2, msk('2027-06-21', 14));
    expect(second.status).toBe(418);
    expect(second.body.detail).toBe(messages.bookingLimit);
    const limits = '/api/booking_limits/?year=2027&month=6';
    expect((await client.get(limits)).body.detail.days).toContainEqual({ day: 21, reason: 'day' });

    await choose(client, 'vl');
    expect((await client.get(limits)).body.detail.days).toEqual([]);
    expect((await order(client, courts.vl[0], vl('2027-06-21', 12))).status).toBe(200);
    // The day's second game at that site is refused as at any site.
    expect((await order(client, courts.vl[1], vl('2027-06-21', 13))).status).toBe(418);
    expect((await client.get(limits)).body.detail.days).toContainEqual({ day: 21, reason: 'day' });
  });

  test('no-shows pause the player at the site they were missed at only', async () => {
    const { client, id } = await playerAt('default');
    // Two no-shows at the default site this week (the limit): recorded as the check records them.
    await api.db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, cancelled_at, no_show_at)
       VALUES ($1, 1, '2027-06-10T09:00:00Z', '2027-06-10T10:00:00Z', 2, '2027-06-10T09:15:00Z', '2027-06-10T09:15:00Z'),
              ($1, 1, '2027-06-11T09:00:00Z', '2027-06-11T10:00:00Z', 2, '2027-06-11T09:15:00Z', '2027-06-11T09:15:00Z')`,
      [id],
    );
    const paused = await order(client, 1, msk('2027-06-22', 12));
    expect(paused.status).toBe(403);
    expect(paused.body.detail).toMatch(new RegExp(`^${messages.bookingPausedForNoShows} до `));
    await choose(client, 'kgd');
    expect((await client.get('/api/booking_limits/?year=2027&month=6')).body.detail.paused_until).toBeNull();
    expect((await order(client, courts.kgd[0], kgd('2027-06-22', 12))).status).toBe(200);
  });

  test("the waitlist is the site's: a line for a full hour in Vladivostok, its offer told in Vladivostok's time", async () => {
    const [one, two, waiting] = [await playerAt('vl'), await playerAt('vl'), await playerAt('vl')];
    expect((await order(one.client, courts.vl[0], vl('2027-06-23', 19))).status).toBe(200);
    expect((await order(two.client, courts.vl[1], vl('2027-06-23', 19))).status).toBe(200);
    const joined = await waiting.client.post('/api/waitlist/', { time_start: vl('2027-06-23', 19) });
    expect(joined.status).toBe(200);
    expect(joined.body.position).toBe(1);
    expect((await waiting.client.get('/api/waitlist/')).body.detail).toEqual([
      expect.objectContaining({ time_start: '2027-06-23T19:00:00.000+10:00', time: '19:00', position: 1 }),
    ]);
    // The same instant at the default site (12:00 in Moscow) has free courts: booked, not waited for.
    const moscow = await playerAt('default');
    const free = await moscow.client.post('/api/waitlist/', { time_start: vl('2027-06-23', 19) });
    expect(free.status).toBe(409);
    expect(free.body.detail).toBe(messages.waitlistCourtFree);

    // A freed game of that hour goes to the first in Vladivostok's line, and the letter says its local time.
    expect((await cancel(one.client, courts.vl[0], vl('2027-06-23', 19))).status).toBe(200);
    const letter = await nextMail(waiting.email);
    expect(letter.subject).toBe('Корт освободился: 19:00, Корт 1');
    await waitFor(async () => (await waiting.client.get('/api/waitlist/')).body.detail[0]?.state === 'offered');
    expect((await waiting.client.get('/api/waitlist/')).body.detail[0]).toMatchObject({ court: courts.vl[0] });
  });
});

test("my games lists the games of every site with its name, each in its own zone; cancelling acts at the game's site", async () => {
  const { client } = await playerAt('default');
  expect((await order(client, 2, msk('2027-06-25', 20))).status).toBe(200); // 17:00Z
  await choose(client, 'vl');
  expect((await order(client, courts.vl[0], vl('2027-06-25', 9))).status).toBe(200); // 23:00Z the 24th
  await choose(client, 'kgd');
  expect((await order(client, courts.kgd[1], kgd('2027-06-25', 10))).status).toBe(200); // 08:00Z

  const games = (await client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
  expect(games.map((game) => [game.site_id, game.site_name, game.time_start, game.date, game.time])).toEqual([
    ['vl', 'Владивосток', '2027-06-25T09:00:00.000+10:00', '25 июня 2027', '09:00'],
    ['kgd', 'Калининград', '2027-06-25T10:00:00.000+02:00', '25 июня 2027', '10:00'],
    ['default', 'Основная площадка', '2027-06-25T20:00:00.000+03:00', '25 июня 2027', '20:00'],
  ]);

  // The calendar feed places each game at its site.
  const url = new URL((await client.post('/api/calendar_token/')).body.detail as string).pathname;
  const feed = (await api.client().get(url)).text.replace(/\r\n /g, '');
  expect(feed).toContain('LOCATION:Корт 1\\, Владивосток');
  expect(feed).toContain('LOCATION:Корт 2\\, Калининград');
  expect(feed).toContain('25 июня 2027\\, 09:00–10:00 по местному времени площадки «Владивосток»');

  // The current site is Kaliningrad; the Moscow game is cancelled all the same.
  const cancelled = await cancel(client, 2, msk('2027-06-25', 20));
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.detail).toBe(messages.gameCancelled);
  expect((await client.get('/api/my-orders/')).body.detail).toHaveLength(2);
});

test("a school's term at a site: on that site's courts only, its hours in that site's zone", async () => {
  const owner = await signedInAdmin(api);
  const [school] = await signedInPlayers(api, 1, { sportSchool: true });
  const term = { user_id: school!.id, court_id: courts.vl[0], weekdays: [1], hour: 17 };
  const dates = { starts_on: '2027-07-05', ends_on: '2027-07-12' };
  const query = (fields: Record<string, unknown>) =>
    new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();

  const preview = await owner.get(`/api/admin/series/preview?${query({ ...term, ...dates, site_id: 'vl' })}`);
  expect(preview.status).toBe(200);
  expect((preview.body as { starts_at: string }[]).map((one) => one.starts_at)).toEqual([
    '2027-07-05T17:00:00.000+10:00',
    '2027-07-12T17:00:00.000+10:00',
  ]);
  // The default site's court 1 is not one of Vladivostok's.
  const elsewhere = await owner.get(
    `/api/admin/series/preview?${query({ ...term, ...dates, court_id: 1, site_id: 'vl' })}`,
  );
  expect(elsewhere.status).toBe(400);
  expect(elsewhere.body.detail).toBe(messages.courtNotFound);

  const saved = await owner.post('/api/admin/series?site_id=vl', { ...term, ...dates });
  expect(saved.status).toBe(201);
  expect(saved.body).toMatchObject({ booked: 2, skipped: 0 });
  const games = (await school!.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
  expect(games.map((game) => [game.site_id, game.time_start])).toEqual([
    ['vl', '2027-07-05T17:00:00.000+10:00'],
    ['vl', '2027-07-12T17:00:00.000+10:00'],
  ]);
});
