import { messages, type BlockEffects } from '@kort/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, ShowBase, usePermissions } from 'react-admin';
import { loadClubZone } from '../src/lib/club-time';
import { dataProvider } from '../src/providers/data-provider';
import { BlockUserButton } from '../src/resources/users/block-user-button';
import type { BookingRecord, UserRecord } from '../src/lib/records';
import { fail, fakeServer, ok, type Answer } from './support/fake-server';
import { renderInAdmin } from './support/render';
import { user } from './support/records';
import { screenWhere } from './support/media';
import { signedInAs } from './support/signed-in';

// Times read on the club's clock (Moscow), whatever zone the test machine is in.
beforeAll(async () => {
  fakeServer({ 'GET /api/site_time/': ok({ detail: { time_zone: 'Europe/Moscow', now: '2026-11-24T17:00:00Z' } }) });
  await loadClubZone();
});

const anna = user(7, { email: 'anna@example.ru' });

const game = (id: number, court: number, startsAt: string): BookingRecord => ({
  id,
  user_id: 7,
  user_name: 'Анна Петрова',
  user_email: 'anna@example.ru',
  guest_name: null,
  guest_phone: null,
  court_id: court,
  starts_at: startsAt,
  ends_at: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
  cancelled_at: null,
  started_at: null,
  ended_at: null,
  status: 'booked',
  no_show_at: null,
  waiting: 0,
  series_id: null,
  held_until: null,
});

const NOTHING: BlockEffects = {
  cancelled_games: [],
  games_on_now: [],
  shelf: null,
  other_sites: { cancelled_games: 0, games_on_now: 0 },
};

function renderButton(user: UserRecord, routes: Record<string, Answer>, role: 'admin' | 'owner' = 'admin') {
  const server = fakeServer(routes);
  renderInAdmin(
    <RecordContextProvider value={user}>
      <BlockUserButton />
      <PermissionsProbe />
    </RecordContextProvider>,
    { dataProvider, authProvider: signedInAs(role) },
  );
  return server;
}

function PermissionsProbe() {
  const { permissions } = usePermissions<string>();
  return <p>{permissions ? `role: ${permissions}` : ''}</p>;
}

test('blocking lists what it does first: the games it cancels with day, hour and court, the game on now, the shelf', async () => {
  const effects: BlockEffects = {
    // 15:00Z is 18:00 at the club.
    cancelled_games: [game(31, 2, '2026-11-26T15:00:00.000Z'), game(32, 1, '2026-11-28T06:00:00.000Z')],
    games_on_now: [{ ...game(30, 1, '2026-11-24T16:00:00.000Z'), status: 'started' }],
    shelf: { shelf_id: 3, since: '2026-11-20T10:00:00.000Z' },
    other_sites: { cancelled_games: 0, games_on_now: 0 },
  };
  const server = renderButton(anna, {
    'GET /api/admin/users/7/block-effects': ok(effects),
    'PUT /api/admin/users/7': ok({ ...anna, blocked: true, status: 'blocked', deletion_kind: 'admin' }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Заблокировать игрока «Анна Петрова»?')).toBeTruthy();
  expect(await dialog.findByText('Будут отменены его игры (2):')).toBeTruthy();
  expect(
    within(dialog.getByRole('list', { name: 'Будут отменены его игры (2):' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['чт, 26 ноября в 18:00 · Корт 2', 'сб, 28 ноября в 09:00 · Корт 1']);
  expect(
    dialog.getByText(
      'вт, 24 ноября в 19:00 · Корт 1: Идёт сейчас, не отменяется, но дверь для неё больше не откроется.',
    ),
  ).toBeTruthy();
  expect(
    dialog.getByText('Аренда ящика 3 закончится (с 20.11.2026, 13:00); ящик нужно будет освободить.'),
  ).toBeTruthy();
  expect(dialog.getByText('Снятие блокировки не вернёт отменённые игры и аренду.')).toBeTruthy();
  // Nothing is blocked until the admin confirms.
  expect(server.callsTo('PUT /api/admin/users/7')).toHaveLength(0);

  await userEvent.click(dialog.getByRole('button', { name: 'Заблокировать' }));
  expect(await screen.findByText('Игрок заблокирован')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toMatchObject({ blocked: true });
  expect(server.strays).toEqual([]);
});

test('a player with nothing ahead is told so: no games to cancel, no shelf', async () => {
  renderButton(anna, {
    'GET /api/admin/users/7/block-effects': ok(NOTHING),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(await dialog.findByText('Предстоящих игр нет: отменять нечего.')).toBeTruthy();
  expect(dialog.getByText('Ящик не арендует.')).toBeTruthy();
});

test('if the list cannot be read the dialog says so, and what a block does anyway', async () => {
  renderButton(anna, { 'GET /api/admin/users/7/block-effects': fail(503, messages.networkTrouble) });
  await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(await dialog.findByText(/Не удалось узнать игры и аренду игрока/)).toBeTruthy();
  expect(dialog.getByText(/отменит его будущие игры и аренду ящика/)).toBeTruthy();
  expect(dialog.getByRole<HTMLButtonElement>('button', { name: 'Заблокировать' }).disabled).toBe(false);
});

test('restoring says the cancelled games and the rental do not come back', async () => {
  const blocked: UserRecord = { ...anna, blocked: true, status: 'blocked', deletion_kind: 'admin' };
  const server = renderButton(blocked, { 'PUT /api/admin/users/7': ok({ ...anna }) });
  await userEvent.click(screen.getByRole('button', { name: 'Снять блокировку' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(dialog.getByText('Снять блокировку с игрока «Анна Петрова»?')).toBeTruthy();
  expect(
    dialog.getByText(
      'Игры, отменённые при блокировке, и аренда ящика не восстанавливаются: при желании игрок забронирует и арендует заново.',
    ),
  ).toBeTruthy();
  await userEvent.click(dialog.getByRole('button', { name: 'Снять блокировку' }));
  expect(await screen.findByText('Блокировка снята')).toBeTruthy();
  expect(server.callsTo('PUT /api/admin/users/7')[0]?.body).toMatchObject({ blocked: false });
  // A restore asks nothing about games: there is nothing to list.
  expect(server.strays).toEqual([]);
});

test('once the block is done its dialog fades out as it was: it never turns into the restore', async () => {
  let stored = anna;
  const blocked: UserRecord = { ...anna, blocked: true, status: 'blocked', deletion_kind: 'admin' };
  fakeServer({
    'GET /api/admin/users/7': () => ok(stored),
    'GET /api/admin/users/7/block-effects': ok(NOTHING),
    'PUT /api/admin/users/7': () => ok((stored = blocked)),
  });
  renderInAdmin(
    <ShowBase resource="users" id={7}>
      <BlockUserButton />
    </ShowBase>,
    { dataProvider },
  );
  // Every text the page ever shows, so a restore dialog seen for a single frame is caught.
  const restoreAsked: string[] = [];
  const watch = new MutationObserver(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (dialog?.textContent?.includes('Снять блокировку с игрока')) restoreAsked.push(dialog.textContent);
  });
  watch.observe(document.body, { subtree: true, childList: true, characterData: true });

  await userEvent.click(await screen.findByRole('button', { name: 'Заблокировать' }));
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByText('Предстоящих игр нет: отменять нечего.');
  await userEvent.click(dialog.getByRole('button', { name: 'Заблокировать' }));
  expect(await screen.findByText('Игрок заблокирован')).toBeTruthy();
  // The page now offers the restore, and the dialog has gone without asking it.
  expect(await screen.findByRole('button', { name: 'Снять блокировку' })).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  watch.disconnect();
  expect(restoreAsked).toEqual([]);
});

test('on a phone the block button still says «Заблокировать», not an icon alone', () => {
  // Every media query matches: the narrowest screen react-admin knows (it hides its buttons' words there).
  vi.spyOn(window, 'matchMedia').mockImplementation(screenWhere(true));
  renderButton(anna, {});
  expect(screen.getByRole('button', { name: 'Заблокировать' }).textContent).toBe('Заблокировать');
  // The reversible block never reads as a deletion.
  expect(screen.queryByText(/Удалить/)).toBeNull();
  vi.restoreAllMocks();
});

test("a block reaches the player's games at other sites: they are counted, never listed, and the dialog says so", async () => {
  renderButton(anna, {
    'GET /api/admin/users/7/block-effects': ok({ ...NOTHING, other_sites: { cancelled_games: 1, games_on_now: 0 } }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
  const only = within(await screen.findByRole('dialog'));
  // Nothing on now there: the sentence about it is left out.
  expect(
    await only.findByText(
      'Блокировка действует на всех площадках, и запись о ней появится в их журналах. На других площадках будут отменены игры: 1.',
    ),
  ).toBeTruthy();
  cleanup();

  renderButton(anna, {
    'GET /api/admin/users/7/block-effects': ok({ ...NOTHING, other_sites: { cancelled_games: 2, games_on_now: 1 } }),
  });
  await userEvent.click(screen.getByRole('button', { name: 'Заблокировать' }));
  const dialog = within(await screen.findByRole('dialog'));
  expect(
    await dialog.findByText(
      'Блокировка действует на всех площадках, и запись о ней появится в их журналах. На других площадках будут отменены игры: 2. Идут там сейчас: 1, дверь для них больше не откроется.',
    ),
  ).toBeTruthy();
});

test("a site's admin is offered no block on an admin's or an owner's account; an owner is", async () => {
  const colleague = user(8, { email: 'colleague@example.ru', role: 'admin' });
  renderButton(colleague, {}, 'admin');
  await screen.findByText('role: admin');
  expect(screen.queryByRole('button', { name: 'Заблокировать' })).toBeNull();
});

test("an owner is offered the block on an admin's account", async () => {
  const colleague = user(8, { email: 'colleague@example.ru', role: 'admin' });
  renderButton(colleague, {}, 'owner');
  expect(await screen.findByRole('button', { name: 'Заблокировать' })).toBeTruthy();
});
