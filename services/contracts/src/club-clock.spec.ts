import { wallClock } from './club-clock';

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
