import { LIVE_EVENTS, type DeviceState, type LiveDoorEvent } from '@kort/contracts';
import { act, screen, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
import { loadClubZone } from '../src/lib/club-time';
import { fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';

/** A stand-in for socket.io's client: the test plays the API's /live namespace. */
class FakeSocket {
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  disconnected = false;
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off() {
    this.handlers.clear();
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** The server sends an event. */
  serverEmits(event: string, ...args: unknown[]) {
    act(() => {
      for (const handler of this.handlers.get(event) ?? []) handler(...args);
    });
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  }),
}));

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

test('device.state pushed on /live updates the light, the door and the agent with no reload', async () => {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: false, last_seen: null }),
  });
  renderInAdmin(<LiveDevicePanel />);
  // Websocket only: behind the proxy's round-robin, long-polling's requests would hit both replicas.
  expect(io).toHaveBeenCalledWith('/live', { withCredentials: true, transports: ['websocket'] });
  // The first paint comes from the status call.
  expect(await screen.findByText('Оборудование не на связи')).toBeTruthy();
  const socket = sockets.at(-1)!;
  const light = () => within(screen.getByRole('group', { name: 'Свет' }));
  const door = () => within(screen.getByRole('group', { name: 'Дверь' }));

  socket.serverEmits('connect');
  socket.serverEmits(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: false } }));
  expect(light().getByText('Включён')).toBeTruthy();
  expect(screen.getByText('Оборудование на связи')).toBeTruthy();
  expect(screen.getByText('Обновляется сам')).toBeTruthy();

  socket.serverEmits(LIVE_EVENTS.deviceState, state({ relays: { light: true, door: true }, doorClosed: false }));
  expect(door().getByText('Открыта')).toBeTruthy();
  expect(door().getByText('Датчик: дверь открыта')).toBeTruthy();

  socket.serverEmits(LIVE_EVENTS.deviceState, state({ online: false, relays: { light: false, door: false } }));
  expect(light().getByText('Выключен')).toBeTruthy();
  expect(screen.getByText('Оборудование не на связи')).toBeTruthy();

  socket.serverEmits('disconnect');
  expect(screen.getByText('Нет связи с сервером, переподключаемся…')).toBeTruthy();
});

test('leaving the page closes the socket', async () => {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: true, door_open: false, online: true, last_seen: null }),
  });
  const { unmount } = renderInAdmin(<LiveDevicePanel />);
  expect(await screen.findByText('Включён')).toBeTruthy();
  const socket = sockets.at(-1)!;
  unmount();
  expect(socket.disconnected).toBe(true);
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

async function livePanel() {
  fakeServer({
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
  });
  renderInAdmin(<LiveDevicePanel />);
  expect(await screen.findByText('Оборудование на связи')).toBeTruthy();
  const socket = sockets.at(-1)!;
  socket.serverEmits('connect');
  return socket;
}

const doorEvents = () =>
  within(screen.getByRole('list', { name: 'События двери' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

test('door events pushed on /live appear at once, newest first, the last five', async () => {
  const socket = await livePanel();
  expect(screen.getByText('С открытия страницы событий не было')).toBeTruthy();

  socket.serverEmits(LIVE_EVENTS.doorEvent, doorEvent({ kind: 'door.entry', offline: true }));
  expect(doorEvents()).toEqual(['Вход без связибез связи19:05 · Игра №41']);

  socket.serverEmits(
    LIVE_EVENTS.doorEvent,
    doorEvent({ kind: 'door.pin-wrong', game: null, at: '2026-11-24T16:07:00Z' }),
  );
  expect(doorEvents()[0]).toBe('Неверный код на экране у двери19:07');
  for (let minute = 10; minute < 15; minute += 1)
    socket.serverEmits(LIVE_EVENTS.doorEvent, doorEvent({ at: `2026-11-24T16:${minute}:00Z` }));
  expect(doorEvents()).toHaveLength(5);
  expect(doorEvents()[0]).toBe('Дверь открыли19:14 · Игра №41');
  // Nothing here calls for the admin: no warning.
  expect(screen.queryByRole('alert')).toBeNull();
});

test.each([
  ['door.not-opened', 'Замок открыт, но дверь не открыли'],
  ['door.held-open', 'Дверь открыта дольше 60 секунд'],
] as const)('%s is announced with a warning and listed', async (kind, text) => {
  const socket = await livePanel();
  const event = doorEvent({ kind });
  socket.serverEmits(LIVE_EVENTS.doorEvent, event);
  expect((await screen.findByRole('alert')).textContent).toContain(text);
  expect(doorEvents()).toEqual([`${text}19:05 · Игра №41`]);
  // The same event again (a reconnect) is neither listed nor announced twice.
  socket.serverEmits(LIVE_EVENTS.doorEvent, event);
  expect(doorEvents()).toHaveLength(1);
});

test("the agent's last time without the API is shown once it reports it", async () => {
  const socket = await livePanel();
  expect(screen.queryByText(/Агент был без связи/)).toBeNull();
  socket.serverEmits(
    LIVE_EVENTS.deviceState,
    state({ lastOffline: { from: '2026-11-24T16:02:00.000Z', to: '2026-11-24T16:40:00.000Z' } }),
  );
  expect(screen.getByText('Агент был без связи: 24.11 19:02 – 19:40')).toBeTruthy();
  socket.serverEmits(
    LIVE_EVENTS.deviceState,
    state({ lastOffline: { from: '2026-11-24T20:50:00.000Z', to: '2026-11-24T21:30:00.000Z' } }),
  );
  expect(screen.getByText('Агент был без связи: 24.11 23:50 – 25.11 00:30')).toBeTruthy();
});

test('a simulated agent is marked plainly; a GPIO agent names its driver quietly', async () => {
  const socket = await livePanel();
  socket.serverEmits(LIVE_EVENTS.deviceState, state({ driver: 'simulated' }));
  expect(screen.getByText('Симулятор: реле не переключаются')).toBeTruthy();
  expect(screen.getByText(/Агент запущен с DRIVER=simulated/)).toBeTruthy();

  socket.serverEmits(LIVE_EVENTS.deviceState, state({ driver: 'gpio-chardev' }));
  expect(screen.queryByText('Симулятор: реле не переключаются')).toBeNull();
  expect(screen.getByText(/Реле: GPIO \(\/dev\/gpiochip\)/)).toBeTruthy();

  // An agent from before the driver report: nothing is claimed either way.
  socket.serverEmits(LIVE_EVENTS.deviceState, state({ driver: null }));
  expect(screen.queryByText(/Реле: GPIO|Симулятор/)).toBeNull();
});
