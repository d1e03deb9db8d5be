import { messages } from '@kort/contracts';
import { cancel, msk, order, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// This file must pass whatever the process TZ: `npm test` runs it under UTC, Europe/Moscow and
// America/New_York. It books in Nov–Dec 2026; other files use other months.
const NOW = '2026-11-23T09:00:00Z'; // Monday 23 November 2026, 12:00 in Moscow

let api: TestApp;
beforeAll(async () => {
  api = await startTestApp({}, new TestClock());
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const player = async (options: { sportSchool?: boolean } = {}) => (await signedInPlayers(api, 1, options))[0]!.client;

test('GET /api/get_courts/ lists courts 1 and 2', async () => {
  const response = await (await player()).get('/api/get_courts/');
  expect(response.body).toEqual({
    detail: [
      { id_cort: 1, name: 'Корт 1' },
      { id_cort: 2, name: 'Корт 2' },
    ],
  });
});

test("GET /api/site_time/ gives anyone the club's zone and the server clock (the dial and past hours use it)", async () => {
  const response = await api.client().get('/api/site_time/');
  expect(response.status).toBe(200);
  // Moscow keeps +03:00 all year: one offset, from a day before now to two days past the horizon.
  expect(response.body).toEqual({
    detail: {
      time_zone: 'Europe/Moscow',
      now: '2026-11-23T09:00:00.000Z',
      offsets: [{ from: '2026-11-22T09:00:00.000Z', minutes: 180 }],
      offsets_until: '2027-02-23T09:00:00.000Z',
    },
  });
});

test('booking a game: 200 "Корт забронирован", then it is in my games in Russian, local time', async () => {
  const client = await player();
  const response = await order(client, 1, msk('2026-11-24', 18));
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ detail: messages.courtBooked, id: expect.any(Number) });

  const games = await client.get('/api/my-orders/');
  expect(games.body.detail).toEqual([
    {
      id: response.body.id,
      date: '24 ноября 2026',
      day_of_week: 'вторник',
      time: '18:00',
      today: false,
      status: 'upcoming',
      name: 1,
      id_cort: 1,
      time_start: '2026-11-24T18:00:00.000+03:00',
      site_id: 'default',
      site_name: 'Основная площадка',
    },
  ]);
});

test('the same instant written with another offset is the same slot: 409 for a second player', async () => {
  expect((await order(await player(), 1, msk('2026-11-24', 19))).status).toBe(200);
  const taken = await order(await player(), 1, '2026-11-24T16:00:00Z');
  expect(taken.status).toBe(409);
  expect(taken.body.detail).toBe(messages.slotTaken);
  expect((await order(await player(), 2, '2026-11-24T16:00:00Z')).status).toBe(200);
});

test.each([
  ['a past start', 1, msk('2026-11-22', 18), 2, messages.bookingInPast],
  ['05:00, before the first hour', 1, msk('2026-11-25', 5), 2, messages.bookingHours],
  ['midnight', 1, msk('2026-11-26', 0), 2, messages.bookingHours],
  ['18:30, not on the hour', 1, msk('2026-11-25', 18, 30), 2, messages.bookingOnTheHour],
  ['three players', 1, msk('2026-11-25', 18), 3, messages.playersCount],
  ['court 3', 3, msk('2026-11-25', 18), 2, messages.unknownCourt],
  ['no offset', 1, '2026-11-25T18:00:00', 2, messages.timeStartInvalid],
  ['not a date', 1, 'завтра', 2, messages.timeStartInvalid],
  ['the year 9999', 1, msk('9999-12-31', 18), 2, messages.bookingBeyondHorizon],
  ['91 days ahead', 1, msk('2027-02-22', 18), 2, messages.bookingBeyondHorizon],
])('400 for %s', async (_, court, timeStart, players, detail) => {
  const response = await order(await player(), court, timeStart, players);
  expect(response.status).toBe(400);
  expect(response.body.detail).toBe(detail);
});

test('the booking horizon: 90 days ahead can be booked; days past it are refused, to book or to look at', async () => {
  expect((await order(await player(), 1, msk('2027-02-21', 18))).status).toBe(200);
  const client = await player();
  for (const path of ['/api/get-available-times/?date=9999-12-31', '/api/get_courts_status/?date=2027-02-22&hour=18']) {
    const response = await client.get(path);
    expect([path, response.status, response.body.detail]).toEqual([path, 400, messages.bookingBeyondHorizon]);
  }
  expect((await client.get('/api/get-available-times/?date=2027-02-21')).status).toBe(200);
});

test('400 when the court in the path and in the body differ, or the path is not a number', async () => {
  const client = await player();
  const mismatch = await client.post('/api/order-court/2/', {
    id_cort: 1,
    time_start: msk('2026-11-25', 17),
    players_count: 2,
  });
  expect(mismatch.body.detail).toBe(messages.courtMismatch);
  const text = await client.post('/api/order-court/abc/', {
    id_cort: 1,
    time_start: msk('2026-11-25', 17),
    players_count: 2,
  });
  expect(text.status).toBe(400);
});

test('23:00 is the last bookable hour', async () => {
  expect((await order(await player(), 1, msk('2026-11-25', 23))).status).toBe(200);
});

test('quotas: 1 game a day, 2 a week, 5 upcoming, each a 418 "Ограничение по количеству бронирований"', async () => {
  const client = await player();
  const attempt = async (date: string) => (await order(client, 1, msk(date, 10))).status;
  expect(await attempt('2026-11-25')).toBe(200);
  expect((await order(client, 1, msk('2026-11-25', 12))).status).toBe(418); // same day
  expect(await attempt('2026-11-26')).toBe(200);
  const week = await order(client, 1, msk('2026-11-27', 10)); // third in the week
  expect(week.status).toBe(418);
  expect(week.body.detail).toBe(messages.bookingLimit);
  expect(await attempt('2026-11-30')).toBe(200);
  expect(await attempt('2026-12-01')).toBe(200);
  expect(await attempt('2026-12-07')).toBe(200); // fifth upcoming
  expect(await attempt('2026-12-08')).toBe(418); // sixth: only the total is broken
});

describe('booking_limits: the calendar says where the quotas refuse, before the last step', () => {
  const limits = async (client: Awaited<ReturnType<typeof player>>, year: number, month: number) =>
    (await client.get(`/api/booking_limits/?year=${year}&month=${month}`)).body.detail as {
      days: { day: number; reason: 'day' | 'week' }[];
      upcoming_full: boolean;
    };

  test('a game that day marks the day; two that week mark the rest of the ISO week, across the month', async () => {
    const client = await player();
    expect(await limits(client, 2026, 11)).toEqual({ days: [], upcoming_full: false, paused_until: null });
    await order(client, 2, msk('2026-11-25', 7));
    expect((await limits(client, 2026, 11)).days).toEqual([{ day: 25, reason: 'day' }]);
    await order(client, 2, msk('2026-11-26', 23)); // 20:00Z: still Thursday in Moscow
    expect((await limits(client, 2026, 11)).days).toEqual([
      { day: 23, reason: 'week' },
      { day: 24, reason: 'week' },
      { day: 25, reason: 'day' },
      { day: 26, reason: 'day' },
      { day: 27, reason: 'week' },
      { day: 28, reason: 'week' },
      { day: 29, reason: 'week' },
    ]);
    // The week of 30 November reaches into December: its games mark December's days too.
    await order(client, 2, msk('2026-11-30', 7));
    await order(client, 2, msk('2026-12-02', 7));
    expect((await limits(client, 2026, 12)).days).toEqual([
      { day: 1, reason: 'week' },
      { day: 2, reason: 'day' },
      { day: 3, reason: 'week' },
      { day: 4, reason: 'week' },
      { day: 5, reason: 'week' },
      { day: 6, reason: 'week' },
    ]);
    // What the calendar marks is what the booking refuses.
    expect((await order(client, 2, msk('2026-12-03', 12))).status).toBe(418);
    expect((await order(client, 2, msk('2026-12-07', 12))).status).toBe(200);
  });

  test('five games ahead refuse any booking: upcoming_full; a sport school has no limits', async () => {
    const client = await player();
    for (const date of ['2026-11-25', '2026-11-26', '2026-11-30', '2026-12-01', '2026-12-07']) {
      expect((await order(client, 1, msk(date, 8))).status).toBe(200);
    }
    expect((await limits(client, 2026, 12)).upcoming_full).toBe(true);
    const school = await player({ sportSchool: true });
    await order(school, 1, msk('2026-11-25', 9));
    expect(await limits(school, 2026, 11)).toEqual({ days: [], upcoming_full: false, paused_until: null });
  });

  test('400 for a month that is not one; 401 without a session', async () => {
    const response = await (await player()).get('/api/booking_limits/?year=2026&month=13');
    expect(response.status).toBe(400);
    expect(response.body.detail).toEqual(expect.any(String));
    expect((await api.client().get('/api/booking_limits/?year=2026&month=11')).status).toBe(401);
  });
});

test('the sport-school flag lifts the quotas', async () => {
  const school = await player({ sportSchool: true });
  expect((await school.get('/api/sport_school/')).body).toEqual({ detail: true });
  expect((await (await player()).get('/api/sport_school/')).body).toEqual({ detail: false });
  const starts = [
    [1, msk('2026-11-25', 11)],
    [2, msk('2026-11-25', 11)],
    [1, msk('2026-11-25', 12)],
    [1, msk('2026-11-26', 11)],
    [1, msk('2026-11-27', 11)],
    [1, msk('2026-11-28', 11)],
    [1, msk('2026-11-29', 11)],
  ] as const;
  for (const [court, start] of starts) expect((await order(school, court, start)).status).toBe(200);
});

describe('cancelling', () => {
  test('"Игра успешно отменена"; the slot is free again and the game no longer counts', async () => {
    const client = await player();
    expect((await order(client, 1, msk('2026-11-27', 14))).status).toBe(200);
    const response = await cancel(client, 1, msk('2026-11-27', 14));
    expect(response.body).toEqual({ detail: messages.gameCancelled });
    expect((await client.get('/api/my-orders/')).body.detail).toEqual([]);
    expect((await order(await player(), 1, msk('2026-11-27', 14))).status).toBe(200);
    expect((await order(client, 1, msk('2026-11-27', 15))).status).toBe(200);
  });

  test("another player's game is not found and stays booked", async () => {
    const owner = await player();
    expect((await order(owner, 2, msk('2026-11-27', 16))).status).toBe(200);
    const response = await cancel(await player(), 2, msk('2026-11-27', 16));
    expect(response.status).toBe(404);
    expect((await owner.get('/api/my-orders/')).body.detail).toHaveLength(1);
  });

  test('refused under 1 hour before the start (409), allowed at 1 hour and a second', async () => {
    const client = await player();
    expect((await order(client, 2, msk('2026-11-23', 14))).status).toBe(200);
    api.clock.set('2026-11-23T10:00:01Z'); // 13:00:01 in Moscow
    const late = await cancel(client, 2, msk('2026-11-23', 14));
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe(messages.cancelTooLate);
    api.clock.set('2026-11-23T09:59:59Z');
    expect((await cancel(client, 2, msk('2026-11-23', 14))).status).toBe(200);
  });
});

describe('availability', () => {
  test('booked_times lists past days and fully booked days of the month', async () => {
    const school = await player({ sportSchool: true });
    for (let hour = 6; hour <= 23; hour += 1) {
      for (const court of [1, 2]) expect((await order(school, court, msk('2026-12-03', hour))).status).toBe(200);
    }
    const client = await player();
    const november = await client.get('/api/booked_times/?month=11&year=2026');
    expect(november.body.detail).toEqual(Array.from({ length: 22 }, (_, i) => i + 1)); // 1–22 are past
    const december = await client.get('/api/booked_times/?month=12&year=2026');
    expect(december.body.detail).toEqual([3]);
    expect((await client.get('/api/booked_times/?month=13&year=2026')).status).toBe(400);
  });

  test('get-available-times: hours taken on every court, and my own hours', async () => {
    const [mine, other] = [await player({ sportSchool: true }), await player()];
    await order(mine, 1, msk('2026-12-04', 8));
    await order(mine, 2, msk('2026-12-04', 8));
    await order(mine, 1, msk('2026-12-04', 9));
    expect((await mine.get('/api/get-available-times/?date=2026-12-04')).body).toEqual({
      reserved: [8],
      reserved_hours_by_current_user: [8, 9],
    });
    expect((await other.get('/api/get-available-times/?date=2026-12-04')).body).toEqual({
      reserved: [8],
      reserved_hours_by_current_user: [],
    });
    expect((await other.get('/api/get-available-times/?date=2026-02-30')).status).toBe(400);
  });

  test('get_courts_status: the courts busy in a local hour', async () => {
    const school = await player({ sportSchool: true });
    await order(school, 1, msk('2026-12-05', 8));
    await order(school, 2, msk('2026-12-05', 8));
    await order(school, 1, msk('2026-12-05', 9));
    const status = (hour: number) => school.get(`/api/get_courts_status/?date=2026-12-05&hour=${hour}`);
    expect((await status(8)).body).toEqual({ busy_courts: [1, 2] });
    expect((await status(9)).body).toEqual({ busy_courts: [1] });
    expect((await status(10)).body).toEqual({ busy_courts: [] });
    expect((await school.get('/api/get_courts_status/?date=2026-12-05&hour=24')).status).toBe(400);
  });

  test('the calls need a session', async () => {
    const anonymous = api.client();
    expect((await anonymous.get('/api/get_courts/')).status).toBe(401);
    expect((await anonymous.get('/api/my-orders/')).status).toBe(401);
    expect((await order(anonymous, 1, msk('2026-12-05', 20))).status).toBe(401);
  });
});

test('admin counters: players and games today; a player gets 403', async () => {
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const before = (await admin!.client.get('/api/count_games/')).body.detail as number;
  const players = (await admin!.client.get('/api/count_users/')).body.detail as number;
  await order(await player(), 1, msk('2026-11-23', 20)); // today, Moscow
  await order(await player(), 1, msk('2026-11-24', 20)); // tomorrow
  expect((await admin!.client.get('/api/count_games/')).body.detail).toBe(before + 1);
  expect((await admin!.client.get('/api/count_users/')).body.detail).toBe(players + 2);
  const somebody = await player();
  expect((await somebody.get('/api/count_games/')).status).toBe(403);
  expect((await somebody.get('/api/count_users/')).status).toBe(403);
});

describe('time: local days and weeks of the club, whatever the server TZ', () => {
  test('the day turns at 00:00 Moscow (21:00Z): 23:00 and 06:00 the next morning are two days', async () => {
    const night = await player();
    expect((await order(night, 2, msk('2026-12-08', 23))).status).toBe(200); // 20:00Z Tue
    expect((await order(night, 2, msk('2026-12-09', 6))).status).toBe(200); // 03:00Z Wed
    const sameDay = await player();
    expect((await order(sameDay, 1, msk('2026-12-10', 6))).status).toBe(200);
    expect((await order(sameDay, 1, msk('2026-12-10', 23))).status).toBe(418);
  });

  test('the week turns at Sunday 21:00Z (Monday 00:00 Moscow)', async () => {
    const client = await player();
    expect((await order(client, 2, msk('2026-12-12', 20))).status).toBe(200); // Saturday
    expect((await order(client, 2, msk('2026-12-13', 23))).status).toBe(200); // Sunday 20:00Z
    expect((await order(client, 2, msk('2026-12-14', 6))).status).toBe(200); // Monday 03:00Z: new week
    expect((await order(client, 2, msk('2026-12-11', 6))).status).toBe(418); // Friday: week full
  });

  test('an hour is refused one second after it starts', async () => {
    api.clock.set('2026-11-24T06:59:59Z'); // 09:59:59 Moscow
    expect((await order(await player(), 2, msk('2026-11-24', 10))).status).toBe(200);
    api.clock.set('2026-11-24T07:00:01Z');
    const late = await order(await player(), 1, msk('2026-11-24', 10));
    expect(late.status).toBe(400);
    expect(late.body.detail).toBe(messages.bookingInPast);
  });

  test('my games: a game whose hour has passed is over, not "today" for the rest of the day', async () => {
    const client = await player();
    await order(client, 1, msk('2026-11-23', 15));
    const status = async () => ((await client.get('/api/my-orders/')).body.detail as { status: string }[])[0]?.status;
    expect(await status()).toBe('upcoming');
    api.clock.set('2026-11-23T12:59:59Z'); // 15:59:59 Moscow
    expect(await status()).toBe('upcoming'); // not started: no door opened
    api.clock.set('2026-11-23T13:00:00Z');
    expect(await status()).toBe('over');
  });

  test('"today" in my games turns over at 21:00:00Z', async () => {
    const client = await player();
    await order(client, 1, msk('2026-11-24', 23));
    await order(client, 1, msk('2026-11-25', 6));
    api.clock.set('2026-11-24T20:59:59Z');
    const before = (await client.get('/api/my-orders/')).body.detail as { time: string; today: boolean }[];
    expect(before.map((g) => [g.time, g.today])).toEqual([
      ['23:00', true],
      ['06:00', false],
    ]);
    api.clock.set('2026-11-24T21:00:00Z');
    const after = (await client.get('/api/my-orders/')).body.detail as { time: string; today: boolean }[];
    expect(after.map((g) => [g.time, g.today])).toEqual([['06:00', true]]);
  });
});
