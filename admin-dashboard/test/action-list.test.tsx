import { screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { ActionList } from '../src/resources/actions/action-list';
import type { AdminActionRecord } from '../src/lib/records';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const rows: AdminActionRecord[] = [
  {
    id: 2,
    at: '2026-11-24T12:00:00.000Z',
    admin_id: 3,
    admin_name: 'Светлана',
    action: 'booking.forgive_no_show',
    target_type: 'booking',
    target_id: '41',
    target_label: 'Корт 2, 22.11.2026 18:00',
    detail: 'Неявка прощена',
  },
  {
    id: 1,
    at: '2026-11-22T15:15:00.000Z',
    admin_id: null,
    admin_name: 'Система',
    action: 'booking.no_show_release',
    target_type: 'booking',
    target_id: '41',
    target_label: 'Корт 2, 22.11.2026 18:00',
    detail: null,
  },
];

test('a no-show released by the club reads «Система», linking nowhere; the forgiving admin links to their page', async () => {
  server = fakeServer({ 'GET /api/admin/actions': ok(rows, { 'Content-Range': 'actions 0-1/2' }) });
  renderInAdmin(
    <ResourceContextProvider value="actions">
      <ActionList />
    </ResourceContextProvider>,
    { dataProvider },
  );
  const table = await screen.findByRole('table');
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  const [forgiven, released] = within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell'));
  // Columns: when, action, target, who, detail.
  expect(released!.map((cell) => cell.textContent)).toEqual([
    '22.11.2026, 18:15',
    'Неявка: корт освобождён',
    'Корт 2, 22.11.2026 18:00',
    'Система',
    '',
  ]);
  expect(within(released![3]!).queryByRole('link')).toBeNull();
  expect(forgiven![1]?.textContent).toBe('Неявка прощена');
  const admin = within(forgiven![3]!).getByRole('link', { name: 'Светлана' });
  expect(admin.getAttribute('href')).toMatch(/\/users\/3\/show$/);
});
