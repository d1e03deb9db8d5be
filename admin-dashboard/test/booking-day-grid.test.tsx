import { messages } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, useList } from 'react-admin';
import { BookingDayGrid } from '../src/resources/bookings/booking-day-grid';
import { shiftDay } from '../src/resources/bookings/day-navigator';
import type { BookingRecord } from '../src/resources/types';
import { dataProvider } from '../src/providers/data-provider';
import { fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';

const booking = (id: number, change: Partial<BookingRecord>): BookingRecord => ({
  id,
  user_id: 7,
  user_name: 'Анна Петрова',
  user_email: 'anna@example.ru',
  court_id: 1,
  starts_at: '2026-11-22T15:00:00.000Z',
  ends_at: '2026-11-22T16:00:00.000Z',
  cancelled_at: null,
  started_at: null,
  ended_at: null,
  status: 'booked',
  no_show_at: null,
  waiting: 0,
  ...change,
});

// 15:00Z is 18:00 at the club (Moscow), whatever zone the admin's browser is in.
const day = [
  booking(12, { court_id: 2 }),
  booking(13, { user_id: 8, user_name: 'Борис', starts_at: '2026-11-22T03:00:00.000Z', status: 'ended' }),
];

function Grid({ data }: { data: BookingRecord[] }) {
  const list = useList({ data });
  return (
    <ListContextProvider value={list}>
      <BookingDayGrid zone="Europe/Moscow" />
    </ListContextProvider>
  );
}

const row = (hour: string) => screen.getByRole('rowheader', { name: hour }).closest('tr')!;

test("each game sits in its court's column at its hour on the club's clock, 6:00 to 23:00", () => {
  fakeServer({});
  renderInAdmin(<Grid data={day} />);
  expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(
    Array.from({ length: 18 }, (_, index) => `${String(index + 6).padStart(2, '0')}:00`),
  );
  const evening = within(row('18:00')).getAllByRole('cell');
  expect(evening[0]?.textContent).toBe('');
  expect(evening[1]?.textContent).toContain('Анна Петрова');
  expect(evening[1]?.textContent).toContain('Забронирована');
  expect(within(row('06:00')).getAllByRole('cell')[0]?.textContent).toContain('Борис');
  // Only a game still to come can be cancelled.
  expect(within(row('06:00')).queryByRole('button', { name: 'Отменить' })).toBeNull();
});

test('each hour says how many players wait in line for it; nothing where nobody does', () => {
  fakeServer({});
  renderInAdmin(
    <Grid
      data={[
        booking(12, { court_id: 1, waiting: 3 }),
        booking(14, { court_id: 2, user_id: 9, user_name: 'Глеб', waiting: 3 }),
        day[1]!,
      ]}
    />,
  );
  expect(screen.getByRole('columnheader', { name: 'Очередь' })).toBeTruthy();
  expect(within(row('18:00')).getAllByRole('cell')[2]?.textContent).toBe('В очереди: 3');
  expect(within(row('06:00')).getAllByRole('cell')[2]?.textContent).toBe('');
  expect(screen.getAllByText(/В очереди/)).toHaveLength(1);
});

test("on a phone there is no room for a fourth column: the hour's line is said under its games", () => {
  fakeServer({});
  // A phone-sized screen: Material's "down('sm')" query matches.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  renderInAdmin(
    <Grid
      data={[
        booking(12, { court_id: 1, waiting: 3 }),
        booking(14, { court_id: 2, user_id: 9, user_name: 'Глеб', waiting: 3 }),
      ]}
    />,
  );
  expect(screen.queryByRole('columnheader', { name: 'Очередь' })).toBeNull();
  const evening = row('18:00');
  expect(evening.textContent).not.toContain('В очереди');
  expect(evening.nextElementSibling?.textContent).toBe('В очереди: 3');
  expect(screen.getAllByText(/В очереди/)).toHaveLength(1);
});

test('a game released because nobody came reads «Неявка», beside the game that took its court', () => {
  fakeServer({});
  renderInAdmin(
    <Grid
      data={[
        booking(12, {
          status: 'cancelled',
          cancelled_at: '2026-11-22T15:15:00.000Z',
          no_show_at: '2026-11-22T15:15:00.000Z',
        }),
        booking(15, { user_id: 9, user_name: 'Глеб', starts_at: '2026-11-22T15:00:00.000Z' }),
        booking(16, {
          user_id: 8,
          user_name: 'Борис',
          court_id: 2,
          status: 'cancelled',
          cancelled_at: '2026-11-21T10:00:00Z',
        }),
      ]}
    />,
  );
  const [court1, court2] = within(row('18:00')).getAllByRole('cell');
  expect(court1?.textContent).toContain('Анна ПетроваНеявка');
  expect(court1?.textContent).not.toContain('Отменена');
  expect(court1?.textContent).toContain('ГлебЗабронирована');
  // A cancellation asked for is still one.
  expect(court2?.textContent).toContain('БорисОтменена');
});

test("cancelling asks first, then deletes the booking on the player's behalf", async () => {
  const server = fakeServer({
    'DELETE /api/admin/bookings/12': ok({ ...day[0], status: 'cancelled', cancelled_at: '2026-11-22T10:00:00Z' }),
  });
  renderInAdmin(<Grid data={day} />, { dataProvider });
  await userEvent.click(within(row('18:00')).getByRole('button', { name: 'Отменить' }));
  expect(await screen.findByText('Отменить игру игрока? Ему придёт письмо')).toBeTruthy();
  expect(server.calls).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText(messages.gameCancelled)).toBeTruthy();
  expect(server.callsTo('DELETE /api/admin/bookings/12')[0]?.headers.get('X-CSRFToken')).toBe('test.token');
});

test('days move by the calendar, across months and years', () => {
  expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
  expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31');
});
