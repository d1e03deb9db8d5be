import type { AdminAlert } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { AlertList } from '../src/resources/alerts/alert-list';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { listOf } from './support/records';
import { screenWhere } from './support/media';
import { renderPage } from './support/render';

// The `alerts` resource: each alert's state, what happened, the site, when it was raised, who took
// it on and when, when it ended, on the club's clock; «Принять» on those nobody took on; a table on a
// desktop, cards on a phone (390 px). The club's clock reads 24.11.2026 20:00 in Moscow.

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.restoreAllMocks();
});

const alert = (id: number, change: Partial<AdminAlert> = {}): AdminAlert => ({
  id,
  site_id: 'lenina',
  kind: 'door.forced',
  title: 'Дверь открыта без команды',
  detail: 'Датчик: дверь открылась без команды, кода или кнопки выхода',
  state: 'open',
  raised_at: '2026-11-24T16:42:00.000Z',
  acknowledged_at: null,
  acknowledged_by: null,
  resolved_at: null,
  offline: false,
  ...change,
});
const stored = [
  alert(3),
  alert(2, {
    kind: 'pi.temperature',
    title: 'Перегрев Raspberry Pi',
    detail: 'Температура процессора 82 °C',
    state: 'resolved',
    raised_at: '2026-11-23T16:10:00.000Z',
    acknowledged_at: '2026-11-23T16:12:00.000Z',
    acknowledged_by: 'Анна Админова',
    resolved_at: '2026-11-23T16:30:00.000Z',
    offline: true,
  }),
  alert(1, {
    kind: 'tamper',
    title: 'Вскрытие корпуса',
    detail: 'Сработал датчик вскрытия корпуса',
    state: 'resolved',
    raised_at: '2026-11-22T08:00:00.000Z',
    resolved_at: '2026-11-22T08:01:00.000Z',
  }),
];
const sites = listOf('sites', [{ id: 'lenina', name: 'Корт на Ленина', timezone: 'Europe/Moscow' }]);

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('each alert: state, what happened, the site, raised, who took it on, ended; «Принять» records who and when', async () => {
  server = fakeServer({
    'GET /api/admin/alerts': listOf('alerts', stored),
    'GET /api/admin/sites': sites,
    'PUT /api/admin/alerts/3': ok(
      alert(3, { state: 'acknowledged', acknowledged_at: '2026-11-24T16:58:00.000Z', acknowledged_by: 'Борис' }),
    ),
  });
  renderPage({ resource: 'alerts', path: '/alerts', route: '/alerts' }, <AlertList />, dataProvider);
  await waitFor(() => expect(rows()[0]?.[2]).toBe('Корт на Ленина'));
  expect(rows()).toEqual([
    [
      'Открыта',
      'Дверь открыта без командыДатчик: дверь открылась без команды, кода или кнопки выхода',
      'Корт на Ленина',
      '24.11.2026, 19:42',
      'Принять',
      '—',
    ],
    [
      'Закончилась',
      'Перегрев Raspberry Piбез связиТемпература процессора 82 °C',
      'Корт на Ленина',
      '23.11.2026, 19:10',
      'Принята: Анна Админова, 23.11.2026, 19:12',
      '23.11.2026, 19:30',
    ],
    [
      'Закончилась',
      'Вскрытие корпусаСработал датчик вскрытия корпуса',
      'Корт на Ленина',
      '22.11.2026, 11:00',
      'Не принята',
      '22.11.2026, 11:01',
    ],
  ]);
  // Newest first, 25 a page.
  const [call] = server.callsTo('GET /api/admin/alerts');
  expect(JSON.parse(call!.query.get('sort')!)).toEqual(['raised_at', 'DESC']);

  await userEvent.click(screen.getByRole('button', { name: 'Принять тревогу «Дверь открыта без команды»' }));
  await waitFor(() =>
    expect(rows()[0]).toEqual([
      'Принята',
      'Дверь открыта без командыДатчик: дверь открылась без команды, кода или кнопки выхода',
      'Корт на Ленина',
      '24.11.2026, 19:42',
      'Принята: Борис, 19:58',
      '—',
    ]),
  );
  expect(server.callsTo('PUT /api/admin/alerts/3')[0]!.body).toEqual({ acknowledged: true });
  expect(await screen.findByText('Тревога принята')).toBeTruthy();
});

test('the state filter asks the API for that state', async () => {
  server = fakeServer({ 'GET /api/admin/alerts': listOf('alerts', stored), 'GET /api/admin/sites': sites });
  renderPage({ resource: 'alerts', path: '/alerts', route: '/alerts' }, <AlertList />, dataProvider);
  await waitFor(() => expect(rows()).toHaveLength(3));
  await userEvent.click(await screen.findByRole('combobox', { name: 'Состояние' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Открыта' }));
  const filters = () => server.callsTo('GET /api/admin/alerts').map((call) => call.query.get('filter'));
  await waitFor(() => expect(filters().at(-1)).toBe(JSON.stringify({ state: 'open' })), { timeout: 5000 });
});

test('on a phone each alert is a card, «Принять» across it at a finger’s height', async () => {
  vi.spyOn(window, 'matchMedia').mockImplementation(screenWhere(true));
  server = fakeServer({ 'GET /api/admin/alerts': listOf('alerts', stored), 'GET /api/admin/sites': sites });
  renderPage({ resource: 'alerts', path: '/alerts', route: '/alerts' }, <AlertList />, dataProvider);
  const cards = await screen.findByRole('list', { name: 'Тревоги' });
  const items = within(cards).getAllByRole('listitem');
  expect(items).toHaveLength(3);
  await waitFor(() => expect(items[0]!.textContent).toContain('Корт на Ленина'));
  expect(items[0]!.textContent).toBe(
    'Дверь открыта без командыДатчик: дверь открылась без команды, кода или кнопки выходаОткрыта' +
      'Площадка: Корт на ЛенинаКогда: 24.11.2026, 19:42Не принятаПринять',
  );
  expect(within(items[1]!).getByText('Принята: Анна Админова, 23.11.2026, 19:12')).toBeTruthy();
  expect(within(items[1]!).queryByRole('button')).toBeNull();
  const button = within(items[0]!).getByRole('button', { name: /^Принять/ });
  expect(button.className).toContain('MuiButton-fullWidth');
  expect(screen.queryByRole('table')).toBeNull();
});
