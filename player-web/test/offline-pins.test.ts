import type { MyOrder } from '@kort/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { forgetOfflinePins, rememberOfflinePin, rememberOfflinePins, storedOfflinePin } from '../src/lib/offline-pins';

const KEY = 'kort.offline-pins';

beforeEach(() => {
  // Monday 23 November 2026, 12:00 in Moscow.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const order = (id: number, time_start: string, offline_pin?: string): MyOrder => ({
  id,
  date: '23 ноября 2026',
  day_of_week: 'понедельник',
  time: time_start.slice(11, 16),
  today: true,
  status: 'upcoming',
  name: 1,
  id_cort: 1,
  time_start,
  site_id: 'default',
  site_name: 'Основная площадка',
  ...(offline_pin === undefined ? {} : { offline_pin }),
});

test("my games' PINs are kept by game id with the game's start and court, and nothing else", () => {
  rememberOfflinePins([
    order(41, '2026-11-23T18:00:00+03:00', '305917'),
    order(42, '2026-11-25T07:00:00+03:00'), // another day: the API sends no PIN
  ]);
  expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toEqual({
    41: { pin: '305917', start: '2026-11-23T18:00:00+03:00', court: 'Корт 1' },
  });
  expect(storedOfflinePin(41)).toBe('305917');
  expect(storedOfflinePin(42)).toBeNull();
});

test('a game my-orders no longer lists (cancelled, ended) loses its PIN', () => {
  rememberOfflinePins([order(41, '2026-11-23T18:00:00+03:00', '305917')]);
  rememberOfflinePins([]);
  expect(storedOfflinePin(41)).toBeNull();
  expect(localStorage.getItem(KEY)).toBeNull();
});

test("past days are pruned on the club's calendar, today's games stay", () => {
  rememberOfflinePins([
    order(40, '2026-11-23T07:00:00+03:00', '111111'),
    order(41, '2026-11-23T23:00:00+03:00', '222222'),
  ]);
  // 23:59 in Moscow on the same day: both are still today's.
  vi.setSystemTime(new Date('2026-11-23T20:59:00Z'));
  expect(storedOfflinePin(40)).toBe('111111');
  // 00:01 in Moscow the next day (still the 23rd in UTC): both are gone, from storage too.
  vi.setSystemTime(new Date('2026-11-23T21:01:00Z'));
  expect(storedOfflinePin(41)).toBeNull();
  expect(localStorage.getItem(KEY)).toBeNull();
});

test('a PIN from the API keeps the others; a malformed PIN or a damaged store is ignored', () => {
  rememberOfflinePins([order(41, '2026-11-23T18:00:00+03:00', '305917')]);
  rememberOfflinePin(43, '777777', '2026-11-23T20:00:00+03:00');
  expect([storedOfflinePin(41), storedOfflinePin(43)]).toEqual(['305917', '777777']);
  rememberOfflinePins([order(44, '2026-11-23T18:00:00+03:00', '12ab56')]);
  expect(storedOfflinePin(44)).toBeNull();
  localStorage.setItem(KEY, '{not json');
  expect(storedOfflinePin(41)).toBeNull();
});

test('signing out forgets every PIN', () => {
  rememberOfflinePins([order(41, '2026-11-23T18:00:00+03:00', '305917')]);
  forgetOfflinePins();
  expect(localStorage.getItem(KEY)).toBeNull();
});
