import { LIVE_EVENTS, RELAYS, type DeviceState, type RelayStates } from '@kort/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { ResourceContextProvider } from 'react-admin';
import { dataProvider } from '../src/providers/data-provider';
import { ShelfBoard } from '../src/resources/shelves/shelf-board';
import type { ShelfRecord } from '../src/lib/records';
import { fakeServer, ok } from './support/fake-server';
import { pointPageAt, startLiveServer, type LiveServer } from './support/live-server';
import { renderInAdmin } from './support/render';

// The shelves page follows the locks live: the agent's relay reports reach it over /live (a real
// socket.io server plays the API's namespace), with no reload of the list.
let live: LiveServer;
let restorePage: () => void;
beforeEach(async () => {
  live = await startLiveServer();
  restorePage = pointPageAt(live.origin);
});
afterEach(async () => {
  cleanup();
  await live.close();
  restorePage();
});

const shelves: ShelfRecord[] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({
  id,
  kind: 'shelf',
  status: 'free',
  is_blocked: false,
  renter_id: null,
  renter_name: null,
  rented_since: null,
  needs_clearing: false,
  relay_on: false,
}));

const state = (relays: RelayStates): DeviceState => ({
  site: 'default',
  online: true,
  lastSeenAt: new Date().toISOString(),
  relays: { ...Object.fromEntries(RELAYS.map((relay) => [relay, false])), ...relays },
  doorClosed: true,
  lastOffline: null,
  driver: 'simulated',
});

test('a shelf opened elsewhere shows its lock open at once, and closed again', async () => {
  const server = fakeServer({
    'GET /api/admin/shelves': ok(shelves, { 'Content-Range': 'shelves 0-8/9' }),
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
  });
  renderInAdmin(
    <ResourceContextProvider value="shelves">
      <ShelfBoard kind="shelf" />
    </ResourceContextProvider>,
    { dataProvider },
  );
  const shelf4 = () => within(screen.getByRole('group', { name: 'Ящик 4' }));
  expect(await shelf4().findByText('Замок закрыт')).toBeTruthy();
  await waitFor(() => expect(live.clients).toHaveLength(1));
  live.lastClient().emit(LIVE_EVENTS.deviceState, state({ 'shelf-4': true }));
  expect(await shelf4().findByText('Замок открыт')).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Ящик 5' })).getByText('Замок закрыт')).toBeTruthy();
  live.lastClient().emit(LIVE_EVENTS.deviceState, state({}));
  expect(await shelf4().findByText('Замок закрыт')).toBeTruthy();
  // Live: the list was read once.
  expect(server.callsTo('GET /api/admin/shelves')).toHaveLength(1);
  expect(server.strays).toEqual([]);
});

test('the equipment board names compartments 10 and 11 by what they hold, as the settings say', async () => {
  const equipment = [10, 11].map((id) => ({ ...shelves[0]!, id, kind: 'equipment' as const }));
  const server = fakeServer({
    'GET /api/admin/shelves': ok(equipment, { 'Content-Range': 'shelves 0-1/2' }),
    'GET /api/admin/settings': ok(
      [
        { id: 'equipment_10_name', value: 'Ракетки' },
        { id: 'equipment_11_name', value: 'Мячи' },
      ],
      { 'Content-Range': 'settings 0-1/2' },
    ),
    'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
  });
  renderInAdmin(
    <ResourceContextProvider value="shelves">
      <ShelfBoard kind="equipment" />
    </ResourceContextProvider>,
    { dataProvider },
  );
  expect(await within(await screen.findByRole('group', { name: 'Ракетки' })).findByText('Отсек 10')).toBeTruthy();
  expect(within(screen.getByRole('group', { name: 'Мячи' })).getByText('Отсек 11')).toBeTruthy();
  expect(screen.queryByText(/Инвентарь 1\d/)).toBeNull();
  expect(server.strays).toEqual([]);
});
