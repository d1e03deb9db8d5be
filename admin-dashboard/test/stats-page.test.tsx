import type {
  CourtsStats,
  DemandStats,
  DevicesStats,
  NoShowStats,
  OccupancyStats,
  RevenueStats,
} from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { loadClubZone } from '../src/lib/club-time';
import { StatsPage } from '../src/resources/stats/stats-page';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { bytesOf } from './support/blob';

// The club is in Moscow; "now" is Tuesday 24 November 2026, 20:00 at the club.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const period = { from: '2026-10-28', to: '2026-11-24', time_zone: 'Europe/Moscow' };
const empty = { court_hours_open: 0, booked: 0, played: 0, no_show: 0, cancelled: 0 };

// Mondays at 18:00: 3 of 4 court-hours booked, 2 played, 1 no-show; Tuesday 18:00 closed all period.
const occupancy: OccupancyStats = {
  period,
  cells: [
    { weekday: 1, hour: 18, court_hours_open: 4, booked: 3, played: 2, no_show: 1, cancelled: 1 },
    { weekday: 1, hour: 19, ...empty, court_hours_open: 1200 },
    { weekday: 2, hour: 18, ...empty },
  ],
  totals: {
    court_hours_open: 1204,
    booked: 3,
    played: 2,
    no_show: 1,
    cancelled: 1,
    booked_share: 3 / 1204,
    played_share: 2 / 1204,
  },
};
const courts: CourtsStats = {
  period,
  weeks: [
    { court_id: '1', court_name: 'Корт 1', week_start: '2026-11-23', court_hours_open: 30, booked: 20, played: 15 },
  ],
};
const demand: DemandStats = {
  period,
  cells: [{ weekday: 5, hour: 19, joined: 6, got_court: 2 }],
  totals: { joined: 6, got_court: 2 },
};
const noShows: NoShowStats = {
  period,
  late_cancel_hours: 12,
  weeks: [{ week_start: '2026-11-23', no_shows: 1, late_cancellations: 2 }],
  top_players: [{ user_id: '7', name: 'Анна Петрова', no_shows: 1, late_cancellations: 2 }],
};
const devices: DevicesStats = {
  period,
  openings: { online_code: 1234, offline_pin: 5, admin: 2 },
  weeks: [
    { week_start: '2026-11-23', online_code: 1234, offline_pin: 5, admin: 2, light_hours: 20.5, played_hours: 15 },
  ],
  offline_periods: [{ from: '2026-11-23T07:00:00Z', to: '2026-11-23T08:30:00Z' }],
  light_hours: 20.5,
  played_hours: 15,
};

const nothing = { paid: '0.00', refunded: '0.00', net: '0.00' };
const noRevenue: RevenueStats = { from: period.from, to: period.to, total: nothing, days: [], courts: [] };

const allReports: Record<string, Answer> = {
  'GET /api/admin/stats/occupancy': ok(occupancy),
  'GET /api/admin/stats/courts': ok(courts),
  'GET /api/admin/stats/demand': ok(demand),
  'GET /api/admin/stats/no-shows': ok(noShows),
  'GET /api/admin/stats/devices': ok(devices),
  // A club with no prices and no money moved: the revenue block stays away (test/stats-revenue.test.tsx).
  'GET /api/admin/stats/revenue': ok(noRevenue),
};

function render(routes: Record<string, Answer> = allReports) {
  server = fakeServer(routes);
  renderInAdmin(<StatsPage />);
}

/** Text with Intl's no-break spaces ('75\u00a0%', '1\u202f234') read as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const byLabel = (label: string) => (_: string, element: Element | null) =>
  plain(element?.getAttribute('aria-label') ?? null) === label;

const block = async (title: string) => within(await screen.findByRole('region', { name: title }));

test('the heatmap: each cell says its share and counts; a closed hour reads as closed', async () => {
  render();
  const occupancyBlock = await block('Загрузка кортов по дням недели и часам');
  expect(
    await occupancyBlock.findByRole('img', {
      name: byLabel('пн, 18:00: занято 75 % (3 из 4 корт-часов); сыграно 2, неявок 1, отмен 1'),
    }),
  ).toBeTruthy();
  expect(occupancyBlock.getByRole('img', { name: 'вт, 18:00: закрыто' })).toBeTruthy();
  // Russian number format: the thousands separator is a (narrow) no-break space.
  expect(occupancyBlock.getByText(/открыто 1\s204 корт-часов/)).toBeTruthy();
});

test('tapping a cell writes its counts under the grid (a phone has no hover)', async () => {
  render();
  const occupancyBlock = await block('Загрузка кортов по дням недели и часам');
  await userEvent.click(await occupancyBlock.findByRole('img', { name: /^пн, 18:00/ }));
  const status = occupancyBlock.getAllByRole('status').map((element) => plain(element.textContent));
  expect(status).toContain('пн, 18:00: занято 75 % (3 из 4 корт-часов); сыграно 2, неявок 1, отмен 1');
});

test('«Таблица» is one tap away and holds the same numbers as a real table', async () => {
  render();
  const occupancyBlock = await block('Загрузка кортов по дням недели и часам');
  await userEvent.click(await occupancyBlock.findByRole('button', { name: 'Таблица' }));
  const table = occupancyBlock.getByRole('table', { name: 'Загрузка кортов по дням недели и часам' });
  const monday = within(table).getByRole('row', { name: /пн, 18:00/ });
  expect(
    within(monday)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent)),
  ).toEqual(['4', '3', '75 %', '2', '1', '1']);
});

test('the last 4 weeks by default, in the club’s days; «Эта неделя» asks from Monday to today', async () => {
  render();
  await block('Загрузка кортов по дням недели и часам');
  await waitFor(() => expect(server.callsTo('GET /api/admin/stats/occupancy')).toHaveLength(1));
  const first = server.callsTo('GET /api/admin/stats/occupancy')[0]!;
  expect([first.query.get('from'), first.query.get('to')]).toEqual(['2026-10-28', '2026-11-24']);
  expect(screen.getByText('С 28.10.2026 по 24.11.2026, дни и часы клуба')).toBeTruthy();

  await userEvent.click(screen.getByRole('button', { name: 'Эта неделя' }));
  await waitFor(() => expect(server.callsTo('GET /api/admin/stats/occupancy')).toHaveLength(2));
  const week = server.callsTo('GET /api/admin/stats/occupancy')[1]!;
  expect([week.query.get('from'), week.query.get('to')]).toEqual(['2026-11-23', '2026-11-24']);
  for (const report of ['courts', 'demand', 'no-shows', 'devices']) {
    expect(server.callsTo(`GET /api/admin/stats/${report}`).at(-1)!.query.get('from')).toBe('2026-11-23');
  }
});

test('a reversed custom range is said at once and asks the API nothing', async () => {
  render();
  await block('Загрузка кортов по дням недели и часам');
  await waitFor(() => expect(server.callsTo('GET /api/admin/stats/occupancy')).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Свой период' }));
  const from = screen.getByLabelText('С');
  await userEvent.clear(from);
  await userEvent.type(from, '01.12.2026');
  expect(await screen.findByText('Начало периода позже его конца')).toBeTruthy();
  expect(screen.queryByRole('region', { name: 'Загрузка кортов по дням недели и часам' })).toBeNull();
  expect(server.callsTo('GET /api/admin/stats/occupancy')).toHaveLength(1);
});

test('«Месяц» asks for the whole month; a range over 366 days is refused before asking', async () => {
  render();
  await block('Загрузка кортов по дням недели и часам');
  await userEvent.click(screen.getByRole('button', { name: 'Месяц' }));
  await waitFor(() => expect(server.callsTo('GET /api/admin/stats/occupancy').length).toBeGreaterThanOrEqual(2));
  const month = server.callsTo('GET /api/admin/stats/occupancy').at(-1)!;
  expect([month.query.get('from'), month.query.get('to')]).toEqual(['2026-11-01', '2026-11-30']);
  // Another month is chosen by its Russian name, whatever the browser's language.
  await userEvent.click(screen.getByRole('combobox', { name: /Месяц/ }));
  const options = screen.getAllByRole('option').map((option) => option.textContent);
  expect(options.slice(0, 3)).toEqual(['Ноябрь 2026', 'Октябрь 2026', 'Сентябрь 2026']);
  expect(options).toHaveLength(24);
  await userEvent.click(screen.getByRole('option', { name: 'Декабрь 2025' }));
  await waitFor(() =>
    expect(
      server.callsTo('GET /api/admin/stats/occupancy').some((call) => call.query.get('from') === '2025-12-01'),
    ).toBe(true),
  );
  const december = server.callsTo('GET /api/admin/stats/occupancy').at(-1)!;
  expect(december.query.get('to')).toBe('2025-12-31');

  await userEvent.click(screen.getByRole('button', { name: 'Свой период' }));
  const from = screen.getByLabelText('С');
  await userEvent.clear(from);
  await userEvent.type(from, '23.11.2025');
  expect(await screen.findByText('Период не длиннее 366 дней')).toBeTruthy();
  await userEvent.clear(from);
  await userEvent.type(from, '24.11.2025');
  expect(await screen.findByText('С 24.11.2025 по 24.11.2026, дни и часы клуба')).toBeTruthy();
});

test('the players with the most no-shows link to their page', async () => {
  render();
  const noShowsBlock = await block('Неявки и поздние отмены');
  const link = await noShowsBlock.findByRole('link', { name: 'Анна Петрова' });
  // The test's router is a hash router; the app's is under /admin/.
  expect(link.getAttribute('href')).toMatch(/^#?\/users\/7\/show$/);
  expect(noShowsBlock.getByText('Поздняя отмена — меньше чем за 12 ч до начала')).toBeTruthy();
});

test('door and device figures: openings by kind, light against play, offline periods on the club clock', async () => {
  render();
  const devicesBlock = await block('Дверь и оборудование');
  expect(
    await devicesBlock.findByText(
      /Дверь открыта: по коду 1\s234, по офлайн-ПИН 5, администратором 2\. Свет горел 20,5 ч при 15 ч игры/,
    ),
  ).toBeTruthy();
  const offline = devicesBlock.getByRole('table', { name: 'Когда агент был без связи' });
  expect(within(offline).getByRole('row', { name: /23\.11\.2026, 10:00/ }).textContent).toContain('23.11.2026, 11:30');
});

test('a failed block shows the server’s reason and a retry; the others still show', async () => {
  let answers = 0;
  render({
    ...allReports,
    'GET /api/admin/stats/demand': () => (++answers === 1 ? fail(500, 'База данных недоступна') : ok(demand)),
  });
  const demandBlock = await block('Спрос сверх мест: очередь');
  expect(await demandBlock.findByText(/База данных недоступна/)).toBeTruthy();
  expect(await (await block('Неявки и поздние отмены')).findByRole('link', { name: 'Анна Петрова' })).toBeTruthy();
  await userEvent.click(demandBlock.getByRole('button', { name: 'Повторить' }));
  expect(await demandBlock.findByText('Встали в очередь: 6, получили корт через очередь: 2')).toBeTruthy();
});

test('«Скачать CSV» asks the same call as CSV and saves the file', async () => {
  const saved: Blob[] = [];
  // jsdom cannot follow the download link; the saved blob is what the browser would write.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:csv'),
      revokeObjectURL: () => undefined,
    }),
  );
  render({
    ...allReports,
    'GET /api/admin/stats/occupancy': (call) =>
      call.query.get('format') === 'csv'
        ? { status: 200, body: 'weekday;hour', headers: { 'Content-Type': 'text/csv' } }
        : ok(occupancy),
  });
  const occupancyBlock = await block('Загрузка кортов по дням недели и часам');
  await occupancyBlock.findByRole('img', { name: /пн, 18:00/ });
  await userEvent.click(occupancyBlock.getByRole('button', { name: 'Скачать CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const csvCall = server.callsTo('GET /api/admin/stats/occupancy').find((call) => call.query.get('format') === 'csv')!;
  expect([csvCall.query.get('from'), csvCall.query.get('to')]).toEqual(['2026-10-28', '2026-11-24']);
  expect(csvCall.headers.get('Accept')).toBe('text/csv');
  expect(csvCall.credentials).toBe('include');
  // The file starts with the byte-order mark a spreadsheet needs to read UTF-8 Cyrillic.
  const bytes = new Uint8Array(await bytesOf(saved[0]!));
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes.slice(3))).toBe('weekday;hour');
});
