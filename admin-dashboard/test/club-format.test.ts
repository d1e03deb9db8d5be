import { expect, test } from 'vitest';
import { DATE_TEXT_ERRORS, maskDateText, readDateText } from '../src/components/club-date-input';
import { dateText, dayText, hourText, momentText, parseDateText } from '../src/lib/club-format';
import { formatClubDateTime, formatClubPeriod, setClubZone } from '../src/lib/club-time';

// One format per kind across the dashboard: a day, a moment, an hour, and a date field's дд.мм.гггг.

test('an hour is two-digit: 06:00, and the club day ends at 24:00', () => {
  expect(hourText(6)).toBe('06:00');
  expect(hourText(24)).toBe('24:00');
});

test("a day reads 'пн, 30 ноября'; the year only when it is not this year's", () => {
  expect(dayText('2026-11-30', '2026-11-24')).toBe('пн, 30 ноября');
  expect(dayText('2027-01-04', '2026-11-24')).toBe('пн, 4 января 2027');
});

test("a moment reads '30.11.2026, 14:00' on the club's clock, whatever the browser's zone and language", () => {
  expect(momentText({ date: '2026-11-30', hour: 14, minute: 0 })).toBe('30.11.2026, 14:00');
  setClubZone('Asia/Vladivostok');
  // 20:30 UTC is 06:30 the next day in Vladivostok.
  expect(formatClubDateTime('2026-11-29T20:30:00Z')).toBe('30.11.2026, 06:30');
  expect(formatClubDateTime('2026-11-29T20:30:00Z', 'time')).toBe('06:30');
  expect(formatClubDateTime('2026-11-29T20:30:00Z', 'date')).toBe('30.11.2026');
  expect(formatClubPeriod('2026-11-29T20:30:00Z', '2026-11-29T21:10:00Z')).toBe('30.11.2026, 06:30 – 07:10');
  expect(formatClubPeriod('2026-11-30T13:50:00Z', '2026-11-30T14:40:00Z')).toBe(
    '30.11.2026, 23:50 – 01.12.2026, 00:40',
  );
});

test('a date field reads and writes дд.мм.гггг, and hands on YYYY-MM-DD', () => {
  expect(dateText('2026-11-30')).toBe('30.11.2026');
  expect(maskDateText('30112026')).toBe('30.11.2026');
  expect(maskDateText('3011')).toBe('30.11');
  expect(maskDateText('30/11/2026 extra')).toBe('30.11.2026');
  expect(parseDateText('30.11.2026')).toBe('2026-11-30');
  expect(parseDateText('29.02.2027')).toBeNull();
  expect(readDateText('30.11.2026')).toEqual({ value: '2026-11-30', error: null });
  expect(readDateText('30.11')).toEqual({ value: '', error: DATE_TEXT_ERRORS.incomplete });
  expect(readDateText('31.04.2027')).toEqual({ value: '', error: 'Такой даты нет' });
  expect(readDateText('')).toEqual({ value: '', error: null });
});
