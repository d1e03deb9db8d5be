import { DateTime } from 'luxon';
import { ClubClock } from './site-time';

describe('ClubClock.lastBookableDate', () => {
  test('the new day opens at the local midnight exactly, though the answer is kept for the day', () => {
    const moscow = new ClubClock('Europe/Moscow'); // UTC+3: local midnight is 21:00Z
    expect(moscow.lastBookableDate(new Date('2026-11-29T12:00:00Z'), 14)).toBe('2026-12-13');
    expect(moscow.lastBookableDate(new Date('2026-11-29T20:59:59.999Z'), 14)).toBe('2026-12-13');
    expect(moscow.lastBookableDate(new Date('2026-11-29T21:00:00Z'), 14)).toBe('2026-12-14');
    // Back in the earlier day (a clock set back, a test's clock): worked out again, not the kept day.
    expect(moscow.lastBookableDate(new Date('2026-11-29T20:00:00Z'), 14)).toBe('2026-12-13');
    // The club changes its horizon: the new setting counts at once.
    expect(moscow.lastBookableDate(new Date('2026-11-29T20:00:00Z'), 15)).toBe('2026-12-14');
  });

  test('a day of 23 hours (the clocks go forward) ends at its own midnight', () => {
    const berlin = new ClubClock('Europe/Berlin'); // 29 March 2026: 02:00 → 03:00, the day is 23 h long
    expect(berlin.lastBookableDate(new Date('2026-03-29T00:30:00Z'), 1)).toBe('2026-03-30');
    expect(berlin.lastBookableDate(new Date('2026-03-29T21:59:59Z'), 1)).toBe('2026-03-30');
    expect(berlin.lastBookableDate(new Date('2026-03-29T22:00:00Z'), 1)).toBe('2026-03-31');
  });
});

describe('ClubClock.day, week and local: kept by instant', () => {
  test('every hour across a change of the clocks gets its own day and week, asked once or again', () => {
    const berlin = new ClubClock('Europe/Berlin');
    // From Friday 27 March to Tuesday 31 March 2026, UTC hours: the night of 29 March loses an hour.
    const hours = Array.from({ length: 5 * 24 }, (_, i) => new Date(Date.UTC(2026, 2, 27, i)));
    const expected = hours.map((instant) => {
      const local = DateTime.fromJSDate(instant, { zone: 'Europe/Berlin' });
      return {
        day: [local.startOf('day').toISO(), local.startOf('day').plus({ days: 1 }).toISO()],
        week: [local.startOf('week').toISO(), local.startOf('week').plus({ weeks: 1 }).toISO()],
        hour: local.hour,
      };
    });
    const iso = (date: Date) => DateTime.fromJSDate(date, { zone: 'Europe/Berlin' }).toISO();
    for (const round of [1, 2]) {
      const answers = hours.map((instant) => {
        const day = berlin.day(new Date(instant)); // a new Date each time: the key is the instant
        const week = berlin.week(new Date(instant));
        return {
          day: [iso(day.start), iso(day.end)],
          week: [iso(week.start), iso(week.end)],
          hour: berlin.local(new Date(instant)).hour,
        };
      });
      expect({ round, answers }).toEqual({ round, answers: expected });
    }
    // The 23-hour day itself.
    const short = berlin.day(new Date('2026-03-29T12:00:00Z'));
    expect(short.end.getTime() - short.start.getTime()).toBe(23 * 3600_000);
  });
});
