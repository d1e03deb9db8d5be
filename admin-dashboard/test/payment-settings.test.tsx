import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dataProvider } from '../src/providers/data-provider';
import { SettingEdit } from '../src/resources/settings/setting-edit';
import { SettingList } from '../src/resources/settings/setting-list';
import { fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { listOf } from './support/records';
import { renderPage } from './support/render';

// The payment settings in Russian: the refund rule, the hold and the receipts, each with what it
// means; the VAT rate and the tax system picked by name, YooKassa's codes on the wire.

vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const stored = [
  ['refund_full_before_hours', '24'],
  ['refund_late_percent', '50'],
  ['payment_hold_minutes', '15'],
  ['receipts_enabled', 'true'],
  ['vat_code', '1'],
  ['tax_system_code', ''],
].map(([id, value]) => ({ id: id!, value: value!, updated_at: null }));

test('the list names each payment setting in Russian, its value as read, and what it means', async () => {
  server = fakeServer({ 'GET /api/admin/settings': listOf('settings', stored) });
  renderPage({ resource: 'settings', path: '/settings', route: '/settings' }, <SettingList />, dataProvider);
  await screen.findByText('Чеки через ЮKassa');
  const rows = screen.getAllByRole('row').slice(1);
  const named = [
    ['Полный возврат при отмене заранее, ч', '24 ч'],
    ['Возврат при поздней отмене, %', '50 %'],
    ['Время на оплату, мин', '15 мин'],
    ['Чеки через ЮKassa', 'Отправляются'],
    ['Ставка НДС в чеке', '1 — Без НДС'],
    ['Система налогообложения в чеке', 'Как в магазине'],
  ];
  expect(rows).toHaveLength(named.length);
  named.forEach(([name, value], index) => {
    const cells = within(rows[index]!).getAllByRole('cell');
    expect(within(cells[0]!).getByText(name!)).toBeTruthy();
    expect(cells[1]!.textContent?.replace(/\s/g, ' ')).toBe(value);
  });
  expect(screen.getByText(/Выключите, если владелец — самозанятый и пробивает чеки в «Мой налог»/)).toBeTruthy();
});

function openSetting(key: string, value: string, routes: Record<string, Answer> = {}) {
  server = fakeServer({
    [`GET /api/admin/settings/${key}`]: ok({ id: key, value, updated_at: null }),
    [`PUT /api/admin/settings/${key}`]: ({ body }) => ok({ id: key, updated_at: null, ...(body as object) }),
    ...routes,
  });
  renderPage({ resource: 'settings', path: `/settings/${key}`, route: '/settings/:id' }, <SettingEdit />, dataProvider);
}

test('the late refund is a whole percent from 0 to 100, its default and meaning said', async () => {
  openSetting('refund_late_percent', '50');
  const input = await screen.findByRole<HTMLInputElement>('spinbutton', { name: 'Возврат при поздней отмене, %' });
  expect([input.value, input.min, input.max]).toEqual(['50', '0', '100']);
  expect(screen.getByText('Целое число от 0 до 100')).toBeTruthy();
  expect(screen.getByText('По умолчанию: 0')).toBeTruthy();
  expect(screen.getByText(/Сколько процентов суммы вернётся при более поздней отмене/)).toBeTruthy();
  await userEvent.clear(input);
  await userEvent.type(input, '150');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Введите целое число от 0 до 100')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/settings/refund_late_percent')).toHaveLength(0);
});

test('the tax system is picked by its Russian name; «Как в магазине» is the empty code', async () => {
  openSetting('tax_system_code', '');
  const select = await screen.findByRole('combobox', { name: 'Система налогообложения в чеке' });
  expect(select.textContent).toBe('Как в магазине');
  await userEvent.click(select);
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  expect(options).toEqual([
    'Как в магазине',
    'ОСН',
    'УСН доходы',
    'УСН доходы минус расходы',
    'ЕНВД',
    'ЕСХН',
    'Патент',
  ]);
  await userEvent.click(screen.getByRole('option', { name: 'УСН доходы' }));
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/settings/tax_system_code')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/settings/tax_system_code')[0]!.body).toEqual({ value: '2' });
});

test('«Как в магазине» goes back to the empty code', async () => {
  openSetting('tax_system_code', '6');
  const select = await screen.findByRole('combobox', { name: 'Система налогообложения в чеке' });
  expect(select.textContent).toBe('Патент');
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: 'Как в магазине' }));
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/settings/tax_system_code')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/settings/tax_system_code')[0]!.body).toEqual({ value: '' });
});

test('the VAT rate is picked by name, its default «1 — Без НДС»', async () => {
  openSetting('vat_code', '4');
  const select = await screen.findByRole('combobox', { name: /Ставка НДС в чеке/ });
  expect(select.textContent).toBe('4 — НДС 20 %');
  expect(screen.getByText('По умолчанию: 1 — Без НДС')).toBeTruthy();
  await userEvent.click(select);
  expect(await screen.findAllByRole('option')).toHaveLength(12);
  await userEvent.click(screen.getByRole('option', { name: '11 — НДС 22 %' }));
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/settings/vat_code')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/settings/vat_code')[0]!.body).toEqual({ value: '11' });
});

test('receipts are a switch, sent as true or false', async () => {
  openSetting('receipts_enabled', 'true');
  const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: 'Чеки через ЮKassa' });
  expect(toggle.checked).toBe(true);
  await userEvent.click(toggle);
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/settings/receipts_enabled')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/settings/receipts_enabled')[0]!.body).toEqual({ value: 'false' });
});
