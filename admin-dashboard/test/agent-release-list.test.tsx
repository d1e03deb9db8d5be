import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { screen, within } from '@testing-library/react';
import { ResourceDefinitionContextProvider, usePermissions } from 'react-admin';
import { KortMenu } from '../src/layout/menu';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { ReleaseList } from '../src/resources/agent-releases/release-list';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { listOf } from './support/records';
import { release, rollout } from './support/releases';
import { renderInAdmin, renderPage } from './support/render';
import { signedInAs } from './support/signed-in';

// «Обновления агентов»: the versions uploaded, each one's rollout in words, its reach and progress,
// refusals and rollbacks in red; in the menu of owners only.

vi.setConfig({ testTimeout: 30_000 });

// The club is in Moscow.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const releases = [
  release('1.6.0-rc.1', { uploaded_at: '2026-11-25T08:00:00.000Z', platforms: ['linux-arm64'] }),
  release('1.5.0', { rollout: rollout() }),
  release('1.4.3', {
    rollout: rollout({
      state: 'halted',
      percent: 5,
      halted_reason: 'Откатились 2 площадки из 3',
      progress: { target: 3, current: 1, pending: 0, installing: 0, refused: 0, rolled_back: 2 },
    }),
  }),
  release('1.4.2', {
    rollout: rollout({
      state: 'complete',
      percent: 100,
      progress: { target: 12, current: 12, pending: 0, installing: 0, refused: 0, rolled_back: 0 },
    }),
  }),
  release('1.4.1', { rollout: rollout({ state: 'rolled-back', percent: 0 }) }),
];

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

test('each version reads its upload on the club’s clock, platforms, rollout state, reach and progress', async () => {
  server = fakeServer({ 'GET /api/admin/agent-releases': listOf('agent-releases', releases) });
  renderPage(
    { resource: 'agent-releases', path: '/agent-releases', route: '/agent-releases' },
    <ReleaseList />,
    dataProvider,
  );
  await screen.findByText('1.4.1');
  expect(rows()).toEqual([
    ['1.6.0-rc.1', '25.11.2026, 11:00', 'linux-arm64', 'Не выпускался', '—', '—', '—', '—'],
    ['1.5.0', '24.11.2026, 12:30', 'linux-arm64, linux-x64', 'Выпускается', '25\u00a0%', 'Обновлены 3 из 12', '1', '1'],
    ['1.4.3', '24.11.2026, 12:30', 'linux-arm64, linux-x64', 'Остановлен', '5\u00a0%', 'Обновлены 1 из 3', '0', '2'],
    ['1.4.2', '24.11.2026, 12:30', 'linux-arm64, linux-x64', 'Завершён', '100\u00a0%', 'Обновлены 12 из 12', '0', '0'],
    ['1.4.1', '24.11.2026, 12:30', 'linux-arm64, linux-x64', 'Откачен', '0\u00a0%', 'Обновлены 3 из 12', '1', '1'],
  ]);

  // The bar is the share of the reached sites that run the version.
  const bar = (name: string) => Number(screen.getAllByRole('progressbar', { name })[0]!.getAttribute('aria-valuenow'));
  expect(bar('Обновлены 3 из 12')).toBe(25);
  expect(bar('Обновлены 1 из 3')).toBe(33);
  expect(bar('Обновлены 12 из 12')).toBe(100);

  // Refusals and rollbacks are red when there are any, and only then.
  const halted = within(screen.getAllByRole('row')[3]!).getAllByRole('cell');
  const colour = (cell: HTMLElement) => getComputedStyle(cell.querySelector('span')!).color;
  expect(colour(halted[7]!)).toBe('rgb(211, 47, 47)');
  expect(colour(halted[6]!)).not.toBe('rgb(211, 47, 47)');

  // Newest first.
  expect(server.callsTo('GET /api/admin/agent-releases')[0]!.query.get('sort')).toBe('["uploaded_at","DESC"]');
});

test.each([
  ['an owner sees «Обновления агентов» in the menu', 'owner' as const, true],
  ['a site admin does not', 'admin' as const, false],
])('%s', async (_who, role, shown) => {
  server = fakeServer({});
  renderInAdmin(
    <ResourceDefinitionContextProvider
      definitions={{
        settings: { name: 'settings', hasList: true },
        'agent-releases': { name: 'agent-releases', hasList: true, icon: SystemUpdateAltIcon },
      }}
    >
      <KortMenu />
      <RoleProbe />
    </ResourceDefinitionContextProvider>,
    { authProvider: signedInAs(role) },
  );
  expect(await screen.findByRole('menuitem', { name: 'Настройки' })).toBeTruthy();
  // The role is known on the page (the menu asked for it the same way).
  expect(await screen.findByText(`role: ${role}`)).toBeTruthy();
  expect(screen.queryByRole('menuitem', { name: 'Обновления агентов' }) !== null).toBe(shown);
});

/** What the page knows of the signed-in admin's role. */
function RoleProbe() {
  const { permissions } = usePermissions<string>();
  return <p>{permissions ? `role: ${permissions}` : ''}</p>;
}
