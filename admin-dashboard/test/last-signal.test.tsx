import { LIVE_EVENTS, type DeviceState } from '@kort/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { LastSignal, LAST_SIGNAL_TICK_MS } from '../src/dashboard/last-signal';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
import { loadClubZone, serverNow } from '../src/lib/club-time';
import { fakeServer, ok } from './support/fake-server';
import { pointPageAt, startLiveServer, type LiveServer } from './support/live-server';
import { renderInAdmin } from './support/render';

// "Последний сигнал" is a time ago that keeps moving, and starts again with every state the API
// pushes (it pushes one on every heartbeat of the agent's connection): it can no longer go stale.

afterEach(() => vi.useRealTimers());

test('the time ago moves on by itself every few seconds, with no new state', () => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-24T17:00:00Z'));
  fakeServer({});
  renderInAdmin(<LastSignal at="2026-11-24T16:59:58Z" />);
  expect(screen.getByText('Последний сигнал: только что')).toBeTruthy();
  act(() => void vi.advanceTimersByTime(2 * LAST_SIGNAL_TICK_MS));
  expect(screen.getByText('Последний сигнал: 12 секунд назад')).toBeTruthy();
  act(() => void vi.advanceTimersByTime(12 * LAST_SIGNAL_TICK_MS));
  expect(screen.getByText('Последний сигнал: 1 минуту назад')).toBeTruthy();
  // The exact time is a hover away.
  expect(screen.getByText(/Последний сигнал/).getAttribute('title')).toMatch(/^24\.11\.2026, \d\d:59$/);
});

describe('on the home panel', () => {
  let live: LiveServer;
  let restorePage: () => void;
  beforeAll(async () => {
    // The server's clock is 3 minutes ahead of this browser's: times ago are read on the server's.
    fakeServer({
      'GET /api/site_time/': ok({
        detail: { time_zone: 'Europe/Moscow', now: new Date(Date.now() + 180_000).toISOString() },
      }),
    });
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
  });

  const state = (lastSeenAt: string): DeviceState => ({
    site: 'default',
    online: true,
    lastSeenAt,
    relays: { light: false, door: false },
    doorClosed: true,
    lastOffline: null,
    driver: 'gpio-chardev',
  });

  test('every pushed state (a heartbeat included) brings the last signal back to "just now"', async () => {
    fakeServer({
      'GET /api/get_device_status/': ok({
        light_on: false,
        door_open: false,
        online: true,
        last_seen: new Date(serverNow() - 5 * 60_000).toISOString(),
      }),
    });
    renderInAdmin(<LiveDevicePanel />);
    expect(await screen.findByText(/Последний сигнал: 5 минут назад/)).toBeTruthy();
    expect(await screen.findByText('Обновляется сам')).toBeTruthy();
    live.lastClient().emit(LIVE_EVENTS.deviceState, state(new Date(serverNow()).toISOString()));
    expect(await screen.findByText(/Последний сигнал: только что/)).toBeTruthy();
  });
});
