import { expect, test } from 'vitest';
import { dayText, gameDayAndHour, hourRange, hourText, momentText } from '../src/lib/format';

// One format per kind across the player app: a day, a moment, an hour.

test('an hour is always two-digit: 06:00, 09:00–10:00, and the last game ends at 24:00', () => {
  expect(hourText(6)).toBe('06:00');
  expect(hourText(18)).toBe('18:00');
  expect(hourRange(9)).toBe('09:00–10:00');
  expect(hourRange(23)).toBe('23:00–24:00');
});

test("a day reads 'пн, 30 ноября'; the year only when it is not this year's", () => {
  expect(dayText('2026-11-30', '2026-11-23')).toBe('пн, 30 ноября');
  expect(dayText('2027-01-04', '2026-11-23')).toBe('пн, 4 января 2027');
  expect(dayText('2026-12-01', '2027-01-10')).toBe('вт, 1 декабря 2026');
  expect(dayText('not a date', '2026-11-23')).toBe('not a date');
});

test("a moment reads '30.11.2026, 14:00' on the club's clock, whatever the phone's zone", () => {
  // Written with the club's offset (as the API writes paused_until): read as written.
  expect(momentText('2026-11-30T14:00:00+03:00')).toBe('30.11.2026, 14:00');
  // Any instant with the club's zone: 21:30 UTC is already the next day in Moscow.
  expect(momentText('2026-11-30T21:30:00Z', 'Europe/Moscow')).toBe('01.12.2026, 00:30');
  expect(momentText(new Date('2026-01-05T03:07:00Z'), 'Asia/Vladivostok')).toBe('05.01.2026, 13:07');
  expect(momentText('soon')).toBe('soon');
});

test('a game in a sentence is its day and its hour', () => {
  expect(gameDayAndHour('2026-11-30T18:00:00+03:00', '2026-11-23')).toBe('пн, 30 ноября, 18:00');
  expect(gameDayAndHour('2027-01-04T06:00:00+03:00', '2026-12-31')).toBe('пн, 4 января 2027, 06:00');
});
