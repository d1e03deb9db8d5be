import { messages } from '@kort/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeviceControls } from '../src/dashboard/device-controls';
import type { LiveDevices } from '../src/lib/use-live-devices';
import { fail, fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';

const devices: LiveDevices = {
  lightOn: false,
  doorOpen: false,
  doorClosed: true,
  online: true,
  lastSeenAt: null,
  lastOffline: null,
  driver: null,
  relays: { light: false, door: false },
  version: null,
};
const status = { light_on: true, door_open: false, online: true, last_seen: '2026-11-22T15:00:00.000Z' };

test.each([
  ['Включить свет', 'GET /api/turn_on_light/', messages.lightOn],
  ['Выключить свет', 'GET /api/turn_off_light/', messages.lightOff],
  ['Открыть дверь', 'GET /api/open_door/', messages.doorHeldOpen],
  ['Закрыть дверь', 'GET /api/close_door/', messages.doorClosed],
])('«%s» calls %s with the CSRF header and says so', async (button, route, said) => {
  const server = fakeServer({ [route]: ok(status) });
  const onStatus = vi.fn();
  renderInAdmin(<DeviceControls devices={devices} onStatus={onStatus} />);
  await userEvent.click(screen.getByRole('button', { name: button }));
  expect(await screen.findByText(said)).toBeTruthy();
  expect(server.callsTo(route)).toHaveLength(1);
  expect(server.callsTo(route)[0]?.headers.get('X-CSRFToken')).toBe('test.token');
  expect(onStatus).toHaveBeenCalledWith(status);
  expect(server.strays).toEqual([]);
});

test("an answer's detail is what the admin reads", async () => {
  fakeServer({ 'GET /api/open_door/': ok({ ...status, detail: 'Дверь открыта до закрытия' }) });
  renderInAdmin(<DeviceControls devices={devices} />);
  await userEvent.click(screen.getByRole('button', { name: 'Открыть дверь' }));
  expect(await screen.findByText('Дверь открыта до закрытия')).toBeTruthy();
});

test('the equipment offline (503) is told in the Russian detail of the answer', async () => {
  fakeServer({ 'GET /api/turn_on_light/': fail(503, messages.agentOffline) });
  const onStatus = vi.fn();
  renderInAdmin(<DeviceControls devices={devices} onStatus={onStatus} />);
  await userEvent.click(screen.getByRole('button', { name: 'Включить свет' }));
  expect(await screen.findByText(messages.agentOffline)).toBeTruthy();
  expect(onStatus).not.toHaveBeenCalled();
});

test('the cards show the current state, the door sensor too', () => {
  fakeServer({});
  renderInAdmin(<DeviceControls devices={{ ...devices, lightOn: true, doorOpen: true, doorClosed: false }} />);
  const light = screen.getByRole('group', { name: 'Свет' });
  const door = screen.getByRole('group', { name: 'Дверь' });
  expect(light.textContent).toContain('Включён');
  expect(door.textContent).toContain('Открыта');
  expect(door.textContent).toContain('Датчик: дверь открыта');
});
