import { waitFor } from '../support/wait';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomInt } from 'node:crypto';
import type { DataProvider } from 'ra-core';
import { messages, type AdminBooking, type AdminShelf, type AdminUser } from '@kort/contracts';
import { reminderJobId } from '../../src/bookings/booking-reminders';
import { QUEUES } from '../../src/queues/queues';
import { PASSWORD } from '../support/accounts';
import { nextMail } from '../support/mailbox';
import { cancel, madeGame, msk, order, queuedJob, signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import {
  ADMIN_NOW as NOW,
  failure,
  insertGame,
  insertUser,
  startAdminApp,
  tag,
  type AdminSession,
} from './admin-support';

// The dashboard's real data provider (ra-data-simple-rest) against the running API: players and
// games here; shelves, devices, commands and settings in data-provider-club.test.ts.
let api: TestApp;
let admin: AdminSession;
let provider: DataProvider;

beforeAll(async () => ({ api, admin, provider } = await startAdminApp()));
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const all = { pagination: { page: 1, perPage: 100 }, filter: {} };

describe('users', () => {
  test('getList sorts, pages and searches name, e-mail or phone (q); the total comes from Content-Range', async () => {
    const t = tag();
    const digits = String(randomInt(1_000_000, 9_999_999));
    for (const name of ['Вера', 'Анна', 'Дарья', 'Глеб']) await insertUser(api, { name: `${name} ${t}` });
    await insertUser(api, { name: `Борис ${t}`, phone: `+7912${digits}`, email: `boris-${t}@example.com` });
    const byName = (page: number, perPage: number, order: 'ASC' | 'DESC' = 'ASC') =>
      provider.getList<AdminUser>('users', {
        pagination: { page, perPage },
        sort: { field: 'name', order },
        filter: { q: t.toUpperCase() },
      });

    const first = await byName(1, 2);
    expect(first.total).toBe(5);
    expect(first.data.map((user) => user.name)).toEqual([`Анна ${t}`, `Борис ${t}`]);
    expect((await byName(3, 2)).data.map((user) => user.name)).toEqual([`Дарья ${t}`]);
    expect((await byName(1, 10, 'DESC')).data.map((user) => user.name)).toEqual(
      ['Дарья', 'Глеб', 'Вера', 'Борис', 'Анна'].map((name) => `${name} ${t}`),
    );

    const search = async (q: string) =>
      (await provider.getList<AdminUser>('users', { ...all, sort: { field: 'id', order: 'ASC' }, filter: { q } })).data;
    expect((await search(digits.slice(1))).map((user) => user.name)).toEqual([`Борис ${t}`]);
    expect((await search(`BORIS-${t.toUpperCase()}@`)).map((user) => user.email)).toEqual([`boris-${t}@example.com`]);
    expect(await search(`нет-такого-${t}`)).toEqual([]);
  });

  test('getOne and getMany give the records; unknown ids are 404 "Нет такого пользователя"', async () => {
    const anna = await insertUser(api, { name: 'Анна', phone: '+79990001122' });
    const boris = await insertUser(api, { name: 'Борис' });
    const { data } = await provider.getOne<AdminUser>('users', { id: anna.id });
    expect(data).toEqual({
      id: anna.id,
      email: anna.email,
      name: 'Анна',
      phone_number: '+79990001122',
      role: 'player',
      site_ids: [],
      is_sport_school: false,
      confirmed_at: expect.any(String),
      blocked: false,
      deleted_at: null,
      deletion_kind: null,
      purged: false,
      rules_accepted_at: expect.any(String),
      created_at: expect.any(String),
      status: 'active',
      paused_until: null,
      // What the player paid at the site and got back (payments/): nothing yet.
      paid: '0.00',
      refunded: '0.00',
    });
    const many = await provider.getMany<AdminUser>('users', { ids: [boris.id, anna.id] });
    expect(many.data.map((user) => user.name).sort()).toEqual(['Анна', 'Борис']);
    expect(await failure(provider.getOne('users', { id: 99_999_999 }))).toEqual({
      status: 404,
      detail: messages.userNotFound,
    });
    expect((await failure(provider.getOne('users', { id: 'abc' }))).status).toBe(404);
  });

  test("blocking through update ends the player's session and login answers the spec's text; restoring lets them in", async () => {
    const [player] = await signedInPlayers(api, 1);
    const { data: before } = await provider.getOne<AdminUser>('users', { id: player!.id });
    const { data: blocked } = await provider.update<AdminUser>('users', {
      id: player!.id,
      data: { ...before, blocked: true },
      previousData: before,
    });
    expect(blocked).toMatchObject({ blocked: true, deletion_kind: 'admin', deleted_at: expect.any(String) });

    expect((await player!.client.get('/api/profile/')).status).toBe(401);
    const refused = await api.client().post('/api/login/', { email: player!.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe(messages.accountBlocked);
    const listed = await provider.getList<AdminUser>('users', {
      ...all,
      sort: { field: 'id', order: 'ASC' },
      filter: { blocked: true, q: player!.email },
    });
    expect(listed.data.map((user) => user.id)).toEqual([player!.id]);

    const { data: restored } = await provider.update<AdminUser>('users', {
      id: player!.id,
      data: { ...blocked, blocked: false },
      previousData: blocked,
    });
    expect(restored).toMatchObject({ blocked: false, deleted_at: null, deletion_kind: null });
    const again = api.client();
    expect((await again.post('/api/login/', { email: player!.email, password: PASSWORD })).status).toBe(200);
    expect((await again.get('/api/profile/')).status).toBe(200);
  });

  test('update sets the sport-school flag, which the player sees', async () => {
    const [player] = await signedInPlayers(api, 1);
    const { data } = await provider.update<AdminUser>('users', {
      id: player!.id,
      data: { is_sport_school: true },
      previousData: {},
    });
    expect(data.is_sport_school).toBe(true);
    expect((await player!.client.get('/api/sport_school/')).body.detail).toBe(true);
  });

  test('an admin cannot block themselves', async () => {
    const { data: self } = await provider.getOne<AdminUser>('users', { id: admin.id });
    expect(
      await failure(provider.update('users', { id: admin.id, data: { ...self, blocked: true }, previousData: self })),
    ).toEqual({ status: 409, detail: messages.cannotBlockSelf });
    expect((await admin.client.get('/api/is_admin/')).body.detail).toBe(true);
  });
});

describe('bookings', () => {
  test("getList filters by the club's day, court, player and status; getManyReference lists a player's games", async () => {
    const player = await insertUser(api, { name: `Игрок ${tag()}` });
    const tuesday = await insertGame(api, player.id, 1, msk('2027-09-07', 10));
    // 01:00 in Moscow on Wednesday is still Tuesday in UTC: the day is the club's.
    const wednesday = await insertGame(api, player.id, 2, msk('2027-09-08', 1));
    const cancelled = await insertGame(api, player.id, 1, msk('2027-09-09', 12), { cancelledAt: NOW });
    const past = await insertGame(api, player.id, 2, msk('2027-09-05', 12));
    const onNow = await insertGame(api, player.id, 1, msk('2027-09-06', 9), { startedAt: '2027-09-06T05:55:00Z' });

    const ids = async (filter: Record<string, unknown>) =>
      (
        await provider.getList<AdminBooking>('bookings', {
          ...all,
          sort: { field: 'starts_at', order: 'ASC' },
          filter: { user_id: player.id, ...filter },
        })
      ).data.map((booking) => booking.id);
    expect(await ids({ day: '2027-09-08' })).toEqual([wednesday]);
    expect(await ids({ day: '2027-09-07' })).toEqual([tuesday]);
    expect(await ids({ court_id: 2 })).toEqual([past, wednesday]);
    expect(await ids({ status: 'cancelled' })).toEqual([cancelled]);
    expect(await ids({ status: 'ended' })).toEqual([past]);
    expect(await ids({ status: 'started' })).toEqual([onNow]);
    expect(await ids({ status: 'booked' })).toEqual([tuesday, wednesday]);

    const reference = await provider.getManyReference<AdminBooking>('bookings', {
      target: 'user_id',
      id: player.id,
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'starts_at', order: 'DESC' },
      filter: {},
    });
    expect(reference.total).toBe(5);
    expect(reference.data.map((booking) => booking.id)).toEqual([cancelled, wednesday]);
    const { data } = await provider.getOne<AdminBooking>('bookings', { id: onNow });
    expect(data).toEqual({
      id: onNow,
      user_id: player.id,
      user_name: expect.stringMatching(/^Игрок /),
      user_email: player.email,
      guest_name: null,
      guest_phone: null,
      court_id: 1,
      starts_at: '2027-09-06T06:00:00.000Z',
      ends_at: '2027-09-06T07:00:00.000Z',
      cancelled_at: null,
      started_at: '2027-09-06T05:55:00.000Z',
      ended_at: null,
      status: 'started',
      no_show_at: null,
      waiting: 0,
      series_id: null,
      held_until: null,
    });
  });

  test('delete cancels a game even within the hour: the slot is free, the player is mailed, no reminder, loan over', async () => {
    const [player, other] = await signedInPlayers(api, 2);
    const booked = await order(player!.client, 1, msk('2027-09-06', 18));
    expect(booked.status).toBe(200);
    const id = booked.body.id as number;
    const reminders = api.app.get<Queue>(getQueueToken(QUEUES.bookings));
    await queuedJob(reminders, reminderJobId(await madeGame(api.db, id)));
    // Equipment taken for the game, as if compartment 11 had opened.
    await api.db.query(
      `INSERT INTO equipment_loans (site_id, shelf_id, user_id, booking_id, started_at) VALUES ('default', 11, $1, $2, $3)`,
      [player!.id, id, new Date(NOW)],
    );
    expect((await provider.getOne<AdminShelf>('shelves', { id: 11 })).data).toMatchObject({
      status: 'on_loan',
      renter_id: player!.id,
    });

    api.clock.set('2027-09-06T14:30:00Z'); // 17:30 in Moscow: too late for the player to cancel
    expect((await cancel(player!.client, 1, msk('2027-09-06', 18))).status).toBe(409);
    const { data } = await provider.delete<AdminBooking>('bookings', { id });
    expect(data).toMatchObject({
      id,
      user_id: player!.id,
      status: 'cancelled',
      cancelled_at: '2027-09-06T14:30:00.000Z',
    });

    const letter = await nextMail(player!.email);
    expect(letter.subject).toBe('Игра отменена клубом: 6 сентября 2027, 18:00');
    expect(letter.text).toContain('6 сентября 2027 (понедельник) в 18:00, корт 1');
    expect(await reminders.getJob(reminderJobId(await madeGame(api.db, id)))).toBeUndefined();
    expect((await order(other!.client, 1, msk('2027-09-06', 18))).status).toBe(200);
    // The player's My games keeps it a week as the club's cancellation, with no reason given.
    const mine = (await player!.client.get('/api/my-orders/')).body.detail as Record<string, unknown>[];
    expect(mine.map((one) => [one.id, one.status, one.cancelled])).toEqual([
      [id, 'cancelled', { reason: null, at: '2027-09-06T17:30:00.000+03:00' }],
    ]);
    expect((await provider.getOne<AdminShelf>('shelves', { id: 11 })).data.status).toBe('free');
    // The loan itself ends as when a game ends (the compartment is told to close).
    await waitFor(async () => {
      const [loan] = await api.db.query<{ ended_reason: string | null }[]>(
        `SELECT ended_reason FROM equipment_loans WHERE booking_id = $1`,
        [id],
      );
      return loan?.ended_reason === 'game-ended';
    });

    expect(await failure(provider.delete('bookings', { id }))).toEqual({
      status: 409,
      detail: messages.bookingAlreadyCancelled,
    });
    expect(await failure(provider.delete('bookings', { id: 99_999_999 }))).toEqual({
      status: 404,
      detail: messages.gameNotFound,
    });
  });
});
