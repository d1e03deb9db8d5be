import type { AdminPrice } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataProvider } from '../src/providers/data-provider';
import { PriceCreate } from '../src/resources/prices/price-create';
import { PriceList } from '../src/resources/prices/price-list';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { court, courtsList } from './support/records';
import { renderPage } from './support/render';

// What the club charges: the rules in the order they are tried, under the week they make; the form
// shows the week as it will be once saved, so a gap is seen before a player finds it.

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const price = (id: number, fields: Partial<AdminPrice>): AdminPrice => ({
  id,
  name: 'Вечер будней',
  court_id: null,
  weekdays: [1, 2, 3, 4, 5],
  from_hour: 18,
  to_hour: 22,
  audience: 'everyone',
  amount: '1500.00',
  sort_order: 0,
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

const routes = (stored: AdminPrice[]) => ({
  'GET /api/admin/prices': ok(stored, {
    'Content-Range': `prices 0-${Math.max(stored.length - 1, 0)}/${stored.length}`,
  }),
  'GET /api/admin/courts': courtsList([court(1), court(2)]),
  'GET /api/admin/settings': ok([
    { id: 'opening_hour', value: '17', updated_at: null },
    { id: 'closing_hour', value: '22', updated_at: null },
  ]),
});

/** The grid's cells, row by row: «17:00: —бесплатно …». */
const gridRows = (name: string) =>
  within(screen.getByRole('region', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

test('the list shows the week the rules make, per court, and the rules in their order', async () => {
  server = fakeServer(
    routes([
      price(1, {}),
      price(2, {
        name: 'Выходные на втором',
        court_id: 2,
        weekdays: [6, 7],
        from_hour: 17,
        amount: '900.50',
        sort_order: 1,
      }),
    ]),
  );
  renderPage({ resource: 'prices', path: '/prices', route: '/prices' }, <PriceList />, dataProvider);
  const grid = 'Неделя по ценам сейчас (для игрока, не спортивной школы)';
  await screen.findAllByText('Выходные на втором');
  // The club's hours read: from 17:00.
  await waitFor(() => expect(gridRows(grid)[0]).toMatch(/^17:00/));
  // Court 1: weekday evenings priced, weekends free.
  expect(gridRows(grid)[1]).toBe(
    '18:001\u00a0500\u00a0₽1\u00a0500\u00a0₽1\u00a0500\u00a0₽1\u00a0500\u00a0₽1\u00a0500\u00a0₽—бесплатно—бесплатно',
  );
  await userEvent.click(screen.getByRole('tab', { name: 'Корт 2' }));
  expect(gridRows(grid)[0]).toBe('17:00—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно900,50\u00a0₽900,50\u00a0₽');
});

test('a new rule shows the week it makes before it is saved', async () => {
  server = fakeServer(routes([price(1, {})]));
  renderPage({ resource: 'prices', path: '/prices/create', route: '/prices/create' }, <PriceCreate />, dataProvider);
  const grid = 'Неделя после сохранения (для игрока, не спортивной школы)';
  await screen.findByRole('region', { name: grid });
  await waitFor(() => expect(gridRows(grid)[0]).toMatch(/^17:00/));
  // Before anything is typed: the stored rule's week, 17:00 free.
  expect(gridRows(grid)[0]).toBe('17:00—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно');

  await userEvent.type(screen.getByRole('textbox', { name: /^Название/ }), 'Ранний вечер');
  await userEvent.type(screen.getByRole('textbox', { name: /^Цена за час/ }), '700');
  await userEvent.click(screen.getByRole('checkbox', { name: 'пн' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^С/ }));
  await userEvent.click(await screen.findByRole('option', { name: '17:00' }));
  await userEvent.click(screen.getByRole('combobox', { name: /^До/ }));
  await userEvent.click(await screen.findByRole('option', { name: '18:00' }));
  // Monday 17:00 now costs 700 ₽; the stored evening from 18:00 is unchanged.
  expect(gridRows(grid)[0]).toBe('17:00700\u00a0₽—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно—бесплатно');
  expect(gridRows(grid)[1]).toContain('18:001\u00a0500\u00a0₽');
});
