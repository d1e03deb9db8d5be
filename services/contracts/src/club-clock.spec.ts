import { clubHourStart, learnZoneOffsets, wallClock, wallClockAtOffset, type WallClock } from './club-clock';

test('the wall clock of the club past midnight, whatever the process zone', () => {
  expect(wallClock('2026-11-22T21:30:05Z', 'Europe/Moscow')).toEqual({
    date: '2026-11-23',
    hour: 0,
    minute: 30,
    second: 5,
  });
  expect(wallClock(new Date('2026-11-22T21:30:05Z'), 'America/New_York')).toMatchObject({
    date: '2026-11-22',
    hour: 16,
  });
});

describe('offsets learnt from the API', () => {
  const zone = 'America/New_York';
  const offsets = [
    { from: '2026-03-01T00:00:00.000Z', minutes: -300 },
    { from: '2026-03-08T07:00:00.000Z', minutes: -240 },
  ];

  afterEach(() => jest.restoreAllMocks());

  test('answer without Intl inside their span, across the change, as Intl would', () => {
    const intl: WallClock[] = ['2026-03-08T06:59:59.900Z', '2026-03-08T07:00:00Z', '2026-03-20T03:15:00Z'].map(
      (instant) => wallClock(instant, zone),
    );
    learnZoneOffsets(zone, offsets, '2026-06-01T00:00:00.000Z');
    const format = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(wallClock('2026-03-08T06:59:59.900Z', zone)).toEqual(intl[0]);
    expect(wallClock('2026-03-08T07:00:00Z', zone)).toEqual(intl[1]);
    expect(wallClock(new Date('2026-03-20T03:15:00Z'), zone)).toEqual({
      date: '2026-03-19',
      hour: 23,
      minute: 15,
      second: 0,
    });
    expect(intl[2]).toEqual(wallClock('2026-03-20T03:15:00Z', zone));
    expect(format).not.toHaveBeenCalled();
  });

  test('outside their span, and for another zone, Intl answers', () => {
    learnZoneOffsets(zone, offsets, '2026-06-01T00:00:00.000Z');
    // A wrong table would show here: 1 July is past `until`, where New York is at -4.
    expect(wallClock('2026-07-01T12:00:00Z', zone)).toMatchObject({ date: '2026-07-01', hour: 8 });
    expect(wallClock('2026-02-01T12:00:00Z', zone)).toMatchObject({ hour: 7 });
    expect(wallClock('2026-03-20T03:15:00Z', 'Europe/Moscow')).toMatchObject({ hour: 6 });
  });

  test('a table with an unreadable entry is not learnt', () => {
    learnZoneOffsets('Asia/Kolkata', [{ from: 'soon', minutes: 0 }], '2026-06-01T00:00:00.000Z');
    expect(wallClock('2026-03-20T03:15:00Z', 'Asia/Kolkata')).toMatchObject({ hour: 8, minute: 45 });
  });
});

test('the wall clock at an offset drops milliseconds as a clock does, across midnight and the year', () => {
  expect(wallClockAtOffset('2026-12-31T21:30:59.999Z', 180)).toEqual({
    date: '2027-01-01',
    hour: 0,
    minute: 30,
    second: 59,
  });
  expect(wallClockAtOffset('2026-03-01T02:00:00Z', -330)).toMatchObject({ date: '2026-02-28', hour: 20, minute: 30 });
});

test("clubHourStart writes a local hour with the zone's offset, across midnight and daylight saving", () => {
  expect(clubHourStart('2026-11-25', 18, 'Europe/Moscow')).toBe('2026-11-25T18:00:00+03:00');
  expect(clubHourStart('2026-12-31', 24, 'Europe/Moscow')).toBe('2027-01-01T00:00:00+03:00');
  expect(clubHourStart('2026-03-08', 1, 'America/New_York')).toBe('2026-03-08T01:00:00-05:00');
  expect(clubHourStart('2026-03-08', 3, 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
  expect(clubHourStart('2026-07-06', 14, 'Asia/Kolkata')).toBe('2026-07-06T14:00:00+05:30');
});
