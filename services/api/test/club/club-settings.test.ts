import { CLUB_RULE_DEFAULTS, horizonText, messages, openingHoursText } from '@kort/contracts';
import { ChangeFeed } from '../../src/cache/change-feed';
import { waitFor } from '../support/wait';
import type { Client } from '../support/client';
import { msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// The club's hours and quotas as settings (the dashboard's `settings`): the spec's rules with
// nothing configured; a change applies to new bookings at once, on every replica, and never
// cancels a game. Two replicas on one database and Redis, as behind the proxy. September 2027.
const NOW = '2027-09-06T06:00:00Z'; // Monday 6 September 2027, 09:00 in Moscow

let a: TestApp;
let b: TestApp;
let admin: Client;
beforeAll(async () => {
  a = await startTestApp({}, new TestClock(), { ownDatabase: true });
  b = await startTestApp({ REDIS_PREFIX: a.config.redisPrefix, DATABASE_URL: a.config.databaseUrl }, new TestClock());
  await waitFor(() => a.app.get(ChangeFeed).live && b.app.get(ChangeFeed).live);
  admin = await signedInAdmin(a);
});
beforeEach(() => {
  a.clock.set(NOW);
  b.clock.set(NOW);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same browser reaching the other replica (the proxy's round robin). */
function onReplica(client: Client, api: TestApp): Client {
  const other = api.client();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}
const set = (key: string, value: string) => admin.put(`/api/admin/settings/${key}`, { value });

test("with nothing configured: the spec's hours and quotas, shown with their defaults", async () => {
  const [player] = await signedInPlayers(a, 1);
  // With the installation's door window and no-show rule, which the player app's texts repeat.
  expect((await player!.client.get('/api/booking_rules/')).body).toEqual({ detail: CLUB_RULE_DEFAULTS });
  const listed = await admin.get(
    `/api/admin/settings?filter=${encodeURIComponent('{"id":["opening_hour","quota_per_day"]}')}`,
  );
  expect(listed.body).toEqual([
    expect.objectContaining({ id: 'opening_hour', value: '6' }),
    expect.objectContaining({ id: 'quota_per_day', value: '1' }),
  ]);
});

test('a quota raised through one replica is applied by the other within a second; lowered, it cancels nothing', async () => {
  const [player] = await signedInPlayers(a, 1);
  const viaB = onReplica(player!.client, b);
  // The other replica has the rules in memory before the change.
  expect((await viaB.get('/api/booking_rules/')).body.detail.quota_per_day).toBe(1);
  expect((await order(viaB, 1, msk('2027-09-07', 10))).status).toBe(200);
  expect((await order(viaB, 1, msk('2027-09-07', 12))).status).toBe(418);

  expect((await set('quota_per_day', '2')).body).toMatchObject({ id: 'quota_per_day', value: '2' });
  const changedAt = Date.now();
  await waitFor(async () => (await viaB.get('/api/booking_rules/')).body.detail.quota_per_day === 2, 1_000);
  expect(Date.now() - changedAt).toBeLessThan(1_000);
  expect((await order(viaB, 1, msk('2027-09-07', 12))).status).toBe(200);

  // Lowered again: both games stay; a third that day is refused.
  expect((await set('quota_per_day', '1')).status).toBe(200);
  await waitFor(async () => (await viaB.get('/api/booking_rules/')).body.detail.quota_per_day === 1, 1_000);
  expect((await viaB.get('/api/my-orders/')).body.detail).toHaveLength(2);
  const refused = await order(viaB, 2, msk('2027-09-07', 15));
  expect([refused.status, refused.body.detail]).toEqual([418, messages.bookingLimit]);
  // The calendar says so before the last step, by the same rule.
  const limits = (await viaB.get('/api/booking_limits/?year=2027&month=9')).body.detail;
  expect(limits.days).toContainEqual({ day: 7, reason: 'day' });
});

test('opening hours 8-22: the first and last hours are refused and taken on the dial, with the reason; a game outside stays', async () => {
  const [early, other] = await signedInPlayers(a, 2);
  expect((await order(early!.client, 1, msk('2027-09-09', 7))).status).toBe(200);
  expect((await set('opening_hour', '8')).status).toBe(200);
  expect((await set('closing_hour', '22')).status).toBe(200);
  const viaB = onReplica(other!.client, b);
  await waitFor(async () => (await viaB.get('/api/booking_rules/')).body.detail.closing_hour === 22, 1_000);

  for (const hour of [7, 22]) {
    const refused = await order(viaB, 1, msk('2027-09-10', hour));
    expect([refused.status, refused.body.detail]).toEqual([400, openingHoursText(8, 22)]);
  }
  expect((await order(viaB, 1, msk('2027-09-10', 21))).status).toBe(200);
  const dial = (await viaB.get('/api/get-available-times/?date=2027-09-11')).body;
  expect(dial.reserved).toEqual([6, 7, 22, 23]);
  expect(dial.closed).toEqual([6, 7, 22, 23].map((hour) => ({ hour, reason: messages.clubClosedHours })));
  expect((await early!.client.get('/api/my-orders/')).body.detail).toHaveLength(1);

  // The club opens before it closes.
  const crossed = await set('opening_hour', '22');
  expect([crossed.status, crossed.body.detail]).toEqual([400, messages.settingHoursOrder]);
  const outOfRange = await set('closing_hour', '25');
  expect([outOfRange.status, outOfRange.body.detail]).toEqual([400, 'Значение должно быть целым числом от 7 до 24']);
  await set('opening_hour', '6');
  await set('closing_hour', '24');
});

test('the booking horizon: 30 days refuses the 31st day ahead, to book and to look at, in words that follow it', async () => {
  const [player] = await signedInPlayers(a, 1);
  expect((await set('booking_horizon_days', '30')).status).toBe(200);
  await waitFor(async () => (await player!.client.get('/api/booking_rules/')).body.detail.booking_horizon_days === 30);
  const refused = await order(player!.client, 1, msk('2027-10-07', 18));
  expect([refused.status, refused.body.detail]).toEqual([400, horizonText(30)]);
  expect(horizonText(30)).toBe('Записаться можно не больше чем на 30 дней вперёд');
  expect((await player!.client.get('/api/get-available-times/?date=2027-10-07')).status).toBe(400);
  expect((await order(player!.client, 1, msk('2027-10-06', 18))).status).toBe(200);
  // The apps' clock reaches two days past the club's horizon.
  expect((await player!.client.get('/api/site_time/')).body.detail.offsets_until).toBe('2027-10-08T06:00:00.000Z');
  await set('booking_horizon_days', '90');
});
