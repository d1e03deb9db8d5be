import { messages } from '@kort/contracts';
import type { Client } from '../support/client';
import { nextMail } from '../support/mailbox';
import { msk, order, signedInAdmin, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Courts (the dashboard's `courts`): a third court booked like the seed's two; a court taken out of
// booking, its games cancelled and told; a court with history never deleted. August 2027.
const NOW = '2027-08-02T06:00:00Z'; // Monday 2 August 2027, 09:00 in Moscow

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
const courtList = async (who: Person) => (await who.client.get('/api/get_courts/')).body.detail as unknown[];

test("with nothing configured the courts are the seed's two, as the spec has them", async () => {
  const [player] = await players(1);
  expect(await courtList(player!)).toEqual([
    { id_cort: 1, name: 'Корт 1' },
    { id_cort: 2, name: 'Корт 2' },
  ]);
  const list = await admin.get('/api/admin/courts');
  expect(list.headers['content-range']).toBe('courts 0-1/2');
  expect(list.body).toEqual([
    expect.objectContaining({ id: 1, name: 'Корт 1', active: true, sort_order: 1 }),
    expect.objectContaining({ id: 2, name: 'Корт 2', active: true, sort_order: 2 }),
  ]);
});

test('a third court: in get_courts, bookable, and an hour is taken only when all three are', async () => {
  const made = await admin.post('/api/admin/courts', { name: 'Корт 3' });
  expect(made.status).toBe(201);
  expect(made.body).toMatchObject({ id: 3, name: 'Корт 3', active: true, sort_order: 3 });
  const [a, b, c, d] = await players(4);
  expect(await courtList(a!)).toContainEqual({ id_cort: 3, name: 'Корт 3' });

  for (const [who, court] of [
    [a!, 1],
    [b!, 2],
  ] as const) {
    expect((await order(who.client, court, msk('2027-08-03', 18))).status).toBe(200);
  }
  const dial = async () =>
    (await d!.client.get('/api/get-available-times/?date=2027-08-03')).body as { reserved: number[] };
  expect((await dial()).reserved).toEqual([]);
  expect((await order(c!.client, 3, msk('2027-08-03', 18))).status).toBe(200);
  expect((await dial()).reserved).toEqual([18]);
  expect((await d!.client.get('/api/get_courts_status/?date=2027-08-03&hour=18')).body).toEqual({
    busy_courts: [1, 2, 3],
  });
  // The day view has the game on court 3.
  const day = await admin.get(`/api/admin/bookings?filter=${encodeURIComponent('{"day":"2027-08-03","court_id":3}')}`);
  expect((day.body as { user_id: number }[]).map((game) => game.user_id)).toEqual([c!.id]);

  const renamed = await admin.put('/api/admin/courts/3', { name: 'Грунт', sort_order: 0 });
  expect(renamed.body).toMatchObject({ name: 'Грунт', sort_order: 0 });
  expect((await courtList(a!))[0]).toEqual({ id_cort: 3, name: 'Грунт' });
  // My games names a court the club named; the seed's «Корт N» stay as the spec has them.
  const [onThird] = (await c!.client.get('/api/my-orders/')).body.detail;
  expect(onThird).toMatchObject({ name: 3, id_cort: 3, court_name: 'Грунт' });
  const [onFirst] = (await a!.client.get('/api/my-orders/')).body.detail;
  expect(onFirst).not.toHaveProperty('court_name');
  const taken = await admin.put('/api/admin/courts/1', { name: 'грунт' });
  expect([taken.status, taken.body.detail]).toEqual([409, messages.courtNameTaken]);
});

test('a court taken out of booking: its future games listed, then cancelled and told; booking it refused; put back', async () => {
  const [future, onNow, other] = await players(3);
  const game = await order(future!.client, 2, msk('2027-08-04', 12));
  expect(game.status).toBe(200);
  const begun = await order(onNow!.client, 2, msk('2027-08-02', 10));
  expect(begun.status).toBe(200);
  api.clock.set('2027-08-02T07:10:00Z'); // 10:10: the 10:00 game has begun
  const listed = ((await admin.get('/api/admin/courts/2/future-games')).body as { id: number }[]).map((one) => one.id);
  expect(listed).toContain(game.body.id);
  expect(listed).not.toContain(begun.body.id);

  const off = await admin.put('/api/admin/courts/2', { active: false });
  expect(off.body).toMatchObject({ id: 2, active: false });
  // The cancelled game stays on My games, greyed, with the court's reason; the game under way is kept.
  const mine = (await future!.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
  expect(mine.map((one) => [one.id, one.status, one.cancelled])).toEqual([
    [game.body.id, 'cancelled', { reason: 'Корт 2 закрыт для бронирования', at: '2027-08-02T10:10:00.000+03:00' }],
  ]);
  const kept = (await onNow!.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
  expect(kept.map((one) => one.status)).toEqual(['upcoming']); // begun by the clock, its door not opened yet
  const letter = await nextMail(future!.email);
  expect(letter.text).toContain('Причина: Корт 2 закрыт для бронирования.');
  expect((await courtList(other!)).map((court) => (court as { id_cort: number }).id_cort)).not.toContain(2);
  const refused = await order(other!.client, 2, msk('2027-08-05', 12));
  expect([refused.status, refused.body.detail]).toEqual([409, messages.courtInactive]);
  const log = await admin.get(`/api/admin/actions?filter=${encodeURIComponent('{"action":"court.deactivate"}')}`);
  expect(log.body[0]).toMatchObject({ target_id: '2', detail: `Отменено игр: ${listed.length}` });

  expect((await admin.put('/api/admin/courts/2', { active: true })).body.active).toBe(true);
  expect((await order(other!.client, 2, msk('2027-08-05', 12))).status).toBe(200);
});

test('a court with games in its history is never deleted; one that never had any is', async () => {
  const used = await admin.delete('/api/admin/courts/1');
  expect([used.status, used.body.detail]).toEqual([409, messages.courtHasHistory]);
  const spare = await admin.post('/api/admin/courts', { name: 'Запасной', active: false });
  expect((await admin.delete(`/api/admin/courts/${spare.body.id}`)).status).toBe(200);
  expect((await admin.get(`/api/admin/courts/${spare.body.id}`)).status).toBe(404);
  expect((await admin.post('/api/admin/courts', { name: ' ' })).body.detail).toBe(messages.courtNameRequired);
});
