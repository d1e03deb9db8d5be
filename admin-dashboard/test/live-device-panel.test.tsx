import { LIVE_EVENTS, type DeviceState } from '@kort/contracts';
import { act, screen, within } from '@testing-library/react';
import { io } from 'socket.io-client';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
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
  ...change,
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
