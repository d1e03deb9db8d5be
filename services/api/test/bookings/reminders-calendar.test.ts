import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { messages } from '@kort/contracts';
import { reminderJobId } from '../../src/bookings/booking-reminders';
import { QUEUES } from '../../src/queues/queues';
import { nextMail } from '../support/mailbox';
import { cancel, madeGame, msk, order, outboxDrained, queuedJob, signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';

// Books in January 2027 (other files use other months).
const NOW = '2027-01-11T09:00:00Z'; // Monday 11 January 2027, 12:00 in Moscow
const HOUR = 3600_000;

let api: TestApp;
let queue: Queue;
beforeAll(async () => {
  api = await startTestApp({}, new TestClock());
  queue = api.app.get<Queue>(getQueueToken(QUEUES.bookings));
});
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const player = async () => (await signedInPlayers(api, 1))[0]!;

describe('reminder 2 hours before the game', () => {
  test('is queued on booking for exactly 2 hours before the start', async () => {
    const { client } = await player();
    const booked = await order(client, 1, msk('2027-01-12', 18)); // Tue 18:00 Moscow = 15:00Z
    const job = await queuedJob(queue, reminderJobId(await madeGame(api.db, booked.body.id as number)));
    // 15:00Z minus 2 hours, from "now" (Mon 09:00Z): 28 hours.
    expect(job.opts.delay).toBe(28 * HOUR);
    expect(await job.getState()).toBe('delayed');
  });

  test('is removed when the game is cancelled', async () => {
    const { client } = await player();
    const booked = await order(client, 1, msk('2027-01-13', 18));
    await queuedJob(queue, reminderJobId(await madeGame(api.db, booked.body.id as number)));
    expect((await cancel(client, 1, msk('2027-01-13', 18))).status).toBe(200);
    expect(await queue.getJob(reminderJobId(await madeGame(api.db, booked.body.id as number)))).toBeUndefined();
  });

  test('sends the Russian letter when it comes due', async () => {
    const { client, email } = await player();
    const booked = await order(client, 2, msk('2027-01-14', 9));
    const job = await queuedJob(queue, reminderJobId(await madeGame(api.db, booked.body.id as number)));
    await job.promote(); // what the delay would do on Thursday at 07:00 Moscow
    const letter = await nextMail(email);
    expect(letter.subject).toBe('Напоминание: игра в 09:00, корт 2');
    expect(letter.text).toContain('14 января 2027 (четверг) в 09:00, корт 2');
  });

  test('is not queued for a game less than 2 hours away', async () => {
    const { client } = await player();
    const booked = await order(client, 2, msk('2027-01-11', 13)); // in one hour
    expect(booked.status).toBe(200);
    await outboxDrained(api.db);
    expect(await queue.getJob(reminderJobId(await madeGame(api.db, booked.body.id as number)))).toBeUndefined();
  });
});

describe('personal iCalendar feed', () => {
  const path = (url: string) => new URL(url).pathname;

  test('off until the player asks for it; then the link serves their games as iCalendar', async () => {
    const { client } = await player();
    const other = await player();
    const ordered = await order(client, 1, msk('2027-01-15', 18));
    await order(other.client, 2, msk('2027-01-15', 18));
    expect((await client.get('/api/profile/')).body.detail.calendar_url).toBeNull();

    const created = await client.post('/api/calendar_token/');
    const url = created.body.detail as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await client.get('/api/profile/')).body.detail.calendar_url).toBe(url);

    // A waitlist offer held for the player is not their game yet: not in the feed.
    await api.db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, held_until)
       SELECT user_id, 2, starts_at + interval '1 hour', ends_at + interval '1 hour', 2, $2
         FROM bookings WHERE user_id = (SELECT user_id FROM bookings WHERE id = $1) AND cancelled_at IS NULL LIMIT 1`,
      [ordered.body.id, new Date(Date.parse(NOW) + 15 * 60_000)],
    );

    const feed = await api.client().get(path(url)); // calendar apps send no cookies
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(feed.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(feed.text).toContain('DTSTART:20270115T150000Z\r\nDTEND:20270115T160000Z');
    expect(feed.text).toContain('SUMMARY:Игра\\, корт 1');
    for (const line of feed.text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  test('an unchanged feed is the same bytes with the same ETag (304 to If-None-Match), and sets no cookie', async () => {
    const { client } = await player();
    await order(client, 1, msk('2027-01-16', 18));
    const url = path((await client.post('/api/calendar_token/')).body.detail as string);
    const first = await api.client().get(url);
    expect(first.status).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);

    // An hour later nothing about the games changed: neither does the feed (DTSTAMP included).
    api.clock.set(new Date(Date.parse(NOW) + HOUR));
    const later = await api.client().get(url);
    expect(later.text).toBe(first.text);
    expect(later.headers.etag).toBe(first.headers.etag);
    const revalidated = await api.client().get(url, { csrf: false, headers: { 'If-None-Match': first.headers.etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');

    // A new game changes the bytes and the tag.
    await order(client, 1, msk('2027-01-17', 18));
    const changed = await api.client().get(url, { csrf: false, headers: { 'If-None-Match': first.headers.etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  test('a rotated link kills the old one; a revoked link is gone; a made-up one is a 404', async () => {
    const { client } = await player();
    const first = (await client.post('/api/calendar_token/')).body.detail as string;
    const second = (await client.post('/api/calendar_token/')).body.detail as string;
    expect(second).not.toBe(first);
    expect((await api.client().get(path(first))).status).toBe(404);
    expect((await api.client().get(path(second))).status).toBe(200);

    const off = await client.delete('/api/calendar_token/');
    expect(off.body).toEqual({ detail: messages.calendarLinkOff });
    expect((await api.client().get(path(second))).status).toBe(404);
    expect((await client.get('/api/profile/')).body.detail.calendar_url).toBeNull();
    expect((await api.client().get(`/api/calendar/${'x'.repeat(43)}.ics`)).status).toBe(404);
  });

  test('changing the link needs a session and the CSRF header', async () => {
    expect((await api.client().post('/api/calendar_token/')).status).toBe(401);
    const { client } = await player();
    expect((await client.post('/api/calendar_token/', undefined, { csrf: false })).status).toBe(403);
  });
});
