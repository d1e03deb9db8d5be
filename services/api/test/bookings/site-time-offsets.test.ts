import { wallClock } from '@kort/contracts';
import { ClubClock } from '../../src/time/site-time';

// The offsets GET /api/site_time/ sends the apps instead of their loading the browser's zone data:
// each daylight-saving change of the booking horizon, to the minute, and nothing else.
const siteTime = (zone: string) => new ClubClock(zone);

test('New York: the March change of the horizon, at 2:00 local (07:00Z), to the minute', () => {
  expect(siteTime('America/New_York').offsetsAround(new Date('2026-01-15T12:34:56Z'))).toEqual({
    offsets: [
      { from: '2026-01-14T12:00:00.000Z', minutes: -300 },
      { from: '2026-03-08T07:00:00.000Z', minutes: -240 },
    ],
    until: '2026-04-17T12:00:00.000Z',
  });
});

test('Lord Howe: a half-hour change at 2:00 local; the table agrees with Intl at every hour of it', () => {
  const zone = 'Australia/Lord_Howe';
  const { offsets, until } = siteTime(zone).offsetsAround(new Date('2026-03-01T00:00:00Z'));
  expect(offsets.map((offset) => offset.minutes)).toEqual([660, 630]);
  for (let time = Date.parse(offsets[0]!.from); time < Date.parse(until); time += 3_600_000) {
    const table = [...offsets].reverse().find((offset) => Date.parse(offset.from) <= time)!.minutes;
    const clock = wallClock(new Date(time), zone);
    const [year, month, day] = clock.date.split('-').map(Number) as [number, number, number];
    expect((Date.UTC(year, month - 1, day, clock.hour, clock.minute) - time) / 60_000).toBe(table);
  }
});

test('a zone without changes (Moscow) is one offset; the same hour answers from the cache', () => {
  const moscow = siteTime('Europe/Moscow');
  const first = moscow.offsetsAround(new Date('2026-11-23T09:00:00Z'));
  expect(first.offsets).toEqual([{ from: '2026-11-22T09:00:00.000Z', minutes: 180 }]);
  expect(moscow.offsetsAround(new Date('2026-11-23T09:59:59Z'))).toBe(first);
  expect(moscow.offsetsAround(new Date('2026-11-23T10:00:00Z'))).not.toBe(first);
});
