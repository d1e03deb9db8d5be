import { messages } from '@kort/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, useList } from 'react-admin';
import { BookingDayGrid } from '../src/resources/bookings/booking-day-grid';
import { shiftDay } from '../src/lib/club-days';
import { loadClubZone } from '../src/lib/club-time';
import type { BookingRecord, ClosureRecord, CourtRecord } from '../src/lib/records';
import { dataProvider } from '../src/providers/data-provider';
import { fakeServer, ok } from './support/fake-server';
import { court, courtsList, game as booking } from './support/records';
import { renderInAdmin } from './support/render';

// 15:00Z is 18:00 at the club (Moscow), whatever zone the admin's browser is in.
const day = [
  booking(12, { court_id: 2 }),
  booking(13, { user_id: 8, user_name: 'Борис', starts_at: '2026-11-22T03:00:00.000Z', status: 'ended' }),
];

const twoCourts = [court(1), court(2)];

function Grid({
  data,
  courts = twoCourts,
  closures = [],
}: {
  data: BookingRecord[];
  courts?: CourtRecord[];
  closures?: ClosureRecord[];
}) {
  const list = useList({ data });
  return (
    <ListContextProvider value={list}>
      <BookingDayGrid zone="Europe/Moscow" day="2026-11-22" courts={courts} closures={closures} />
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
    'GET /api/admin/courts': courtsList([court(1), court(2, { name: 'Центральный' })]),
    'DELETE /api/admin/bookings/12': ok({ ...day[0], status: 'cancelled', cancelled_at: '2026-11-22T10:00:00Z' }),
  });
  renderInAdmin(<Grid data={day} />, { dataProvider });
  await userEvent.click(within(row('18:00')).getByRole('button', { name: 'Отменить' }));
  expect(await screen.findByText('Отменить игру игрока? Ему придёт письмо')).toBeTruthy();
  // The court by its name, as the club calls it.
  expect(await screen.findByText(/^Анна Петрова, Центральный, /)).toBeTruthy();
  expect(server.callsTo('DELETE /api/admin/bookings/12')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText(messages.gameCancelled)).toBeTruthy();
  expect(server.callsTo('DELETE /api/admin/bookings/12')[0]?.headers.get('X-CSRFToken')).toBe('test.token');
});

const closure = (id: number, change: Partial<ClosureRecord>): ClosureRecord => ({
  id,
  court_id: null,
  // 11:00Z to 13:00Z is 14:00 to 16:00 at the club.
  starts_at: '2026-11-22T11:00:00.000Z',
  ends_at: '2026-11-22T13:00:00.000Z',
  reason: 'Турнир',
  created_at: '2026-11-20T10:00:00.000Z',
  ...change,
});

const cells = (hour: string) =>
  within(row(hour))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

test("the columns are the club's courts in its order; a court taken out of booking shows only with a game that day", () => {
  fakeServer({});
  renderInAdmin(
    <Grid
      data={[booking(12, { court_id: 3, user_name: 'Глеб' }), booking(14, { court_id: 4, user_name: 'Борис' })]}
      courts={[
        court(3, { name: 'Центральный', sort_order: 0 }),
        court(1),
        court(2),
        court(4, { active: false }),
        court(5, { active: false }),
      ]}
    />,
  );
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'Час',
    'Центральный',
    'Корт 1',
    'Корт 2',
    'Корт 4 (отключён)',
    'Очередь',
  ]);
  expect(cells('18:00').slice(0, 4)).toEqual([
    expect.stringContaining('Глеб'),
    '',
    '',
    expect.stringContaining('Борис'),
  ]);
});

test("a closure marks the hours and courts it takes: the whole club's every court, a court's its own", () => {
  fakeServer({});
  renderInAdmin(
    <Grid
      data={[booking(12, { court_id: 3, starts_at: '2026-11-22T11:00:00.000Z', status: 'cancelled' })]}
      courts={[court(1), court(2), court(3)]}
      closures={[
        closure(1, {}),
        // 16:00 to 17:00 at the club, court 2 only.
        closure(2, {
          court_id: 2,
          starts_at: '2026-11-22T13:00:00.000Z',
          ends_at: '2026-11-22T14:00:00.000Z',
          reason: 'Ремонт сетки',
        }),
      ]}
    />,
  );
  expect(cells('13:00').slice(0, 3)).toEqual(['', '', '']);
  expect(cells('14:00').slice(0, 3)).toEqual([
    'Закрыто: Турнир',
    'Закрыто: Турнир',
    // The game the closure cancelled stays in its cell, marked cancelled.
    'Закрыто: ТурнирАнна ПетроваОтменена',
  ]);
  expect(cells('15:00').slice(0, 3)).toEqual(['Закрыто: Турнир', 'Закрыто: Турнир', 'Закрыто: Турнир']);
  expect(cells('16:00').slice(0, 3)).toEqual(['', 'Закрыто: Ремонт сетки', '']);
  expect(cells('17:00').slice(0, 3)).toEqual(['', '', '']);
});

test('on a phone the third court and the closures are there too', () => {
  fakeServer({});
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  renderInAdmin(<Grid data={[]} courts={[court(1), court(2), court(3)]} closures={[closure(1, { court_id: 3 })]} />);
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'Час',
    'Корт 1',
    'Корт 2',
    'Корт 3',
  ]);
  expect(cells('14:00')).toEqual(['', '', 'Закрыто: Турнир']);
});

test("the rows are the club's hours, widened to a game booked outside them", () => {
  fakeServer({});
  const list = (hours: { opening: number; closing: number }, data: BookingRecord[]) => {
    function Hours() {
      const value = useList({ data });
      return (
        <ListContextProvider value={value}>
          <BookingDayGrid zone="Europe/Moscow" day="2026-11-22" courts={twoCourts} closures={[]} hours={hours} />
        </ListContextProvider>
      );
    }
    return <Hours />;
  };
  const { unmount } = renderInAdmin(list({ opening: 8, closing: 22 }, []));
  expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(
    Array.from({ length: 14 }, (_, index) => `${String(index + 8).padStart(2, '0')}:00`),
  );
  unmount();
  // 03:00Z is 06:00 at the club: booked before the club opened later.
  renderInAdmin(list({ opening: 8, closing: 22 }, [day[1]!]));
  expect(screen.getAllByRole('rowheader')[0]?.textContent).toBe('06:00');
});

test('days move by the calendar, across months and years', () => {
  expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
  expect(shiftDay('2027-01-01', -1)).toBe('2026-12-31');
});

test('a waitlist offer not confirmed yet is a hold: its player, «Предложена из очереди», the minutes left, nothing to cancel', async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-22T14:48:00Z' } }) });
  await loadClubZone();
  renderInAdmin(
    <Grid
      data={[
        booking(12, { court_id: 1 }),
        booking(15, {
          court_id: 2,
          user_id: 9,
          user_name: 'Глеб',
          status: 'held',
          held_until: '2026-11-22T15:00:00.000Z',
        }),
      ]}
    />,
  );
  const [first, second] = within(row('18:00')).getAllByRole('cell');
  expect(second?.textContent).toContain('Глеб');
  expect(second?.textContent).toContain('Предложена из очереди');
  expect(second?.textContent).toMatch(/ждёт подтверждения ещё 1[12] мин/);
  expect(second?.textContent).not.toContain('Забронирована');
  expect(within(second!).queryByRole('button', { name: 'Отменить' })).toBeNull();
  // The booked game beside it keeps its cancel button, with its word.
  expect(within(first!).getByRole('button', { name: 'Отменить' }).textContent).toBe('Отменить');
});

const guestGame = (change: Partial<BookingRecord> = {}) =>
  booking(20, {
    court_id: 1,
    user_id: null,
    user_name: 'Ирина',
    user_email: null,
    guest_name: 'Ирина',
    guest_phone: '+79161234567',
    ...change,
  });

test("a guest's game reads «Гость: name, phone» with no player page to open", () => {
  fakeServer({});
  renderInAdmin(<Grid data={[guestGame(), booking(21, { court_id: 1, starts_at: '2026-11-22T16:00:00.000Z' })]} />);
  const [cell] = within(row('18:00')).getAllByRole('cell');
  expect(cell?.textContent).toContain('Гость: Ирина, +7 (916) 123-45-67');
  expect(cell?.textContent).toContain('Забронирована');
  expect(within(cell!).queryByRole('link')).toBeNull();
  // A player's game keeps its link to the player.
  expect(within(row('19:00')).getByRole('link', { name: 'Анна Петрова' }).getAttribute('href')).toContain(
    '/users/7/show',
  );
});

test("cancelling a guest's game asks without promising a letter", async () => {
  fakeServer({ 'GET /api/admin/courts': courtsList(twoCourts) });
  renderInAdmin(<Grid data={[guestGame()]} />, { dataProvider });
  await userEvent.click(within(row('18:00')).getByRole('button', { name: 'Отменить' }));
  expect(await screen.findByText('Отменить игру гостя? Письма не будет: у гостя нет аккаунта')).toBeTruthy();
  expect(screen.getByText(/^Ирина, Корт 1/)).toBeTruthy();
});
