import { randomUUID } from 'node:crypto';
import { messages, priceRuleFor } from '@kort/contracts';
import { seedNewSite } from '../../src/database/seed';
import { PricesService } from '../../src/prices/prices.service';
import { SitesService } from '../../src/sites/sites.service';
import type { Client } from '../support/client';
import { signedInAdmin } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// A club's prices (the dashboard's `prices`): ordered rules of the chosen site, each change in the
// site's action log, another site's rules out of reach; the first rule that matches an hour sets
// its price. docs/decisions/0078-prices.md.

let api: TestApp;
let owner: Client;
const B = `prices-b-${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  api = await startTestApp({}, new TestClock());
  api.clock.set('2027-08-02T06:00:00Z');
  owner = await signedInAdmin(api);
  await api.db.query(`INSERT INTO sites (id, name, slug, timezone) VALUES ($1, 'Площадка Б', $1, 'Asia/Vladivostok')`, [
    B,
  ]);
  await seedNewSite(api.db, B);
  api.app.get(SitesService).wrote();
});
afterAll(() => api?.close());

const EVENING = { name: 'Вечер будней', weekdays: [1, 2, 3, 4, 5], from_hour: 18, to_hour: 23, amount: '1500' };

const log = async (id: number) =>
  (
    await api.db.query<{ action: string; detail: string; site_id: string }[]>(
      `SELECT action, detail, site_id FROM admin_actions WHERE target_type = 'price' AND target_id = $1 ORDER BY id`,
      [String(id)],
    )
  ).map((row) => [row.site_id, row.action, row.detail]);

test('a site has no prices until its admin makes one: then the evening costs 1500.00, the rest stays free', async () => {
  const empty = await owner.get('/api/admin/prices');
  expect([empty.status, empty.headers['content-range'], empty.body]).toEqual([200, 'prices 0-0/0', []]);

  const made = await owner.post('/api/admin/prices', EVENING);
  expect(made.status).toBe(201);
  expect(made.body).toEqual({
    id: expect.any(Number),
    ...EVENING,
    amount: '1500.00',
    court_id: null,
    audience: 'everyone',
    sort_order: 0,
    created_at: expect.any(String),
  });
  const id = (made.body as { id: number }).id;
  expect(await log(id)).toEqual([
    ['default', 'price.create', 'Вечер будней: 1500.00 ₽, пн, вт, ср, чт, пт, 18:00–23:00, все корты'],
  ]);

  const rules = await api.app.get(PricesService).rulesOf({ id: 'default', timezone: 'Europe/Moscow' });
  const at = (weekday: number, hour: number) =>
    priceRuleFor(rules, { courtId: 1, weekday, hour, sportSchool: false })?.kopecks ?? 0;
  expect([at(1, 18), at(5, 22), at(5, 23), at(6, 18), at(1, 17)]).toEqual([150_000, 150_000, 0, 0, 0]);
});

test('an edit changes what it names and is logged; one that changes nothing is not; a delete is logged with what it was', async () => {
  const { id } = (await owner.post('/api/admin/prices', { ...EVENING, name: 'Утро', from_hour: 8, to_hour: 12 }))
    .body as { id: number };
  const edited = await owner.put(`/api/admin/prices/${id}`, { amount: '900,50', court_id: 2 });
  expect(edited.status).toBe(200);
  expect(edited.body).toMatchObject({ amount: '900.50', court_id: 2, from_hour: 8, to_hour: 12 });
  // react-admin sends the whole record back: nothing changed, nothing logged.
  expect((await owner.put(`/api/admin/prices/${id}`, edited.body as object)).status).toBe(200);
  const gone = await owner.delete(`/api/admin/prices/${id}`);
  expect(gone.status).toBe(200);
  expect((await owner.get(`/api/admin/prices/${id}`)).body).toMatchObject({ detail: messages.priceNotFound });
  expect(await log(id)).toEqual([
    ['default', 'price.create', 'Утро: 1500.00 ₽, пн, вт, ср, чт, пт, 08:00–12:00, все корты'],
    ['default', 'price.update', 'Утро: 900.50 ₽, пн, вт, ср, чт, пт, 08:00–12:00, корт №2'],
    ['default', 'price.delete', 'Утро: 900.50 ₽, пн, вт, ср, чт, пт, 08:00–12:00, корт №2'],
  ]);
  // The action log names a deleted price by its id.
  const actions = await owner.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ target_type: 'price', target_id: String(id) }))}`,
  );
  expect((actions.body as { target_label: string }[]).map((row) => row.target_label)).toEqual([
    `#${id}`,
    `#${id}`,
    `#${id}`,
  ]);
});

test('a wrong price is a 400 with its reason, never a half-saved rule', async () => {
  const { id } = (await owner.post('/api/admin/prices', { ...EVENING, name: 'Проверка' })).body as { id: number };
  for (const [body, detail] of [
    [{ ...EVENING, amount: '-5' }, messages.priceAmount],
    [{ ...EVENING, amount: '1000000' }, messages.priceAmount],
    [{ ...EVENING, from_hour: 20, to_hour: 19 }, messages.priceHoursOrder],
    [{ ...EVENING, weekdays: [8] }, messages.priceWeekdays],
  ] as const) {
    const refused = await owner.post('/api/admin/prices', body);
    expect([refused.status, refused.body.detail]).toEqual([400, detail]);
  }
  // An edit is checked against the stored hours (18-23): a start at 23 ends nothing.
  const late = await owner.put(`/api/admin/prices/${id}`, { from_hour: 23 });
  expect([late.status, late.body.detail]).toEqual([400, messages.priceHoursOrder]);
  expect((await owner.get(`/api/admin/prices/${id}`)).body).toMatchObject({ from_hour: 18, to_hour: 23 });
});

test("another site's court and prices are not this site's: a rule naming B's court is refused, B's rule is not found", async () => {
  const [bCourt] = await api.db.query<{ id: number }[]>(`SELECT min(id) AS id FROM courts WHERE site_id = $1`, [B]);
  const refused = await owner.post('/api/admin/prices', { ...EVENING, court_id: bCourt!.id });
  expect([refused.status, refused.body.detail]).toEqual([404, messages.courtNotFound]);

  const atB = await owner.post(`/api/admin/prices?site_id=${B}`, { ...EVENING, court_id: bCourt!.id });
  expect(atB.status).toBe(201);
  const id = (atB.body as { id: number }).id;
  expect((await owner.get(`/api/admin/prices/${id}`)).status).toBe(404);
  expect((await owner.put(`/api/admin/prices/${id}`, { amount: '1' })).status).toBe(404);
  expect((await owner.delete(`/api/admin/prices/${id}`)).status).toBe(404);
  expect((await owner.get(`/api/admin/prices/${id}?site_id=${B}`)).body).toMatchObject({ amount: '1500.00' });
  expect(await log(id)).toEqual([
    [B, 'price.create', 'Вечер будней: 1500.00 ₽, пн, вт, ср, чт, пт, 18:00–23:00, корт №' + bCourt!.id],
  ]);
});
