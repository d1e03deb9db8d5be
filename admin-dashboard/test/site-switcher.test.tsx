import type { AdminSite } from '@kort/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Counters } from '../src/dashboard/counters';
import { LiveDevicePanel } from '../src/dashboard/live-device-panel';
import { SiteScope } from '../src/layout/layout';
import { SiteSwitcher } from '../src/layout/site-switcher';
import { loadClubZone } from '../src/lib/club-time';
import { callApi } from '../src/providers/http-client';
import { dataProvider } from '../src/providers/data-provider';
import { chooseSite, chosenSite } from '../src/providers/site-choice';
import { fakeServer, fail, ok, type Call } from './support/fake-server';
import { pointPageAt, startLiveServer } from './support/live-server';
import { renderInAdmin } from './support/render';

// The site switcher in the app bar: every admin call and the live socket follow the chosen site.

const site = (id: string, name: string, timezone = 'Europe/Moscow'): AdminSite => ({
  id,
  name,
  slug: id,
  timezone,
  address: '',
  online: true,
  last_seen_at: null,
  has_agent_token: true,
  agent_version: null,
  created_at: '2026-11-01T10:00:00Z',
});
const lenina = site('lenina', 'Корт на Ленина');
const lesnaya = site('lesnaya', 'Корт на Лесной', 'Asia/Vladivostok');
const sitesPage = (rows: AdminSite[]) => ok(rows, { 'Content-Range': `sites 0-${rows.length - 1}/${rows.length}` });
/** A counter's answer for the site a call names (none: the admin's first). */
const perSite = (counts: Record<string, number>) => (call: Call) =>
  ok({ detail: counts[call.query.get('site_id') ?? 'lenina'] });

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});
afterEach(() => {
  cleanup();
  chooseSite(null);
  localStorage.clear();
});

const switcher = () => screen.findByRole('combobox', { name: 'Площадка' });

test('an admin of one site sees no switcher, and the calls name no site', async () => {
  const server = fakeServer({
    'GET /api/admin/sites': sitesPage([lenina]),
    'GET /api/count_users/': ok({ detail: 12 }),
    'GET /api/count_games/': ok({ detail: 3 }),
    'GET /api/count_no_shows/': ok({ detail: 0 }),
  });
  renderInAdmin(
    <>
      <SiteSwitcher place="app-bar" />
      <Counters />
    </>,
    { dataProvider },
  );
  expect(await screen.findByText('12')).toBeTruthy();
  await waitFor(() => expect(server.callsTo('GET /api/admin/sites')).toHaveLength(1));
  expect(screen.queryByRole('combobox', { name: 'Площадка' })).toBeNull();
  expect(server.calls.filter((call) => call.query.has('site_id'))).toEqual([]);
  expect(server.strays).toEqual([]);
});

test('switching site: the counters are asked again for it, and every later admin call names it', async () => {
  const user = userEvent.setup();
  const server = fakeServer({
    'GET /api/admin/sites': sitesPage([lenina, lesnaya]),
    'GET /api/count_users/': perSite({ lenina: 12, lesnaya: 40 }),
    'GET /api/count_games/': perSite({ lenina: 3, lesnaya: 7 }),
    'GET /api/count_no_shows/': ok({ detail: 0 }),
    'GET /api/admin/courts': ok([], { 'Content-Range': 'courts 0-0/0' }),
  });
  renderInAdmin(
    <>
      <SiteSwitcher place="app-bar" />
      <SiteScope>
        <Counters />
      </SiteScope>
    </>,
    { dataProvider },
  );
  expect(await screen.findByText('12')).toBeTruthy();
  expect((await switcher()).textContent).toBe('Корт на Ленина');

  await user.click(await switcher());
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Корт на Лесной' }));

  // The counters are the new site's, asked for it.
  expect(await screen.findByText('40')).toBeTruthy();
  expect(screen.getByText('7')).toBeTruthy();
  expect(server.callsTo('GET /api/count_users/').at(-1)?.query.get('site_id')).toBe('lesnaya');
  expect((await switcher()).textContent).toBe('Корт на Лесной');
  // Remembered in this browser, with its zone.
  expect(JSON.parse(localStorage.getItem('kort-admin.site') ?? 'null')).toEqual({
    id: 'lesnaya',
    timezone: 'Asia/Vladivostok',
  });

  // The data provider's calls and the spec's admin calls carry it; the list of sites does not.
  await dataProvider.getList('courts', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'sort_order', order: 'ASC' },
    filter: {},
  });
  expect(server.callsTo('GET /api/admin/courts')[0]?.query.get('site_id')).toBe('lesnaya');
  expect(server.callsTo('GET /api/admin/courts')[0]?.query.get('range')).toBe('[0,24]');
  expect(server.callsTo('GET /api/admin/sites').every((call) => !call.query.has('site_id'))).toBe(true);
  expect(server.strays).toEqual([]);
});

test('a remembered site that is no longer the admin’s is forgotten at its first refusal', async () => {
  chooseSite({ id: 'lesnaya', timezone: 'Asia/Vladivostok' });
  const server = fakeServer({
    'GET /api/count_users/': (call) =>
      call.query.get('site_id') === 'lesnaya'
        ? fail(403, 'Эта площадка вам не назначена', 'site.not_yours')
        : ok({ detail: 12 }),
  });
  await expect(callApi('/api/count_users/')).rejects.toMatchObject({ message: 'Эта площадка вам не назначена' });
  expect(chosenSite()).toBeNull();
  await expect(callApi('/api/count_users/')).resolves.toEqual({ detail: 12 });
  expect(server.callsTo('GET /api/count_users/').at(-1)?.query.has('site_id')).toBe(false);
});

test('the live panel connects for the chosen site and reconnects when another is chosen', async () => {
  const live = await startLiveServer();
  const restorePage = pointPageAt(live.origin);
  try {
    fakeServer({
      'GET /api/get_device_status/': ok({ light_on: false, door_open: false, online: true, last_seen: null }),
    });
    chooseSite({ id: 'lenina', timezone: 'Europe/Moscow' });
    renderInAdmin(<LiveDevicePanel />);
    expect(await screen.findByText('Обновляется сам')).toBeTruthy();
    expect(live.lastClient().handshake.auth).toEqual({ site_id: 'lenina' });

    chooseSite({ id: 'lesnaya', timezone: 'Asia/Vladivostok' });
    await waitFor(() => expect(live.clients).toHaveLength(2));
    expect(live.lastClient().handshake.auth).toEqual({ site_id: 'lesnaya' });
    // The old site's socket is closed: one site's events at a time.
    await waitFor(() => expect(live.clients[0]?.connected).toBe(false));
  } finally {
    cleanup();
    await live.close();
    restorePage();
  }
});
