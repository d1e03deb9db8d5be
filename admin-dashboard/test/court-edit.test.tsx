import { AdminError, messages } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { CourtEdit } from '../src/resources/courts/court-edit';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { court, courtsList, game } from './support/records';
import { renderPage } from './support/render';

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

// A form driven through Material's selects and dialogs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

const second = court(2);

function openEdit(routes: Record<string, Answer> = {}) {
  server = fakeServer({
    'GET /api/admin/courts/2': ok(second),
    'GET /api/admin/courts': courtsList([court(1), second]),
    ...routes,
  });
  renderPage({ resource: 'courts', path: '/courts/2', route: '/courts/:id' }, <CourtEdit />, dataProvider);
}

test('switching a court off lists the games it cancels, and saves only once the admin confirms', async () => {
  openEdit({
    'GET /api/admin/courts/2/future-games': ok([
      // 15:00Z is 18:00 at the club.
      game(31, { court_id: 2, starts_at: '2026-11-26T15:00:00.000Z' }),
      game(32, { court_id: 2, user_id: 8, user_name: 'Борис', starts_at: '2026-11-28T06:00:00.000Z' }),
    ]),
    'PUT /api/admin/courts/2': ({ body }) => ok({ ...second, ...(body as object) }),
  });
  const active = await screen.findByRole('switch', { name: /Принимает бронирования/ });
  expect((active as HTMLInputElement).checked).toBe(true);
  await userEvent.click(active);
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Отключить корт «Корт 2»?')).toBeTruthy();
  const heading = 'Будут отменены игры (2), игрокам придут письма:';
  expect(await dialog.findByText(heading)).toBeTruthy();
  expect(
    within(dialog.getByRole('list', { name: heading }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['чт, 26 ноября в 18:00 · Корт 2 · Анна Петрова', 'сб, 28 ноября в 09:00 · Корт 2 · Борис']);
  expect(server.callsTo('PUT /api/admin/courts/2')).toHaveLength(0);

  await userEvent.click(dialog.getByRole('button', { name: 'Отключить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/courts/2')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/courts/2')[0]?.body).toEqual({ name: 'Корт 2', active: false, sort_order: 2 });
  // What happened, with the games the dialog listed: not react-admin's «Элемент обновлен».
  expect(await screen.findByText('Корт 2 отключён, 2 игры отменены')).toBeTruthy();
});

test('cancelling the dialog saves nothing', async () => {
  openEdit({ 'GET /api/admin/courts/2/future-games': ok([]) });
  await userEvent.click(await screen.findByRole('switch', { name: /Принимает бронирования/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(await dialog.findByText('Игр в это время нет: отменять нечего.')).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(server.callsTo('PUT /api/admin/courts/2')).toHaveLength(0);
});

test('a rename saves at once: nothing is cancelled, nothing is asked', async () => {
  openEdit({ 'PUT /api/admin/courts/2': ({ body }) => ok({ ...second, ...(body as object) }) });
  const name = await screen.findByRole('textbox', { name: /Название/ });
  await userEvent.clear(name);
  await userEvent.type(name, 'Центральный');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('PUT /api/admin/courts/2')).toHaveLength(1));
  expect(server.callsTo('PUT /api/admin/courts/2')[0]?.body).toMatchObject({ name: 'Центральный', active: true });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await screen.findByText('Центральный: изменения сохранены')).toBeTruthy();
});

test("deleting a court with history is refused with the API's reason", async () => {
  openEdit({ 'DELETE /api/admin/courts/2': fail(409, messages.courtHasHistory, AdminError.CourtHasHistory) });
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Удалить корт «Корт 2»?')).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Подтвердить' }));
  expect(await screen.findByText('У корта есть игры в истории: его можно только отключить')).toBeTruthy();
});
