import { screen, waitFor, within } from '@testing-library/react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { UserList } from '../src/resources/users/user-list';
import { UserMoney } from '../src/resources/users/user-money';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { listOf, user } from './support/records';
import { renderInAdmin } from './support/render';

// What a player paid and got back, on their page and in the list; nothing where nobody paid.

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

function renderList(rows: ReturnType<typeof user>[]) {
  server = fakeServer({ 'GET /api/admin/users': listOf('users', rows) });
  renderInAdmin(
    <ResourceContextProvider value="users">
      <UserList />
    </ResourceContextProvider>,
    { dataProvider },
  );
}

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

test('the list has «Оплатил» when someone on the page paid: the sum, and what came back under it', async () => {
  renderList([
    user(1, { name: 'Анна', paid: '3000.00', refunded: '1500.00' }),
    user(2, { name: 'Борис', paid: '0.00', refunded: '0.00' }),
  ]);
  await screen.findByText('Борис');
  expect(headers()).toContain('Оплатил');
  const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
  expect(within(rows[0]!).getAllByRole('cell').at(-1)!.textContent).toBe(
    '3\u00a0000\u00a0₽возвращено 1\u00a0500\u00a0₽',
  );
  expect(within(rows[1]!).getAllByRole('cell').at(-1)!.textContent).toBe('—');
});

test('no column when nobody on the page paid, or the API does not say', async () => {
  renderList([user(1, { name: 'Анна', paid: '0.00', refunded: '0.00' }), user(2, { name: 'Борис' })]);
  await screen.findByText('Борис');
  await waitFor(() => expect(headers()).toContain('Подтверждён'));
  expect(headers()).not.toContain('Оплатил');
});

test('the profile says what the player paid and got back, with a link to their payments', async () => {
  server = fakeServer({});
  renderInAdmin(
    <RecordContextProvider value={user(7, { paid: '3000.00', refunded: '1500.00' })}>
      <UserMoney />
    </RecordContextProvider>,
  );
  expect(await screen.findByText('Оплачено 3 000 ₽, возвращено 1 500 ₽')).toBeTruthy();
  const link = screen.getByRole('link', { name: 'Все платежи игрока' });
  expect(decodeURIComponent(link.getAttribute('href')!)).toMatch(/\/payments\?filter=\{"user_id":7\}$/);
});

test('nothing on the profile of a player who never paid', () => {
  server = fakeServer({});
  const { container } = renderInAdmin(
    <RecordContextProvider value={user(7, { paid: '0.00', refunded: '0.00' })}>
      <UserMoney />
    </RecordContextProvider>,
  );
  expect(container.textContent).toBe('');
});
