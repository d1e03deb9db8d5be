import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider, usePermissions } from 'react-admin';
import { dataProvider } from '../src/providers/data-provider';
import { UserRoleBlock } from '../src/resources/users/user-role';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { user } from './support/records';
import { renderInAdmin } from './support/render';
import { signedInAs } from './support/signed-in';

// On a user's profile an owner sets the role and, for an admin, the sites they run.

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const sites = [
  { id: 'lenina', name: 'Корт на Ленина' },
  { id: 'lesnaya', name: 'Корт на Лесной' },
];

function RoleProbe() {
  const { permissions } = usePermissions<string>();
  return <p>{permissions ? `role: ${permissions}` : ''}</p>;
}

function renderBlock(role: 'admin' | 'owner') {
  const anna = user(7);
  server = fakeServer({
    'GET /api/admin/sites': ok(sites, { 'Content-Range': 'sites 0-1/2' }),
    'PUT /api/admin/users/7': ({ body }) => ok({ ...anna, ...(body as object) }),
  });
  renderInAdmin(
    <ResourceContextProvider value="users">
      <RecordContextProvider value={anna}>
        <UserRoleBlock />
        <RoleProbe />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { dataProvider, authProvider: signedInAs(role) },
  );
}

test('an owner makes a player the admin of one site: the sites are asked for first, then saved with the role', async () => {
  const click = userEvent.setup();
  renderBlock('owner');
  await click.click(await screen.findByRole('combobox', { name: 'Роль' }));
  const options = within(screen.getByRole('listbox')).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual(['Игрок', 'Администратор', 'Владелец']);
  await click.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Администратор' }));

  const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Сохранить роль' });
  expect(await screen.findByText('Отметьте хотя бы одну площадку')).toBeTruthy();
  expect(save.disabled).toBe(true);
  await click.click(await screen.findByRole('checkbox', { name: 'Корт на Лесной' }));
  expect(save.disabled).toBe(false);
  await click.click(save);

  await waitFor(() => expect(server.callsTo('PUT /api/admin/users/7')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toEqual({ role: 'admin', site_ids: ['lesnaya'] });
  expect(await screen.findByText('Роль сохранена')).toBeTruthy();
});

test('a site admin does not see the role block', async () => {
  renderBlock('admin');
  expect(await screen.findByText('role: admin')).toBeTruthy();
  expect(screen.queryByRole('combobox', { name: 'Роль' })).toBeNull();
});
