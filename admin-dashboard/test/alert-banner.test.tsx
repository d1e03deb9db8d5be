import { LIVE_EVENTS, type AdminAlert } from '@kort/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AlertBanner } from '../src/dashboard/alert-banner';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { pointPageAt, startLiveServer, type LiveClient, type LiveServer } from './support/live-server';
import { renderInAdmin } from './support/render';

// The home page's red banner: the chosen site's alerts not resolved, from GET /api/admin/alerts and
// then as the /live namespace pushes them (a real socket.io server plays it), «Принять» and who
// took each on. The club's clock reads 24.11.2026 20:00 in Moscow.

let live: LiveServer;
let restorePage: () => void;
let server: FakeServer;
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});
beforeEach(async () => {
  live = await startLiveServer();
  restorePage = pointPageAt(live.origin);
});
afterEach(async () => {
  cleanup();
  await live.close();
  restorePage();
  expect(server.strays).toEqual([]);
});

const alert = (id: number, change: Partial<AdminAlert> = {}): AdminAlert => ({
  id,
  site_id: 'default',
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
const temperature = alert(4, {
  kind: 'pi.temperature',
  title: 'Перегрев Raspberry Pi',
  detail: 'Температура процессора 82 °C',
  state: 'acknowledged',
  raised_at: '2026-11-23T16:10:00.000Z',
  acknowledged_at: '2026-11-24T16:45:00.000Z',
  acknowledged_by: 'Анна Админова',
  offline: true,
});
const listed = (rows: AdminAlert[]) => ok(rows, { 'Content-Range': `alerts 0-${rows.length}/${rows.length}` });

const banner = () => screen.findByRole('region', { name: /^Тревоги на площадке/ });
const items = () =>
  within(screen.getByRole('region', { name: /^Тревоги на площадке/ }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** The page's socket, once the server holds it. */
async function socket(): Promise<LiveClient> {
  await waitFor(() => expect(live.clients.length).toBeGreaterThan(0));
  return live.lastClient();
}

test('the unresolved alerts, newest first: what, when, who took it on; «Принять» for the others; a link to all', async () => {
  server = fakeServer({ 'GET /api/admin/alerts': listed([alert(5), temperature]) });
  renderInAdmin(<AlertBanner />, { dataProvider });
  const region = await banner();
  expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Тревоги на площадке: 2');
  expect(items()).toEqual([
    'Дверь открыта без команды — 19:42Датчик: дверь открылась без команды, кода или кнопки выходаПринять',
    'Перегрев Raspberry Pi — 23.11.2026, 19:10Температура процессора 82 °C · без связиПринята: Анна Админова, 19:45',
  ]);
  expect(within(region).getAllByRole('button', { name: /^Принять/ })).toHaveLength(1);
  expect(within(region).getByRole('link', { name: 'Все тревоги' }).getAttribute('href')).toMatch(/\/alerts$/);
  // The site's unresolved ones, newest first, five at most.
  const [call] = server.callsTo('GET /api/admin/alerts');
  expect(JSON.parse(call!.query.get('filter')!)).toEqual({ state: ['open', 'acknowledged'] });
  expect(JSON.parse(call!.query.get('sort')!)).toEqual(['raised_at', 'DESC']);
  expect(JSON.parse(call!.query.get('range')!)).toEqual([0, 4]);
});

test('alerts pushed on /live appear, change and leave with no reload; none left, no banner', async () => {
  server = fakeServer({ 'GET /api/admin/alerts': listed([]) });
  renderInAdmin(<AlertBanner />, { dataProvider });
  const client = await socket();
  await waitFor(() => expect(server.callsTo('GET /api/admin/alerts')).toHaveLength(1));
  expect(screen.queryByRole('region')).toBeNull();

  client.emit(LIVE_EVENTS.alert, alert(7, { kind: 'agent.offline', title: 'Агент не на связи', detail: 'Нет связи' }));
  await banner();
  expect(items()).toEqual(['Агент не на связи — 19:42Нет связиПринять']);
  client.emit(LIVE_EVENTS.alert, alert(8, { raised_at: '2026-11-24T16:50:00.000Z' }));
  await waitFor(() => expect(items()[0]).toMatch(/^Дверь открыта без команды — 19:50/));
  client.emit(
    LIVE_EVENTS.alert,
    alert(8, { state: 'acknowledged', acknowledged_at: '2026-11-24T16:51:00.000Z', acknowledged_by: 'Борис' }),
  );
  await waitFor(() => expect(items()[0]).toMatch(/Принята: Борис, 19:51$/));
  expect(items()).toHaveLength(2);

  client.emit(LIVE_EVENTS.alert, alert(7, { state: 'resolved', resolved_at: '2026-11-24T16:55:00.000Z' }));
  await waitFor(() => expect(items()).toHaveLength(1));
  client.emit(LIVE_EVENTS.alert, alert(8, { state: 'resolved', resolved_at: '2026-11-24T16:56:00.000Z' }));
  await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
  // No reload: the list was asked for once.
  expect(server.callsTo('GET /api/admin/alerts')).toHaveLength(1);
});

test('«Принять» sends {acknowledged: true} and shows who took it on, as the API answers', async () => {
  server = fakeServer({
    'GET /api/admin/alerts': listed([alert(5)]),
    'PUT /api/admin/alerts/5': ok(
      alert(5, {
        state: 'acknowledged',
        acknowledged_at: '2026-11-24T16:58:00.000Z',
        acknowledged_by: 'Анна Админова',
      }),
    ),
  });
  renderInAdmin(<AlertBanner />, { dataProvider });
  await banner();
  await userEvent.click(screen.getByRole('button', { name: 'Принять тревогу «Дверь открыта без команды»' }));
  await waitFor(() => expect(items()).toEqual([expect.stringMatching(/Принята: Анна Админова, 19:58$/)]));
  expect(server.callsTo('PUT /api/admin/alerts/5')[0]!.body).toEqual({ acknowledged: true });
  expect(await screen.findByText('Тревога принята')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /^Принять/ })).toBeNull();
});

test('on the home page the banner and the device panel share one /live socket', async () => {
  server = fakeServer({
    'GET /api/admin/alerts': listed([]),
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
    'GET /api/admin/commands': ok([], { 'Content-Range': 'commands 0-0/0' }),
  });
  const { unmount } = renderInAdmin(
    <>
      <AlertBanner />
      <LiveDevicePanel />
    </>,
    { dataProvider },
  );
  expect(await screen.findByText('Обновляется сам')).toBeTruthy();
  const client = await socket();
  client.emit(LIVE_EVENTS.alert, alert(9));
  await banner();
  expect(live.clients).toHaveLength(1);
  const left = new Promise<string>((resolve) => client.once('disconnect', resolve));
  unmount();
  expect(await left).toBe('client namespace disconnect');
});
