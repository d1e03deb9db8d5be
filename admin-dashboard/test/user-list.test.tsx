import { messages } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider } from 'react-admin';
import { Counters } from '../src/dashboard/counters';
import { loadClubZone } from '../src/lib/club-time';
import { formatPhone } from '../src/lib/phone';
import { dataProvider } from '../src/providers/data-provider';
import { UserList } from '../src/resources/users/user-list';
import type { UserRecord } from '../src/lib/records';
import { fakeServer, ok, type Call, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { user as userRecord } from './support/records';

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const user = (id: number, change: Partial<UserRecord>) => userRecord(id, { name: `Игрок ${id}`, ...change });

const page = (rows: UserRecord[]) =>
  ok(rows, { 'Content-Range': `users 0-${Math.max(rows.length - 1, 0)}/${rows.length}` });
const filterOf = (call: Call | undefined) => JSON.parse(call?.query.get('filter') ?? 'null') as unknown;

function renderList(answer: (call: Call) => ReturnType<typeof page>) {
  server = fakeServer({ 'GET /api/admin/users': answer });
  renderInAdmin(
    <ResourceContextProvider value="users">
      <UserList />
    </ResourceContextProvider>,
    { dataProvider },
  );
}

/** Each body row's cells as text, in the table's order. */
async function rowsOnScreen() {
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

test('the list opens on the active players, the very people the home counter counts, and says so', async () => {
  renderList(() => page([user(1, {})]));
  await rowsOnScreen();
  expect(filterOf(server.callsTo('GET /api/admin/users')[0])).toEqual({ role: 'player', status: 'active' });
  // Both filters are on screen, so the admin sees whom the list holds and changes it in one click.
  expect(screen.getByRole('combobox', { name: 'Состояние' }).textContent).toBe('Активные');
  expect(screen.getByRole('combobox', { name: 'Роль' }).textContent).toBe('Игрок');
});

test('«Игроков» on the home page opens the list with the same filter', async () => {
  server = fakeServer({
    'GET /api/count_users/': ok({ detail: 12 }),
    'GET /api/count_games/': ok({ detail: 3 }),
    'GET /api/count_no_shows/': ok({ detail: 0 }),
  });
  renderInAdmin(<Counters />);
  expect(await screen.findByText('12')).toBeTruthy();
  const link = screen.getByRole('link', { name: /Игроков/ });
  // The tests' router is a hash router: '#/users?filter=…'.
  const target = new URL(link.getAttribute('href')!.replace(/^#/, ''), 'http://kort.test');
  expect(target.pathname).toMatch(/\/users$/);
  expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ role: 'player', status: 'active' });
});

test('phones read +7 (999) 999-99-99, the sport school Да or Нет, and each account its own state', async () => {
  renderList(() =>
    page([
      user(1, { name: 'Анна', phone_number: '+79123456789', is_sport_school: true }),
      user(2, { name: 'Борис', confirmed_at: null, status: 'unconfirmed' }),
      user(3, { name: 'Вера', role: 'admin' }),
      user(4, { name: 'Глеб', blocked: true, deletion_kind: 'admin', status: 'blocked' }),
      // Active, but paused for no-shows: not plainly «Активен».
      user(5, { name: 'Дина', paused_until: '2026-11-29T15:05:00.000Z' }),
    ]),
  );
  const rows = await rowsOnScreen();
  // Name, e-mail, phone, role, sport school, state, confirmed.
  expect(rows.map((cells) => [cells[0], cells[2], cells[4], cells[5]])).toEqual([
    ['Анна', '+7 (912) 345-67-89', 'Да', 'Активен'],
    ['Борис', '—', 'Нет', 'Не подтверждён'],
    ['Вера', '—', 'Нет', 'Администратор'],
    ['Глеб', '—', 'Нет', 'Заблокирован'],
    ['Дина', '—', 'Нет', 'Запись приостановлена'],
  ]);
  // No react-admin cross or tick icons standing for the sport school.
  expect(screen.queryAllByTestId('false')).toEqual([]);
  expect(screen.queryAllByTestId('true')).toEqual([]);
});

test("a search with no hit says 'Нет такого пользователя' and offers to look among everyone", async () => {
  renderList((call) => {
    const filter = filterOf(call) as { q?: string };
    return page(filter.q === 'гоша' && Object.keys(filter).length === 1 ? [user(9, { name: 'Гоша' })] : []);
  });
  await userEvent.type(await screen.findByPlaceholderText('Поиск'), 'гоша');
  expect(await screen.findByText(messages.userNotFound)).toBeTruthy();
  expect(screen.getByText('Искали среди: Активные, Игрок.')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Искать среди всех' }));
  expect((await rowsOnScreen()).map((cells) => cells[0])).toEqual(['Гоша']);
  expect(filterOf(server.callsTo('GET /api/admin/users').at(-1))).toEqual({ q: 'гоша' });
});

test('formatPhone leaves what is not a Russian number as it is', () => {
  expect(formatPhone('+79990001122')).toBe('+7 (999) 000-11-22');
  expect(formatPhone('+4930123456')).toBe('+4930123456');
  expect(formatPhone(null)).toBe('—');
});
