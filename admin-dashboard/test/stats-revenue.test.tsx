import type { RevenueStats } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { RevenueBlock } from '../src/resources/stats/revenue-block';
import { fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { listOf } from './support/records';
import { renderInAdmin } from './support/render';

// The money paid for games over the period, when the club charges: paid, refunded and net, by day
// and by court, and the same as CSV.

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const period = { from: '2026-10-28', to: '2026-11-24' };
const revenue: RevenueStats = {
  ...period,
  total: { paid: '45000.00', refunded: '1500.50', net: '43499.50' },
  days: [
    { date: '2026-11-23', paid: '3000.00', refunded: '1500.50', net: '1499.50' },
    { date: '2026-11-22', paid: '42000.00', refunded: '0.00', net: '42000.00' },
  ],
  courts: [
    { id_cort: 1, name: 'Корт 1', paid: '30000.00', refunded: '1500.50', net: '28499.50' },
    { id_cort: 2, name: 'Корт 2', paid: '15000.00', refunded: '0.00', net: '15000.00' },
  ],
};
const nothing: RevenueStats = {
  ...period,
  total: { paid: '0.00', refunded: '0.00', net: '0.00' },
  days: [],
  courts: [],
};
const aPrice = {
  id: 1,
  name: 'Вечер',
  court_id: null,
  weekdays: [1],
  from_hour: 18,
  to_hour: 22,
  audience: 'everyone',
  amount: '1500.00',
  sort_order: 0,
  created_at: '2026-11-01T10:00:00Z',
};

function render(routes: Record<string, Answer>) {
  server = fakeServer(routes);
  renderInAdmin(<RevenueBlock period={period} />, { dataProvider });
}

/** Text with its no-break spaces made plain. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

test('the period’s paid, refunded and net, by court under the chart, by day in the table', async () => {
  render({
    'GET /api/admin/stats/revenue': ok(revenue),
    'GET /api/admin/prices': listOf('prices', [aPrice]),
  });
  const block = within(await screen.findByRole('region', { name: 'Деньги за игры' }));
  await block.findByRole('table', { name: 'По кортам' });
  const figures = block.getAllByRole('definition').map((figure) => plain(figure.textContent));
  expect(figures).toEqual(['45 000 ₽', '1 500,50 ₽', '43 499,50 ₽']);
  const call = server.callsTo('GET /api/admin/stats/revenue')[0]!;
  expect([call.query.get('from'), call.query.get('to')]).toEqual(['2026-10-28', '2026-11-24']);

  expect(block.getByRole('figure', { name: 'Оплаты и возвраты по дням, ₽' })).toBeTruthy();
  const courts = block.getByRole('table', { name: 'По кортам' });
  expect(
    within(courts)
      .getAllByRole('row')
      .slice(1)
      .map((row) => plain(row.textContent)),
  ).toEqual(['Корт 130 000 ₽1 500,50 ₽28 499,50 ₽', 'Корт 215 000 ₽0 ₽15 000 ₽']);

  await userEvent.click(block.getByRole('button', { name: 'Таблица' }));
  const days = block.getByRole('table', { name: 'Оплаты и возвраты по дням' });
  // Oldest day first, whatever order the API sent.
  expect(
    within(days)
      .getAllByRole('row')
      .slice(1)
      .map((row) => plain(row.textContent)),
  ).toEqual(['22.11.202642 000 ₽0 ₽42 000 ₽', '23.11.20263 000 ₽1 500,50 ₽1 499,50 ₽']);
});

test('a club with prices sees the block even when the period brought nothing', async () => {
  render({
    'GET /api/admin/stats/revenue': ok(nothing),
    'GET /api/admin/prices': listOf('prices', [aPrice]),
  });
  const block = within(await screen.findByRole('region', { name: 'Деньги за игры' }));
  expect(await block.findByText('За этот период денег не поступало и не возвращалось')).toBeTruthy();
});

test('a club that never charged does not see it; one whose prices are gone still sees the money', async () => {
  render({ 'GET /api/admin/stats/revenue': ok(nothing), 'GET /api/admin/prices': listOf('prices', []) });
  await waitFor(() => expect(server.callsTo('GET /api/admin/stats/revenue')).toHaveLength(1));
  await waitFor(() => expect(server.callsTo('GET /api/admin/prices')).toHaveLength(1));
  // Both answers are in: still nothing to show.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('region', { name: 'Деньги за игры' })).toBeNull();
});

test('prices gone, money moved in the period: the block shows it', async () => {
  render({ 'GET /api/admin/stats/revenue': ok(revenue), 'GET /api/admin/prices': listOf('prices', []) });
  expect(await screen.findByRole('region', { name: 'Деньги за игры' })).toBeTruthy();
});

test('«Скачать CSV» asks the revenue call as CSV for the period', async () => {
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }));
  render({
    'GET /api/admin/stats/revenue': (call) =>
      call.query.get('format') === 'csv'
        ? { status: 200, body: 'date;paid', headers: { 'Content-Type': 'text/csv' } }
        : ok(revenue),
    'GET /api/admin/prices': listOf('prices', [aPrice]),
  });
  const block = within(await screen.findByRole('region', { name: 'Деньги за игры' }));
  await block.findByRole('table', { name: 'По кортам' });
  await userEvent.click(block.getByRole('button', { name: 'Скачать CSV' }));
  await waitFor(() =>
    expect(server.callsTo('GET /api/admin/stats/revenue').some((call) => call.query.get('format') === 'csv')).toBe(
      true,
    ),
  );
  const csv = server.callsTo('GET /api/admin/stats/revenue').find((call) => call.query.get('format') === 'csv')!;
  expect([csv.query.get('from'), csv.query.get('to')]).toEqual(['2026-10-28', '2026-11-24']);
});
