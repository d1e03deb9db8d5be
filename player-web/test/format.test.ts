import { expect, test } from 'vitest';
import { clockHour, clockHourAt, hourRange, longDate, longDateAt } from '../src/lib/format';

// One way to write hours and dates across the player app.

test('hours are always two-digit: 09:00, 09:00–10:00, and the last game ends at 24:00', () => {
  expect(clockHour(9)).toBe('09:00');
  expect(clockHour(18)).toBe('18:00');
  expect(hourRange(9)).toBe('09:00–10:00');
  expect(hourRange(23)).toBe('23:00–24:00');
});

test('a club date reads as weekday, day and year (as my-orders writes it), whatever the phone zone', () => {
  expect(longDate('2026-12-01')).toBe('вторник, 1 декабря 2026');
  expect(longDate('2027-01-01')).toBe('пятница, 1 января 2027');
  expect(longDate('not a date')).toBe('not a date');
});

test("an instant reads on the club's clock: 21:30 UTC is already the next day in Moscow", () => {
  expect(longDateAt('2026-11-30T21:30:00Z', 'Europe/Moscow')).toBe('вторник, 1 декабря 2026');
  expect(clockHourAt('2026-11-30T21:30:00Z', 'Europe/Moscow')).toBe('00:00');
  expect(clockHourAt('2026-12-01T06:00:00+03:00', 'Europe/Moscow')).toBe('06:00');
});
