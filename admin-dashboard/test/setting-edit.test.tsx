import { messages } from '@kort/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataProvider } from '../src/providers/data-provider';
import { SettingEdit } from '../src/resources/settings/setting-edit';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { renderPage } from './support/render';

// A form driven through Material's selects and dialogs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

function openSetting(key: string, value: string, routes: Record<string, Answer> = {}) {
  server = fakeServer({ [`GET /api/admin/settings/${key}`]: ok({ id: key, value, updated_at: null }), ...routes });
  renderPage({ resource: 'settings', path: `/settings/${key}`, route: '/settings/:id' }, <SettingEdit />, dataProvider);
}

test("a club's quota reads in Russian, with what it means, its range and the spec's default", async () => {
  openSetting('quota_per_week', '3', {
    'PUT /api/admin/settings/quota_per_week': ({ body }) =>
      ok({ id: 'quota_per_week', updated_at: null, ...(body as object) }),
  });
  const input = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Игр в неделю на игрока' });
  expect(input.value).toBe('3');
  expect(input.min).toBe('1');
  expect(input.max).toBe('168');
  expect(screen.getByText('Целое число от 1 до 168')).toBeTruthy();
  expect(screen.getByText('По умолчанию: 2')).toBeTruthy();
  expect(screen.getByText(/Сколько игр игрок может забронировать на одну неделю/)).toBeTruthy();

  await userEvent.clear(input);
  await userEvent.type(input, '4');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/settings/quota_per_week')).toHaveLength(1));
  // Every setting is text on the wire.
  expect(server.callsTo('PUT /api/admin/settings/quota_per_week')[0]?.body).toEqual({ value: '4' });
});

test('a value out of range is not sent; one the API refuses reads as its reason', async () => {
  openSetting('opening_hour', '6', {
    'PUT /api/admin/settings/opening_hour': fail(400, messages.settingHoursOrder),
  });
  const input = await screen.findByRole('spinbutton', { name: 'Час открытия' });
  expect(screen.getByText('По умолчанию: 6')).toBeTruthy();
  await userEvent.clear(input);
  await userEvent.type(input, '3');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите целое число от 6 до 23')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/settings/opening_hour')).toHaveLength(0);

  await userEvent.clear(input);
  await userEvent.type(input, '23');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(messages.settingHoursOrder)).toBeTruthy();
});

test('texts players read are checked as the API checks them: nothing visible, or a direction override, is not sent', async () => {
  openSetting('equipment_10_name', 'Ракетка');
  const label = await screen.findByRole('textbox', { name: /Инвентарь/ });
  await userEvent.clear(label);
  await userEvent.type(label, '\u3164\u2800');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText(messages.settingEquipmentName)).toBeTruthy();
  await userEvent.clear(label);
  await userEvent.type(label, 'Ракет\u202eка');
  expect(await screen.findByText(messages.settingEquipmentNameUnsafe)).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/settings/equipment_10_name')).toHaveLength(0);
});
