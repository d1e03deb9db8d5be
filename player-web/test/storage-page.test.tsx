import { messages, ShelfError, type CurrentShelf, type EquipmentView, type ShelfView } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ToastProvider } from '../src/components/ui/toasts';
import { MyShelfPage } from '../src/features/storage/components/my-shelf-page';
import { StoragePage } from '../src/features/storage/components/storage-page';
import {
  fail,
  fakeServer,
  installDialogApi,
  ok,
  removeDialogApi,
  type Answer,
  type FakeServer,
} from './support/fake-server';
import { render } from './support/render';

let server: FakeServer;
beforeEach(installDialogApi);
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  removeDialogApi();
});

const shelf = (id: number, status: ShelfView['status']): ShelfView => ({
  id,
  name: String(id),
  status,
  is_blocked: status === 'blocked',
});
const item = (id: number, name: string, status: EquipmentView['status'], mine = false): EquipmentView => ({
  id,
  name,
  status,
  is_blocked: status === 'blocked',
  mine,
});

function storage({
  mine = null,
  gameToday = false,
  equipment = [item(10, 'Ракетки', 'free'), item(11, 'Мячи', 'on_loan')],
}: { mine?: CurrentShelf | null; gameToday?: boolean; equipment?: EquipmentView[] } = {}): Record<string, Answer> {
  return {
    'GET /api/is_shelf/': ok(true),
    'GET /api/current_shelf/': ok(mine),
    'GET /api/shelves/': ok([shelf(1, 'free'), shelf(2, 'occupied'), shelf(3, 'blocked'), shelf(4, 'free')]),
    'GET /api/give_inventory/': ok(equipment),
    'GET /api/currentday/': ok(gameToday),
  };
}

function renderAt(path: string, routes: Record<string, Answer>) {
  server = fakeServer(routes);
  render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route path="/box_reserve" element={<StoragePage />} />
          <Route path="/box_reserve/user_reserved" element={<MyShelfPage />} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const shelfButton = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
/** An equipment compartment's card, found by what the club named it. */
const equipmentRow = (name: string) => {
  const card = screen.getByRole('heading', { name, level: 3 }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
};
/** Taps a free shelf and says yes in the confirmation. */
async function rentShelf(label: string, name: string) {
  await userEvent.click(shelfButton(label));
  const confirm = within(screen.getByRole('dialog', { name: `Арендовать ящик №${name}?` }));
  await userEvent.click(confirm.getByRole('button', { name: 'Арендовать' }));
}
const loaded = () => screen.findByRole('heading', { name: 'Ящики для вещей' });

test('storage switched off reads "Временно не работает" and asks nothing else', async () => {
  renderAt('/box_reserve', { 'GET /api/is_shelf/': ok(false) });
  expect(await screen.findByText('Временно не работает')).toBeTruthy();
  expect(server.calls.map((call) => call.path)).toEqual(['/api/is_shelf/']);
  expect(screen.queryByRole('button')).toBeNull();
});

test('free shelves can be rented; occupied and blocked ones cannot', async () => {
  renderAt('/box_reserve', storage());
  await loaded();
  expect(shelfButton('Ящик 1: Свободен, арендовать').disabled).toBe(false);
  expect(shelfButton('Ящик 4: Свободен, арендовать').disabled).toBe(false);
  expect(shelfButton('Ящик 2: Занят').disabled).toBe(true);
  expect(shelfButton('Ящик 3: Заблокирован').disabled).toBe(true);
});

test('renting a free shelf calls /api/reserve_shelf/?id=N and opens my shelf', async () => {
  renderAt('/box_reserve', {
    ...storage(),
    'GET /api/reserve_shelf/': ok(messages.shelfRented),
    'GET /api/current_shelf/': ok(null),
  });
  await loaded();
  server.answer('GET /api/current_shelf/', ok({ name: '4', id: 4, id_reserve: 77, is_open: false }));
  await rentShelf('Ящик 4: Свободен, арендовать', '4');
  expect(await screen.findByRole('heading', { name: 'Мой ящик' })).toBeTruthy();
  expect(server.callsTo('GET /api/reserve_shelf/').map((call) => call.query.toString())).toEqual(['id=4']);
  expect(screen.getByText('Ящик арендован')).toBeTruthy();
  expect(await screen.findByLabelText('Ящик номер 4')).toBeTruthy();
});

test("the rental's terms are said before a shelf is chosen, and again when renting is asked: «Отмена» rents nothing", async () => {
  renderAt('/box_reserve', storage());
  await loaded();
  const terms = screen.getByRole('heading', { name: 'Условия аренды' }).parentElement!;
  expect(
    within(terms)
      .getAllByRole('listitem')
      .map((term) => term.textContent),
  ).toEqual([
    'Бесплатно, один ящик на игрока в этом клубе.',
    'Ящик ваш, пока вы сами не завершите аренду.',
    'Открывать и закрывать его можно в приложении, в разделе «Мой ящик».',
    'Администратор клуба может открыть или заблокировать ящик, если это нужно клубу.',
    'Не оставляйте в ящике деньги, документы и продукты.',
  ]);
  await userEvent.click(shelfButton('Ящик 1: Свободен, арендовать'));
  const confirm = within(screen.getByRole('dialog', { name: 'Арендовать ящик №1?' }));
  expect(confirm.getByText('Ящик ваш, пока вы сами не завершите аренду.')).toBeTruthy();
  await userEvent.click(confirm.getByRole('button', { name: 'Отмена' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(server.callsTo('GET /api/reserve_shelf/')).toHaveLength(0);
});

test('equipment is shown by the names the club gave it, with its state', async () => {
  renderAt(
    '/box_reserve',
    storage({ equipment: [item(10, 'Ракетки Head (2 шт.)', 'free'), item(11, 'Мячи Wilson', 'blocked')] }),
  );
  await loaded();
  expect(equipmentRow('Ракетки Head (2 шт.)').getByText('Свободно')).toBeTruthy();
  expect(equipmentRow('Мячи Wilson').getByText('Недоступно')).toBeTruthy();
});

test('the link to my shelf is a button, not a bare link', async () => {
  renderAt('/box_reserve', storage({ mine: { name: '4', id: 4, id_reserve: 77, is_open: false } }));
  await loaded();
  expect(screen.getByRole('link', { name: 'Мой ящик' }).className).toBe('button');
});

test('a refused rental shows the server text and reloads the shelves', async () => {
  renderAt('/box_reserve', {
    ...storage(),
    'GET /api/reserve_shelf/': fail(409, messages.shelfTaken, ShelfError.Taken),
  });
  await loaded();
  await rentShelf('Ящик 1: Свободен, арендовать', '1');
  expect(await screen.findByText(messages.shelfTaken)).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  await waitFor(() => expect(server.callsTo('GET /api/shelves/')).toHaveLength(2));
  expect(screen.getByRole('heading', { name: 'Ящики для вещей' })).toBeTruthy();
});

test('with a shelf of my own, no other can be rented and mine leads to it', async () => {
  renderAt('/box_reserve', {
    ...storage({ mine: { name: '4', id: 4, id_reserve: 77, is_open: false } }),
  });
  await loaded();
  expect(screen.getByText(/Ваш ящик: №4/)).toBeTruthy();
  expect(shelfButton(/^Ящик 1:/).disabled).toBe(true);
  expect(shelfButton(/^Ящик 1:/).getAttribute('aria-label')).toBe('Ящик 1: Свободен');
  await userEvent.click(shelfButton('Ящик 4: ваш'));
  expect(await screen.findByRole('heading', { name: 'Мой ящик' })).toBeTruthy();
  expect(server.callsTo('GET /api/reserve_shelf/')).toHaveLength(0);
});

test('equipment cannot be taken without a game today', async () => {
  renderAt('/box_reserve', storage({ gameToday: false }));
  await loaded();
  expect(screen.getByText(messages.noGameToday)).toBeTruthy();
  expect(
    equipmentRow('Ракетки').getByRole<HTMLButtonElement>('button', { name: 'Взять (открыть ящик)' }).disabled,
  ).toBe(true);
});

test('on a game day free equipment is taken by opening its compartment; what is on loan is not', async () => {
  renderAt('/box_reserve', { ...storage({ gameToday: true }), 'GET /api/open_shelf/': ok(messages.boxOpened) });
  await loaded();
  const rackets = equipmentRow('Ракетки').getByRole<HTMLButtonElement>('button', { name: 'Взять (открыть ящик)' });
  const balls = equipmentRow('Мячи').getByRole<HTMLButtonElement>('button', { name: 'Взять (открыть ящик)' });
  expect(balls.disabled).toBe(true);
  expect(rackets.disabled).toBe(false);
  await userEvent.click(rackets);
  expect(await screen.findByText('Ящик открыт')).toBeTruthy();
  expect(server.callsTo('GET /api/open_shelf/').map((call) => call.query.toString())).toEqual(['shelf_id=10']);
});

test('equipment I hold is returned by closing its compartment', async () => {
  renderAt('/box_reserve', {
    ...storage({ gameToday: true, equipment: [item(10, 'Ракетки', 'on_loan', true)] }),
    'GET /api/close_shelf/': ok(messages.boxClosed),
  });
  await loaded();
  expect(equipmentRow('Ракетки').getByText('У вас')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Вернуть (закрыть ящик)' }));
  expect(await screen.findByText('Ящик закрыт')).toBeTruthy();
  expect(server.callsTo('GET /api/close_shelf/').map((call) => call.query.toString())).toEqual(['shelf_id=10']);
});

test('no answer reads "Неполадки сети" with a retry', async () => {
  renderAt('/box_reserve', { ...storage(), 'GET /api/is_shelf/': 'offline' });
  expect((await screen.findByRole('alert')).textContent).toBe(messages.networkTrouble);
  server.answer('GET /api/is_shelf/', ok(false));
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText('Временно не работает')).toBeTruthy();
});

// --- My shelf ---

test('my shelf without a rental goes back to the storage screen', async () => {
  renderAt('/box_reserve/user_reserved', { ...storage(), 'GET /api/current_shelf/': ok(null) });
  expect(await loaded()).toBeTruthy();
});

test('my shelf opens and closes by its id', async () => {
  renderAt('/box_reserve/user_reserved', {
    'GET /api/current_shelf/': ok({ name: '4', id: 4, id_reserve: 77, is_open: false }),
    'GET /api/open_shelf/': ok(messages.boxOpened),
    'GET /api/close_shelf/': ok(messages.boxClosed),
  });
  expect(await screen.findByLabelText('Ящик номер 4')).toBeTruthy();
  expect(screen.getByText('Замок закрыт')).toBeTruthy();
  // The main button is the one the lock calls for.
  const main = () => document.querySelector('.actions button.primary')?.textContent;
  expect(main()).toBe('Открыть ящик');
  await userEvent.click(screen.getByRole('button', { name: 'Открыть ящик' }));
  expect(await screen.findByText('Ящик открыт')).toBeTruthy();
  expect(screen.getByText('Замок открыт')).toBeTruthy();
  expect(main()).toBe('Закрыть ящик');
  await userEvent.click(screen.getByRole('button', { name: 'Закрыть ящик' }));
  expect(await screen.findByText('Ящик закрыт')).toBeTruthy();
  expect(screen.getByText('Замок закрыт')).toBeTruthy();
  expect(server.calls.slice(1).map((call) => `${call.path}?${call.query.toString()}`)).toEqual([
    '/api/open_shelf/?shelf_id=4',
    '/api/close_shelf/?shelf_id=4',
  ]);
});

test('ending the rental asks first, then ends it by the reservation id', async () => {
  renderAt('/box_reserve/user_reserved', {
    ...storage(),
    'GET /api/current_shelf/': ok({ name: '4', id: 4, id_reserve: 77, is_open: false }),
    'GET /api/cancel_reservation/': ok(messages.rentalEnded),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Завершить аренду' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Завершить аренду ящика?' }));
  expect(server.callsTo('GET /api/cancel_reservation/')).toHaveLength(0);
  server.answer('GET /api/current_shelf/', ok(null));
  await userEvent.click(confirm.getByRole('button', { name: 'Завершить аренду' }));
  expect(await loaded()).toBeTruthy();
  expect(server.callsTo('GET /api/cancel_reservation/').map((call) => call.query.toString())).toEqual([
    'reservation_id=77',
  ]);
  expect(screen.getByText('Аренда ящика завершена')).toBeTruthy();
});
