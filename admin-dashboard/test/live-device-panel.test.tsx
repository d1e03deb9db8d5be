import { LIVE_EVENTS, type DeviceState, type LiveDoorEvent } from '@kort/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
import { loadClubZone } from '../src/lib/club-time';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { pointPageAt, startLiveServer, type LiveClient, type LiveServer } from './support/live-server';
import { renderInAdmin } from './support/render';

// A real socket.io server plays the API's /live namespace; the page is moved to its origin, so
// the panel's own socket.io client (io('/live')) reaches it as it reaches the API. HTTP calls
// still go to the fake `fetch`.
let live: LiveServer;
let restorePage: () => void;
beforeEach(async () => {
  live = await startLiveServer();
  restorePage = pointPageAt(live.origin);
});
afterEach(async () => {
  // The page leaves before the server closes: no reconnecting panel left behind.
  cleanup();
  await live.close();
  restorePage();
});

const state = (change: Partial<DeviceState> = {}): DeviceState => ({
  site: 'default',
  online: true,
  lastSeenAt: '2026-11-22T15:00:00.000Z',
  relays: { light: false, door: false },
  doorClosed: true,
  lastOffline: null,
  driver: 'gpio-chardev',
  ...change,
});

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

/** The panel's socket, once the page shows it is live. */
async function connected(): Promise<LiveClient> {
  expect(await screen.findByText('Обновляется сам')).toBeTruthy();
  return live.lastClient();
}

test('device.state pushed on /live updates the light, the door and the agent with no reload', async () => {
  const status = fakeServer({
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: false, last_seen: null }),
  });
  renderInAdmin(<LiveDevicePanel />);
  // The first paint comes from the status call.
  expect(await screen.findByText('Оборудование не на связи')).toBeTruthy();
  const socket = await connected();
  expect(live.clients).toHaveLength(1);
  expect(socket.nsp.name).toBe('/live');
  // Websocket only: behind the proxy's round-robin, long-polling's requests would hit both replicas.
  // (The server offers polling too: the client opened straight on a websocket, with no upgrade.)
  expect(socket.handshake.query.transport).toBe('websocket');
  expect(socket.conn.transport.name).toBe('websocket');
  const light = () => within(screen.getByRole('group', { name: 'Свет' }));
  const door = () => within(screen.getByRole('group', { name: 'Дверь' }));

  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false } }));
  expect(await light().findByText('Включён')).toBeTruthy();
  expect(screen.getByText('Оборудование на связи')).toBeTruthy();
  expect(screen.getByText('Обновляется сам')).toBeTruthy();

  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: true }, doorClosed: false }));
  expect(await door().findByText('Открыта')).toBeTruthy();
  expect(door().getByText('Датчик: дверь открыта')).toBeTruthy();

  socket.emit(LIVE_EVENTS.deviceState, state({ online: false, relays: { light: false, door: false } }));
  // The agent away: the states are its last report, said so.
  expect(await light().findByText('Выключен · последнее известное')).toBeTruthy();
  expect(screen.getByText('Оборудование не на связи')).toBeTruthy();
  // No reload: the status was asked for once, the rest came over the socket.
  expect(status.callsTo('GET /api/get_device_status/')).toHaveLength(1);

  socket.disconnect(true);
  expect(await screen.findByText('Нет связи с сервером, переподключаемся…')).toBeTruthy();
});

test('with the agent away the panel says since when, names the states last known and turns the buttons off', async () => {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: true, door_open: false, online: true, last_seen: null }),
  });
  renderInAdmin(<LiveDevicePanel />);
  const socket = await connected();
  const light = () => within(screen.getByRole('group', { name: 'Свет' }));
  const door = () => within(screen.getByRole('group', { name: 'Дверь' }));
  socket.emit(
    LIVE_EVENTS.deviceState,
    state({
      online: false,
      lastSeenAt: '2026-11-24T16:42:00.000Z',
      relays: { light: true, door: false },
      // The outage before this one: the panel must not pass it off as the current one.
      lastOffline: { from: '2026-11-24T16:02:00.000Z', to: '2026-11-24T16:40:00.000Z' },
    }),
  );
  // The club's clock reads 24.11 20:00 (site_time above): the same day, so the time alone.
  expect(await screen.findByText('Нет связи с оборудованием с 19:42')).toBeTruthy();
  expect(screen.getByText('Прошлый перерыв связи: 24.11.2026, 19:02 – 19:40')).toBeTruthy();
  expect(light().getByText('Включён · последнее известное')).toBeTruthy();
  expect(door().getByText('Закрыта · последнее известное')).toBeTruthy();
  for (const name of ['Включить свет', 'Выключить свет', 'Открыть дверь', 'Закрыть дверь']) {
    const button = screen.getByRole<HTMLButtonElement>('button', { name });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('device-buttons-off');
  }
  expect(document.getElementById('device-buttons-off')?.textContent).toBe(
    'Кнопки недоступны: нет связи с оборудованием',
  );

  // Back online: live states, buttons on, no outage notice.
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false } }));
  expect(await light().findByText('Включён')).toBeTruthy();
  expect(screen.queryByText(/Нет связи с оборудованием/)).toBeNull();
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Включить свет' }).disabled).toBe(false);
});

test('leaving the page closes the socket', async () => {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: true, door_open: false, online: true, last_seen: null }),
  });
  const { unmount } = renderInAdmin(<LiveDevicePanel />);
  expect(await screen.findByText('Включён')).toBeTruthy();
  const socket = await connected();
  const left = new Promise<string>((resolve) => socket.once('disconnect', resolve));
  unmount();
  // The client said goodbye on /live (not a dropped connection).
  expect(await left).toBe('client namespace disconnect');
  expect(socket.connected).toBe(false);
});

const doorEvent = (change: Partial<LiveDoorEvent> = {}): LiveDoorEvent => ({
  site: 'default',
  id: crypto.randomUUID(),
  kind: 'door.opened',
  at: '2026-11-24T16:05:00.000Z',
  game: 41,
  offline: false,
  ...change,
});

/** A stored door event as GET /api/admin/commands lists the agent's door rows. */
const storedRow = (change: Partial<LiveDoorEvent> = {}) => {
  const event = doorEvent(change);
  return {
    id: event.id,
    action: event.kind,
    device: 'door',
    requested_by: null,
    requested_by_name: null,
    requested_at: event.at,
    deadline: event.at,
    status: 'done',
    error: null,
    finished_at: event.at,
    origin: 'agent',
    offline: event.offline,
    booking_id: event.game,
    deliveries: null,
    door_outcome: null,
  };
};

let server: FakeServer;
async function livePanel(stored: ReturnType<typeof storedRow>[] = []) {
  server = fakeServer({
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
    'GET /api/admin/commands': ok(stored, { 'Content-Range': `commands 0-${stored.length}/${stored.length}` }),
  });
  renderInAdmin(<LiveDevicePanel />);
  expect(await screen.findByText('Оборудование на связи')).toBeTruthy();
  expect(server.strays).toEqual([]);
  return connected();
}

const doorEvents = () =>
  within(screen.getByRole('list', { name: 'События двери' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

test('door events pushed on /live appear at once, newest first, the last five', async () => {
  const socket = await livePanel();
  expect(screen.getByText('Событий двери пока не было')).toBeTruthy();

  socket.emit(LIVE_EVENTS.doorEvent, doorEvent({ kind: 'door.entry', offline: true }));
  await waitFor(() => expect(doorEvents()).toEqual(['Вход без связибез связи19:05 · Игра №41']));

  socket.emit(LIVE_EVENTS.doorEvent, doorEvent({ kind: 'door.pin-wrong', game: null, at: '2026-11-24T16:07:00Z' }));
  await waitFor(() => expect(doorEvents()[0]).toBe('Неверный код на экране у двери19:07'));
  for (let minute = 10; minute < 15; minute += 1)
    socket.emit(LIVE_EVENTS.doorEvent, doorEvent({ at: `2026-11-24T16:${minute}:00Z` }));
  await waitFor(() => expect(doorEvents()[0]).toBe('Дверь открыли19:14 · Игра №41'));
  expect(doorEvents()).toHaveLength(5);
  // Nothing here calls for the admin: no warning.
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a state pushed late, older than the one shown, is not painted over it', async () => {
  const socket = await livePanel();
  const light = () => within(screen.getByRole('group', { name: 'Свет' }));
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false }, version: 11 }));
  expect(await light().findByText('Включён')).toBeTruthy();
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: false, door: false }, version: 12 }));
  expect(await light().findByText('Выключен')).toBeTruthy();
  // A heartbeat's read from before the light went off, published after it; then a door event, which
  // the socket delivers after it: once the event is on the page, the late state has been handled.
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false }, version: 10 }));
  socket.emit(LIVE_EVENTS.doorEvent, doorEvent());
  await waitFor(() => expect(doorEvents()).toHaveLength(1));
  expect(light().getByText('Выключен')).toBeTruthy();
  // A newer state is shown as ever.
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false }, version: 13 }));
  expect(await light().findByText('Включён')).toBeTruthy();
});

test('the stored door events are there on opening the page; a live one goes on top, a repeat is not listed twice', async () => {
  const older = storedRow({ kind: 'door.entry', offline: true, at: '2026-11-24T15:40:00Z' });
  const newer = storedRow({ kind: 'door.held-open', game: null, at: '2026-11-24T15:58:00Z' });
  const socket = await livePanel([newer, older]);
  await waitFor(() =>
    expect(doorEvents()).toEqual(['Дверь открыта дольше 60 секунд18:58', 'Вход без связибез связи18:40 · Игра №41']),
  );
  // Stored events are the past: none is announced as it loads.
  expect(screen.queryByRole('alert')).toBeNull();
  socket.emit(LIVE_EVENTS.doorEvent, doorEvent({ at: '2026-11-24T16:05:00Z' }));
  // The stored held-open again, as a reconnect could push it: still once.
  socket.emit(LIVE_EVENTS.doorEvent, { ...doorEvent({ kind: 'door.held-open', game: null }), id: newer.id });
  await waitFor(() => expect(doorEvents()[0]).toBe('Дверь открыли19:05 · Игра №41'));
  expect(doorEvents()).toHaveLength(3);
  expect(screen.queryByRole('alert')).toBeNull();
  // The call asked for the agent's door rows, newest first, five.
  const [call] = server.callsTo('GET /api/admin/commands');
  expect(JSON.parse(call!.query.get('filter')!)).toEqual({ origin: 'agent', device: 'door' });
  expect(JSON.parse(call!.query.get('sort')!)).toEqual(['requested_at', 'DESC']);
  expect(JSON.parse(call!.query.get('range')!)).toEqual([0, 4]);
});

test.each([
  ['door.not-opened', 'Замок открыт, но дверь не открыли'],
  ['door.held-open', 'Дверь открыта дольше 60 секунд'],
] as const)('%s is announced with a warning and listed', async (kind, text) => {
  const socket = await livePanel();
  const event = doorEvent({ kind });
  socket.emit(LIVE_EVENTS.doorEvent, event);
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  expect(doorEvents()).toEqual([`${text}19:05 · Игра №41`]);
  // The same event again (a reconnect) is neither listed nor announced twice. The socket keeps
  // the server's order: once the state sent after it is on screen, the repeat has been handled.
  socket.emit(LIVE_EVENTS.doorEvent, event);
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false } }));
  expect(await within(screen.getByRole('group', { name: 'Свет' })).findByText('Включён')).toBeTruthy();
  expect(doorEvents()).toHaveLength(1);
});

test("the agent's last time without the API is shown once it reports it", async () => {
  const socket = await livePanel();
  expect(screen.queryByText(/Прошлый перерыв связи/)).toBeNull();
  socket.emit(
    LIVE_EVENTS.deviceState,
    state({ lastOffline: { from: '2026-11-24T16:02:00.000Z', to: '2026-11-24T16:40:00.000Z' } }),
  );
  expect(await screen.findByText('Прошлый перерыв связи: 24.11.2026, 19:02 – 19:40')).toBeTruthy();
  socket.emit(
    LIVE_EVENTS.deviceState,
    state({ lastOffline: { from: '2026-11-24T20:50:00.000Z', to: '2026-11-24T21:30:00.000Z' } }),
  );
  expect(await screen.findByText('Прошлый перерыв связи: 24.11.2026, 23:50 – 25.11.2026, 00:30')).toBeTruthy();
});

test('a simulated agent is marked plainly; a GPIO agent names its driver quietly', async () => {
  const socket = await livePanel();
  socket.emit(LIVE_EVENTS.deviceState, state({ driver: 'simulated' }));
  expect(await screen.findByText('Имитация оборудования')).toBeTruthy();
  expect(screen.getByText(/замок, свет и ящики на самом деле не двигаются/)).toBeTruthy();

  socket.emit(LIVE_EVENTS.deviceState, state({ driver: 'gpio-chardev' }));
  expect(await screen.findByText(/Реле: GPIO \(\/dev\/gpiochip\)/)).toBeTruthy();
  expect(screen.queryByText('Имитация оборудования')).toBeNull();

  // An agent from before the driver report: nothing is claimed either way.
  socket.emit(LIVE_EVENTS.deviceState, state({ driver: null }));
  await waitFor(() => expect(screen.queryByText(/Реле: GPIO|Имитация оборудования/)).toBeNull());
});

test('the light off while a game is on: the panel says so; on again, the warning goes', async () => {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
  });
  renderInAdmin(<LiveDevicePanel gameOn />);
  expect(await screen.findByText('Оборудование на связи')).toBeTruthy();
  const socket = await connected();
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: false, door: false } }));
  expect(await screen.findByText('Свет выключен, а на корте идёт игра. Включите свет.')).toBeTruthy();
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false } }));
  await waitFor(() => expect(screen.queryByText(/Свет выключен, а на корте идёт игра/)).toBeNull());
});

test('no game on: the light off is no warning', async () => {
  const socket = await livePanel();
  socket.emit(LIVE_EVENTS.deviceState, state({ relays: { light: false, door: false } }));
  await screen.findByText('Оборудование на связи');
  expect(screen.queryByText(/Свет выключен, а на корте идёт игра/)).toBeNull();
});
