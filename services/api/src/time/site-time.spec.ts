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
