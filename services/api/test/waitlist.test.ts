import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { messages } from '@kort/contracts';
import { QUEUES, recordKey } from '../src/queues/queues';
import { waitFor } from './support/wait';
import type { Client } from './support/client';
import { nextMail } from './support/mailbox';
import { cancel, msk, order, signedInPlayers } from './support/players';
import { startTestApp, type TestApp } from './support/test-app';
import { TestClock } from './support/test-clock';

// The waitlist, on real BullMQ workers, PostgreSQL and MailDev: an hour taken on
// both courts offers a place in line; a freed game goes to the first in line, held 15 minutes;
// confirmed it is their game, expired it passes on; a player the quotas refuse is skipped and told.
// Its own database, in May 2027.
const NOW = '2027-05-03T06:00:00Z'; // Monday 3 May 2027, 09:00 in Moscow

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api?.close());

type Person = { client: Client; id: number; email: string };
const players = (count: number) => signedInPlayers(api, count) as Promise<Person[]>;

/** Both courts taken at that hour by two players of their own; they are returned to cancel later. */
async function fullHour(date: string, hour: number): Promise<[Person, Person]> {
  const [one, two] = (await players(2)) as [Person, Person];
  expect((await order(one.client, 1, msk(date, hour))).status).toBe(200);
  expect((await order(two.client, 2, msk(date, hour))).status).toBe(200);
  return [one, two];
}
const join = (who: Person, date: string, hour: number) =>
  who.client.post('/api/waitlist/', { time_start: msk(date, hour) });
const places = async (who: Person) => (await who.client.get('/api/waitlist/')).body.detail as Record<string, unknown>[];

test('an hour with a free court is booked, not waited for; a full hour gives places in line, one each', async () => {
  const [solo] = await players(1);
  expect((await order(solo!.client, 1, msk('2027-05-04', 10))).status).toBe(200);
  const [first, second] = await players(2);
  const free = await join(first!, '2027-05-04', 10);
  expect(free.status).toBe(409);
  expect(free.body.detail).toBe(messages.waitlistCourtFree);

  await fullHour('2027-05-04', 11);
  const joined = await join(first!, '2027-05-04', 11);
  expect(joined.status).toBe(200);
  expect(joined.body).toMatchObject({ detail: messages.waitlistJoined, position: 1 });
  expect((await join(second!, '2027-05-04', 11)).body.position).toBe(2);
  expect((await join(first!, '2027-05-04', 11)).status).toBe(409);
  expect(await places(second!)).toEqual([
    expect.objectContaining({
      time_start: '2027-05-04T11:00:00.000+03:00',
      time: '11:00',
      state: 'waiting',
      position: 2,
    }),
  ]);

  // Leaving moves the next one up.
  expect((await first!.client.delete(`/api/waitlist/${joined.body.id}/`)).body.detail).toBe(messages.waitlistLeft);
  expect((await places(second!))[0]).toMatchObject({ position: 1 });
  // The dashboard's day view counts who waits for each game's hour.
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const day = await admin!.client.get(
    `/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day: '2027-05-04' }))}&range=[0,9]`,
  );
  const waitingAt = (hour: string) =>
    (day.body as { starts_at: string; waiting: number }[])
      .filter((game) => game.starts_at === hour)
      .map((game) => game.waiting);
  expect(waitingAt('2027-05-04T08:00:00.000Z')).toEqual([1, 1]);
  expect(waitingAt('2027-05-04T07:00:00.000Z')).toEqual([0]);
  // Someone else's place is not found.
  expect((await second!.client.delete(`/api/waitlist/${joined.body.id}/`)).status).toBe(404);
});

test('a cancelled game goes to the first in line, held for them; confirmed, it is their game', async () => {
  const [one] = await fullHour('2027-05-05', 12);
  const [first, second] = await players(2);
  const place = (await join(first!, '2027-05-05', 12)).body.id as number;
  await join(second!, '2027-05-05', 12);

  expect((await cancel(one.client, 1, msk('2027-05-05', 12))).status).toBe(200);
  await waitFor(async () => (await places(first!))[0]?.state === 'offered');
  expect((await places(first!))[0]).toMatchObject({ court: 1, hold_until: '2027-05-03T09:15:00.000+03:00' });
  const letter = await nextMail(first!.email);
  expect(letter.subject).toBe('Корт освободился: 12:00, корт 1');
  // Held: nobody else can take it meanwhile.
  const [walkIn] = await players(1);
  expect((await order(walkIn!.client, 1, msk('2027-05-05', 12))).status).toBe(409);
  // The dashboard shows it as a hold, whose and until when, and does not cancel it as a game.
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const day = await admin!.client.get(
    `/api/admin/bookings?filter=${encodeURIComponent(JSON.stringify({ day: '2027-05-05', status: 'held' }))}`,
  );
  const [hold] = day.body as { id: number; user_id: number; status: string; held_until: string }[];
  expect(day.body).toHaveLength(1);
  expect(hold).toMatchObject({ user_id: first!.id, status: 'held', held_until: '2027-05-03T06:15:00.000Z' });
  const refused = await admin!.client.delete(`/api/admin/bookings/${hold!.id}`);
  expect([refused.status, refused.body.detail]).toEqual([409, messages.heldOfferNotCancelled]);

  const confirmed = await first!.client.post(`/api/waitlist/${place}/confirm/`);
  expect(confirmed.status).toBe(200);
  const games = (await first!.client.get('/api/my-orders/')).body.detail;
  expect(games).toEqual([
    expect.objectContaining({ id: confirmed.body.id, time: '12:00', name: 1, status: 'upcoming' }),
  ]);
  // Confirmed, the dashboard shows it as the player's game.
  expect((await admin!.client.get(`/api/admin/bookings/${hold!.id}`)).body).toMatchObject({
    status: 'booked',
    held_until: null,
  });
  expect(await places(first!)).toEqual([]);
  expect((await places(second!))[0]).toMatchObject({ state: 'waiting', position: 1 });
});

test('a hold that runs out passes to the next in line; the late confirmation is refused', async () => {
  const [, two] = await fullHour('2027-05-06', 13);
  const [first, second] = await players(2);
  const late = (await join(first!, '2027-05-06', 13)).body.id as number;
  await join(second!, '2027-05-06', 13);
  await cancel(two.client, 2, msk('2027-05-06', 13));
  await waitFor(async () => (await places(first!))[0]?.state === 'offered');

  api.clock.set(new Date(Date.parse(NOW) + 16 * 60_000));
  const queue = api.app.get<Queue>(getQueueToken(QUEUES.waitlist));
  const [entry] = await api.db.query<{ created_at: Date }[]>(`SELECT created_at FROM waitlist_entries WHERE id = $1`, [
    late,
  ]);
  await (await queue.getJob(`hold-${recordKey(late, entry!.created_at)}`))!.promote(); // what the delay does at 09:15
  await waitFor(async () => (await places(second!))[0]?.state === 'offered');
  expect((await places(second!))[0]).toMatchObject({ court: 2 });
  const refused = await first!.client.post(`/api/waitlist/${late}/confirm/`);
  expect(refused.status).toBe(410);
  expect(refused.body.detail).toBe(messages.holdExpired);
});

test('the first in line whom the quotas refuse is skipped and told why; the next one gets the court', async () => {
  const [one] = await fullHour('2027-05-07', 14);
  const [busy, next] = await players(2);
  expect((await order(busy!.client, 1, msk('2027-05-07', 9))).status).toBe(200); // one game that day already
  await join(busy!, '2027-05-07', 14);
  await join(next!, '2027-05-07', 14);
  await cancel(one.client, 1, msk('2027-05-07', 14));
  await waitFor(async () => (await places(next!))[0]?.state === 'offered');
  const told = await nextMail(busy!.email);
  expect(told.subject).toBe('Очередь: корт 1 в 14:00 передан следующему');
  expect(told.text).toContain(messages.bookingLimit);
  expect(await places(busy!)).toEqual([]);
});

test('two games freed and two confirmations at once: each court to one player, in line order', async () => {
  const [one, two] = await fullHour('2027-05-08', 15);
  const line = await players(3);
  const ids: number[] = [];
  for (const who of line) ids.push((await join(who, '2027-05-08', 15)).body.id as number);

  await Promise.all([cancel(one.client, 1, msk('2027-05-08', 15)), cancel(two.client, 2, msk('2027-05-08', 15))]);
  await waitFor(async () => (await places(line[1]!))[0]?.state === 'offered');
  expect((await places(line[0]!))[0]).toMatchObject({ state: 'offered' });
  expect((await places(line[2]!))[0]).toMatchObject({ state: 'waiting', position: 1 });

  const answers = await Promise.all([0, 1].map((n) => line[n]!.client.post(`/api/waitlist/${ids[n]}/confirm/`)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  const courts = await api.db.query<{ court_id: number; user_id: number }[]>(
    `SELECT court_id, user_id FROM bookings WHERE starts_at = $1 AND cancelled_at IS NULL ORDER BY court_id`,
    [msk('2027-05-08', 15)],
  );
  expect(courts.map((row) => row.court_id)).toEqual([1, 2]);
  expect(new Set(courts.map((row) => row.user_id))).toEqual(new Set([line[0]!.id, line[1]!.id]));
});
