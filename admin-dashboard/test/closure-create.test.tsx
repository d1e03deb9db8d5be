import { messages } from '@kort/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { ClosureCreate } from '../src/resources/closures/closure-create';
import { fail, fakeServer, ok, type Answer, type FakeServer } from './support/fake-server';
import { court, courtsList, game } from './support/records';
import { renderPage } from './support/render';

beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

// A form driven through Material's selects and dialogs takes seconds when every test file runs at once.
vi.setConfig({ testTimeout: 30_000 });

let server: FakeServer;
afterEach(() => expect(server.strays).toEqual([]));

function openForm(routes: Record<string, Answer>) {
  server = fakeServer({
    'GET /api/admin/courts': courtsList([court(1), court(2), court(3)]),
    'GET /api/admin/settings': ok([
      { id: 'opening_hour', value: '6', updated_at: null },
      { id: 'closing_hour', value: '24', updated_at: null },
    ]),
    ...routes,
  });
  renderPage(
    { resource: 'closures', path: '/closures/create', route: '/closures/create' },
    <ClosureCreate />,
    dataProvider,
  );
}

async function choose(field: RegExp, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillClosure() {
  await choose(/^Корт/, 'Корт 2');
  fireEvent.change(screen.getByLabelText(/^Дата начала/), { target: { value: '06.12.2026' } });
  await choose(/^Час начала/, '14:00');
  await choose(/^Час окончания/, '18:00');
}

const inside = [
  // 11:00Z is 14:00 at the club.
  game(41, { court_id: 2, starts_at: '2026-12-06T11:00:00.000Z', ends_at: '2026-12-06T12:00:00.000Z' }),
  game(42, { court_id: 2, user_id: 8, user_name: 'Борис', starts_at: '2026-12-06T13:00:00.000Z' }),
];

test('the form shows the games the closure would cancel, and asks before saving it', async () => {
  openForm({
    'GET /api/admin/closures/preview': ok(inside),
    'POST /api/admin/closures': ({ body }) => ok({ id: 5, created_at: '2026-11-24T17:00:00Z', ...(body as object) }),
  });
  const preview = within(await screen.findByRole('region', { name: 'Какие игры будут отменены' }));
  expect(preview.getByText(/Выберите корт, дату и часы/)).toBeTruthy();

  await fillClosure();
  const heading = 'Будут отменены игры (2), игрокам придут письма:';
  expect(await preview.findByText(heading)).toBeTruthy();
  expect(
    within(preview.getByRole('list', { name: heading }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['вс, 6 декабря в 14:00 · Корт 2 · Анна Петрова', 'вс, 6 декабря в 16:00 · Корт 2 · Борис']);
  // The hours go as instants with the club's offset: the server never guesses a zone.
  const asked = server.callsTo('GET /api/admin/closures/preview').at(-1)!.query;
  expect(Object.fromEntries(asked)).toEqual({
    court_id: '2',
    starts_at: '2026-12-06T14:00:00+03:00',
    ends_at: '2026-12-06T18:00:00+03:00',
  });

  await userEvent.type(screen.getByRole('textbox', { name: /^Причина/ }), 'Турнир');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Закрыть и отменить игры?')).toBeTruthy();
  expect(dialog.getByText('вс, 6 декабря в 16:00 · Корт 2 · Борис')).toBeTruthy();
  expect(server.callsTo('POST /api/admin/closures')).toHaveLength(0);

  await userEvent.click(dialog.getByRole('button', { name: 'Закрыть и отменить' }));
  await waitFor(() => expect(server.callsTo('POST /api/admin/closures')).toHaveLength(1));
  expect(server.callsTo('POST /api/admin/closures')[0]?.body).toEqual({
    court_id: 2,
    starts_at: '2026-12-06T14:00:00+03:00',
    ends_at: '2026-12-06T18:00:00+03:00',
    reason: 'Турнир',
  });
  expect(await screen.findByText('Закрытие «Турнир» добавлено, 2 игры отменены')).toBeTruthy();
});

test('the preview follows the fields: the whole club, another end hour', async () => {
  openForm({ 'GET /api/admin/closures/preview': ({ query }) => ok(query.get('court_id') === '' ? inside : []) });
  await fillClosure();
  const preview = within(await screen.findByRole('region', { name: 'Какие игры будут отменены' }));
  expect(await preview.findByText('Игр в это время нет: отменять нечего.')).toBeTruthy();
  await choose(/^Корт/, 'Весь клуб');
  expect(await preview.findByText('Будут отменены игры (2), игрокам придут письма:')).toBeTruthy();
  await choose(/^Час окончания/, '24:00');
  await waitFor(() =>
    expect(server.callsTo('GET /api/admin/closures/preview').at(-1)?.query.get('ends_at')).toBe(
      '2026-12-07T00:00:00+03:00',
    ),
  );
});

test("the API's refusal reads in the form, and a closure with no games saves without asking", async () => {
  openForm({
    'GET /api/admin/closures/preview': fail(400, messages.closurePast),
    'POST /api/admin/closures': fail(400, messages.closurePast),
  });
  await fillClosure();
  expect(await screen.findByText('Закрытие не может начинаться в прошлом')).toBeTruthy();
  await userEvent.type(screen.getByRole('textbox', { name: /^Причина/ }), 'Ремонт');
  await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await waitFor(() => expect(server.callsTo('POST /api/admin/closures')).toHaveLength(1));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await screen.findAllByText('Закрытие не может начинаться в прошлом')).toHaveLength(2);
});
