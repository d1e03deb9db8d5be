import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { dataProvider } from '../src/providers/data-provider';
import { SportSchoolSwitch } from '../src/resources/users/sport-school-switch';
import { fakeServer, ok, type FakeServer } from './support/fake-server';
import { user } from './support/records';
import { renderInAdmin } from './support/render';
import { signedInAs } from './support/signed-in';

// The sport-school flag lifts the quotas at every site: only an owner changes it.

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

function renderSwitch(role: 'admin' | 'owner') {
  const anna = user(7);
  server = fakeServer({ 'PUT /api/admin/users/7': ({ body }) => ok({ ...anna, ...(body as object) }) });
  renderInAdmin(
    <ResourceContextProvider value="users">
      <RecordContextProvider value={anna}>
        <SportSchoolSwitch />
      </RecordContextProvider>
    </ResourceContextProvider>,
    { dataProvider, authProvider: signedInAs(role) },
  );
}

test("a site's admin sees the flag switched off for them, and why", async () => {
  renderSwitch('admin');
  expect(
    await screen.findByText('Без ограничения на число игр на всех площадках; меняет только владелец'),
  ).toBeTruthy();
  expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Спортивная школа' }).disabled).toBe(true);
  expect(server.callsTo('PUT /api/admin/users/7')).toHaveLength(0);
});

test('an owner sets it, saved on toggle', async () => {
  renderSwitch('owner');
  await screen.findByText('Без ограничения на число игр');
  await userEvent.click(screen.getByRole('switch', { name: 'Спортивная школа' }));
  expect(await screen.findByText('Анна Петрова теперь спортивная школа: без ограничения на число игр')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toMatchObject({ is_sport_school: true });
});
