import type { AdminSite } from '@kort/contracts';
import PlaceIcon from '@mui/icons-material/Place';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceDefinitionContextProvider, usePermissions } from 'react-admin';
import { KortMenu } from '../src/layout/menu';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { SiteCreate } from '../src/resources/sites/site-create';
import { SiteEdit } from '../src/resources/sites/site-edit';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { renderInAdmin, renderPage } from './support/render';
import { signedInAs } from './support/signed-in';

// «Площадки»: an owner creates a site, issues its agent's token (shown once, with how to put it in);
// a site admin does not see the resource in the menu.

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

// A form driven through Material's inputs and dialogs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const lesnaya: AdminSite = {
  id: 'lesnaya',
  name: 'Корт на Лесной',
  slug: 'lesnaya',
  timezone: 'Asia/Vladivostok',
  address: 'Владивосток, ул. Лесная, 5',
  online: false,
  last_seen_at: null,
  has_agent_token: false,
  agent_version: null,
  created_at: '2026-11-24T10:00:00Z',
};

test('the create form checks the short name in Russian, then posts the new site', async () => {
  const user = userEvent.setup();
  server = fakeServer({
    'POST /api/admin/sites': ({ body }) => ok({ ...lesnaya, ...(body as object) }),
    'GET /api/admin/sites/lesnaya': ok(lesnaya),
  });
  renderPage({ resource: 'sites', path: '/sites/create', route: '/sites/create' }, <SiteCreate />, dataProvider);

  await user.type(await screen.findByRole('textbox', { name: /Название/ }), 'Корт на Лесной');
  await user.type(screen.getByRole('textbox', { name: /Короткое имя/ }), 'Лесная 5');
  const zone = screen.getByRole<HTMLInputElement>('textbox', { name: /Часовой пояс/ });
  expect(zone.value).toBe('Europe/Moscow');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Короткое имя — латинские буквы, цифры и дефис, до 40 символов')).toBeTruthy();
  expect(server.callsTo('POST /api/admin/sites')).toHaveLength(0);

  await user.clear(screen.getByRole('textbox', { name: /Короткое имя/ }));
  await user.type(screen.getByRole('textbox', { name: /Короткое имя/ }), 'lesnaya');
  await user.clear(zone);
  await user.type(zone, 'Asia/Vladivostok');
  await user.type(screen.getByRole('textbox', { name: /Адрес/ }), 'Владивосток, ул. Лесная, 5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  await waitFor(() => expect(server.callsTo('POST /api/admin/sites')).toHaveLength(1));
  expect(server.callsTo('POST /api/admin/sites')[0]?.body).toEqual({
    name: 'Корт на Лесной',
    slug: 'lesnaya',
    timezone: 'Asia/Vladivostok',
    address: 'Владивосток, ул. Лесная, 5',
  });
  // The sites list itself never names a chosen site.
  expect(server.calls.every((call) => !call.query.has('site_id'))).toBe(true);
});

test('«Новый токен агента» asks first when there is one, then shows the new token once with how to put it in', async () => {
  const user = userEvent.setup();
  const site = { ...lesnaya, has_agent_token: true, online: true };
  server = fakeServer({
    'GET /api/admin/sites/lesnaya': ok(site),
    'POST /api/admin/sites/lesnaya/agent-token': ok({ token: 'k0rt-token-9f2c' }),
  });
  renderPage({ resource: 'sites', path: '/sites/lesnaya', route: '/sites/:id' }, <SiteEdit />, dataProvider);
  expect((await screen.findByRole<HTMLInputElement>('textbox', { name: /Название/ })).value).toBe('Корт на Лесной');

  await user.click(screen.getByRole('button', { name: 'Новый токен агента' }));
  const confirm = within(await screen.findByRole('dialog', { name: 'Выдать новый токен?' }));
  expect(confirm.getByText(/Старый токен площадки «Корт на Лесной» перестанет работать сразу/)).toBeTruthy();
  expect(server.callsTo('POST /api/admin/sites/lesnaya/agent-token')).toHaveLength(0);
  await user.click(confirm.getByRole('button', { name: 'Новый токен агента' }));

  const shown = within(await screen.findByRole('dialog', { name: 'Токен агента площадки «Корт на Лесной»' }));
  expect(server.callsTo('POST /api/admin/sites/lesnaya/agent-token')).toHaveLength(1);
  expect(shown.getByText(/Токен показывается один раз/)).toBeTruthy();
  expect(shown.getByText('k0rt-token-9f2c')).toBeTruthy();
  expect(shown.getByText('"siteId": "lesnaya"')).toBeTruthy();
  expect(shown.getByText('EDGE_AGENT_TOKEN=k0rt-token-9f2c')).toBeTruthy();

  await user.click(shown.getByRole('button', { name: 'Скопировать токен' }));
  await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('k0rt-token-9f2c'));
  await user.click(shown.getByRole('button', { name: 'Скопировать строку токена' }));
  await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('EDGE_AGENT_TOKEN=k0rt-token-9f2c'));

  // Gone once closed: it is never shown again.
  await user.click(shown.getByRole('button', { name: 'Готово' }));
  await waitFor(() => expect(screen.queryByText('k0rt-token-9f2c')).toBeNull());
});

test.each([
  ['an owner sees «Площадки» in the menu', 'owner' as const, true],
  ['a site admin does not', 'admin' as const, false],
])('%s', async (_who, role, shown) => {
  server = fakeServer({});
  renderInAdmin(
    <ResourceDefinitionContextProvider
      definitions={{
        settings: { name: 'settings', hasList: true },
        sites: { name: 'sites', hasList: true, icon: PlaceIcon },
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
  expect(screen.queryByRole('menuitem', { name: 'Площадки' }) !== null).toBe(shown);
});

/** What the page knows of the signed-in admin's role. */
function RoleProbe() {
  const { permissions } = usePermissions<string>();
  return <p>{permissions ? `role: ${permissions}` : ''}</p>;
}
