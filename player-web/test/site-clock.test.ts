import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { localMoment, startOfHour } from '../src/lib/site-clock';
import { fakeServer, ok } from './support/fake-server';
import { renderHook } from './support/render';

// loadSiteClock keeps the clock for the visit in a module variable: each test loads a fresh module.
beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const moscowClock = ok({ time_zone: 'Europe/Moscow', now: '2026-11-23T09:00:00Z' });

test('a booking instant is the local hour with the club offset', () => {
  expect(startOfHour('2026-11-25', 18, 'Europe/Moscow')).toBe('2026-11-25T18:00:00+03:00');
  expect(startOfHour('2026-11-25', 6, 'Europe/Moscow')).toBe('2026-11-25T06:00:00+03:00');
  expect(startOfHour('2026-11-25', 23, 'Asia/Kolkata')).toBe('2026-11-25T23:00:00+05:30');
  expect(startOfHour('2026-11-25', 18, 'UTC')).toBe('2026-11-25T18:00:00+00:00');
});

test('the offset is the one of that day, on either side of a daylight-saving change', () => {
  // New York moves to summer time at 2:00 on 8 March 2026 and back at 2:00 on 1 November.
  expect(startOfHour('2026-03-07', 6, 'America/New_York')).toBe('2026-03-07T06:00:00-05:00');
  expect(startOfHour('2026-03-08', 6, 'America/New_York')).toBe('2026-03-08T06:00:00-04:00');
  expect(startOfHour('2026-11-01', 6, 'America/New_York')).toBe('2026-11-01T06:00:00-05:00');
  // Berlin: 2:00 becomes 3:00 on 29 March 2026; the hours on either side of the jump.
  expect(startOfHour('2026-03-29', 1, 'Europe/Berlin')).toBe('2026-03-29T01:00:00+01:00');
  expect(startOfHour('2026-03-29', 6, 'Europe/Berlin')).toBe('2026-03-29T06:00:00+02:00');
});

test("the club's wall clock at an instant, past midnight included", () => {
  expect(localMoment(new Date('2026-11-22T21:30:00Z'), 'Europe/Moscow')).toEqual({
    date: '2026-11-23',
    hour: 0,
    minute: 30,
  });
  expect(localMoment(new Date('2026-11-23T09:05:00Z'), 'Europe/Moscow')).toEqual({
    date: '2026-11-23',
    hour: 12,
    minute: 5,
  });
  expect(localMoment(new Date('2026-11-23T03:15:00Z'), 'America/New_York')).toEqual({
    date: '2026-11-22',
    hour: 22,
    minute: 15,
  });
});

test('the clock is asked for once per visit; a failed attempt is not kept', async () => {
  const server = fakeServer({ 'GET /api/site_time/': 'offline' });
  const { loadSiteClock } = await import('../src/lib/site-clock');
  await expect(loadSiteClock()).rejects.toThrow();
  server.answer('GET /api/site_time/', moscowClock);
  const first = await loadSiteClock();
  const second = await loadSiteClock();
  expect(first.zone).toBe('Europe/Moscow');
  expect(second).toBe(first);
  expect(server.callsTo('GET /api/site_time/')).toHaveLength(2);
});

test("useSiteNow follows the server's clock, not the phone's", async () => {
  // The phone thinks it is New Year 2020 in its own zone; the server says 12:00 in Moscow, 23 Nov 2026.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
  fakeServer({ 'GET /api/site_time/': moscowClock });
  const { useSiteNow } = await import('../src/lib/site-clock');
  const { result } = renderHook(() => useSiteNow());
  expect(result.current).toBeNull();
  await waitFor(() =>
    expect(result.current).toEqual({ date: '2026-11-23', hour: 12, minute: 0, zone: 'Europe/Moscow' }),
  );
});

test("with the API's offsets the club's clock needs no zone data from the browser (its first load is 50-100 ms)", async () => {
  fakeServer({
    'GET /api/site_time/': ok({
      time_zone: 'America/New_York',
      now: '2026-03-01T12:00:00Z',
      offsets: [
        { from: '2026-02-28T12:00:00.000Z', minutes: -300 },
        { from: '2026-03-08T07:00:00.000Z', minutes: -240 },
      ],
      offsets_until: '2026-06-02T12:00:00.000Z',
    }),
  });
  const clock = await import('../src/lib/site-clock');
  await clock.loadSiteClock();
  const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
  expect(clock.startOfHour('2026-03-07', 6, 'America/New_York')).toBe('2026-03-07T06:00:00-05:00');
  expect(clock.startOfHour('2026-03-08', 6, 'America/New_York')).toBe('2026-03-08T06:00:00-04:00');
  expect(clock.localMoment(new Date('2026-03-20T03:15:00Z'), 'America/New_York')).toEqual({
    date: '2026-03-19',
    hour: 23,
    minute: 15,
  });
  expect(intl).not.toHaveBeenCalled();
  intl.mockRestore();
});
