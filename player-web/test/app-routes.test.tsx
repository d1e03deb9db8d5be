// The app as the browser opens it: the route map of <App/> at the browser's own address, a visitor
// signed out, the public rules, the first screen's calls. (The shell's layout and menu: app-shell.test.tsx.)
import { AuthError, messages } from '@kort/contracts';
import { act, render as renderApp, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../src/app/app';
import { preloadFirstScreen } from '../src/app/start';
import { createQueryClient } from '../src/app/query-client';
import { api } from '../src/lib/api-client';
import {
  clubRules,
  fail,
  fakeServer,
  installDialogApi,
  notificationSettings,
  ok,
  removeDialogApi,
  socialProviders,
  type FakeServer,
} from './support/fake-server';

let server: FakeServer;
beforeEach(installDialogApi);
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  removeDialogApi();
});

const player = { 'GET /api/is_admin/': ok(false), 'GET /api/my_name/': ok('Анна Петрова') };

/** A screen inside the shell that calls the API when asked (to see a later 451). */

// --- The route map of <App/> (the spec's routes), at the browser's own address ---

function openApp(path: string) {
  window.history.pushState({}, '', path);
  // The app holds its own QueryClient.
  renderApp(<App />);
}

test('an unknown path goes to /profile', async () => {
  server = fakeServer({
    ...player,
    'GET /api/my-orders/': ok([]),
    'GET /api/sport_school/': ok(false),
    'GET /api/give_contacts/': ok('+7 (999) 000-00-00'),
    'GET /api/booking_limits/': ok({ days: [], upcoming_full: false }),
    'GET /api/waitlist/': ok([]),
    'GET /api/booking_rules/': clubRules(),
  });
  openApp('/no/such/page');
  expect(await screen.findByRole('heading', { name: 'Мои игры' })).toBeTruthy();
  expect(window.location.pathname).toBe('/profile');
});

test('/box_reserve/game_equipment and /box_reserve/user_equipment lead to /box_reserve', async () => {
  server = fakeServer({ ...player, 'GET /api/is_shelf/': ok(false) });
  openApp('/box_reserve/game_equipment');
  expect(await screen.findByText('Временно не работает')).toBeTruthy();
  expect(window.location.pathname).toBe('/box_reserve');
});

/** A visitor with no session: each of `routes` answers 401, the login screen its providers. */
const signedOutServer = (routes: string[]) => {
  const signedOut = fail(401, messages.notAuthenticated, AuthError.NotAuthenticated);
  return fakeServer({
    ...Object.fromEntries(routes.map((route) => [route, signedOut])),
    'GET /api/auth/providers/': socialProviders(),
  });
};

test('401 on the admin check goes to /login', async () => {
  // The screen is shown beside the check, and asks for its answers too: all refused alike.
  server = signedOutServer([
    'GET /api/is_admin/',
    'GET /api/my_name/',
    'GET /api/my-orders/',
    'GET /api/sport_school/',
    'GET /api/give_contacts/',
    'GET /api/booking_limits/',
    'GET /api/waitlist/',
    'GET /api/booking_rules/',
  ]);
  openApp('/profile');
  expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
  expect(window.location.pathname).toBe('/login');
});

test('a door link opened while signed out keeps its code through the login', async () => {
  server = signedOutServer([
    'GET /api/is_admin/',
    'GET /api/my_name/',
    'GET /api/my-orders/',
    'GET /api/site_time/',
    'GET /api/booking_rules/',
  ]);
  openApp('/game?door=0427');
  expect(await screen.findByText('Войдите, чтобы открыть дверь')).toBeTruthy();
  expect(window.location.pathname).toBe('/login');
  expect(new URLSearchParams(window.location.search).get('next')).toBe('/game?door=0427');
});

// --- The rules inside the shell, the rotate warning everywhere ---

const rules = 'Правила пользования кортом\n\n1. Бронируйте заранее.\n2. Приходите вовремя.';

test('a signed-in player reads /court_rules inside the app, with the menu and formatted headings', async () => {
  server = fakeServer({ ...player, 'GET /api/give_rules/': ok(rules) });
  openApp('/court_rules');
  expect(await screen.findByRole('heading', { level: 1, name: 'Правила клуба' })).toBeTruthy();
  expect(await screen.findByRole('navigation', { name: 'Главное меню' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 2, name: 'Правила пользования кортом' })).toBeTruthy();
  const main = within(screen.getByRole('main'));
  const points = within(main.getByRole('list')).getAllByRole('listitem');
  expect(points.map((point) => point.textContent)).toEqual(['Бронируйте заранее.', 'Приходите вовремя.']);
});

test('/court_rules stays public: a visitor who is not signed in reads it without the menu and is not sent away', async () => {
  server = fakeServer({
    'GET /api/is_admin/': fail(401, messages.notAuthenticated, AuthError.NotAuthenticated),
    'GET /api/give_rules/': ok(rules),
  });
  openApp('/court_rules');
  expect(await screen.findByRole('heading', { level: 2, name: 'Правила пользования кортом' })).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Главное меню' })).toBeNull();
  expect(window.location.pathname).toBe('/court_rules');
});

test('the rotate-your-phone warning is on public pages too: a banner with its picture above the page (CSS shows it in landscape)', async () => {
  server = fakeServer({ 'GET /api/auth/providers/': socialProviders() });
  openApp('/login');
  expect(await screen.findByRole('heading', { name: 'Вход' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Поверните телефон вертикально');
  const warning = screen.getByRole('alert').closest('.rotate-warning');
  expect(warning?.querySelectorAll('svg')).toHaveLength(1);
  expect(warning?.textContent).toContain('Приложение сделано для телефона в вертикальном положении.');
  // Before the page, not over it: the page flows on below the banner.
  const page = screen.getByRole('heading', { name: 'Вход' });
  expect(warning!.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('after self-deletion the login screen says the club can restore the profile, even when a late 401 arrives', async () => {
  server = fakeServer({
    ...player,
    'GET /api/profile/': ok({
      email: 'anna@example.com',
      phone_number: '',
      name: 'Анна',
      role: 'Игрок',
      role_code: 'player',
      calendar_url: null,
      linked_providers: [],
    }),
    'GET /api/del_account/': ok(messages.profileDeleted),
    'GET /api/auth/providers/': socialProviders(),
    'GET /api/notifications/': ok(notificationSettings()),
  });
  openApp('/account');
  await userEvent.click(await screen.findByRole('button', { name: 'Удалить профиль' }));
  const confirm = within(screen.getByRole('dialog', { name: 'Удалить профиль?' }));
  await userEvent.click(confirm.getByRole('button', { name: 'Удалить профиль' }));
  expect(await screen.findByText(/В течение 10 дней клуб может восстановить его/)).toBeTruthy();
  expect(window.location.pathname).toBe('/login');
  // The session is gone: a call still on its way when the profile was deleted is refused.
  server.answer('GET /api/my_name/', fail(401, messages.notAuthenticated, AuthError.NotAuthenticated));
  await act(() => api('GET', '/api/my_name/').catch(() => undefined));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  expect(window.location.pathname).toBe('/login');
  expect(screen.getByText(/В течение 10 дней клуб может восстановить его/)).toBeTruthy();
});

test("a visit opening on /reserve asks for the club's clock, the courts, its rules and the month's days beside the admin check, and shows them before it answers", async () => {
  let admit: () => void = () => undefined;
  const admitted = new Promise<void>((resolve) => (admit = resolve));
  server = fakeServer({
    ...player,
    'GET /api/is_admin/': async () => (await admitted, ok(false)),
    'GET /api/site_time/': ok({ time_zone: 'Europe/Moscow', now: new Date().toISOString(), offsets: [] }),
    'GET /api/get_courts/': ok([
      { id_cort: 1, name: 'Корт 1' },
      { id_cort: 2, name: 'Корт 2' },
    ]),
    'GET /api/booked_times/': ok([]),
    'GET /api/booking_limits/': ok({ days: [], upcoming_full: false, paused_until: null }),
    'GET /api/booking_rules/': clubRules(),
  });
  window.history.pushState({}, '', '/reserve');
  const client = createQueryClient();
  void preloadFirstScreen(client);
  renderApp(<App queryClient={client} />);

  // The admin check has not answered, and every first answer of the screen is already asked for.
  await waitFor(() => expect(server.callsTo('GET /api/booking_limits/')).toHaveLength(1));
  expect(server.callsTo('GET /api/booked_times/')).toHaveLength(1);
  expect(server.callsTo('GET /api/get_courts/')).toHaveLength(1);
  expect(server.callsTo('GET /api/booking_rules/')).toHaveLength(1);
  // Nor does the screen wait for it: the calendar is shown with the answers it has.
  expect(await screen.findByRole('heading', { name: 'Выберите дату' })).toBeTruthy();
  expect(await screen.findByRole('grid')).toBeTruthy();

  admit();
  await waitFor(() => expect(server.callsTo('GET /api/is_admin/')).toHaveLength(1));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // The screen took them from the cache: nothing asked twice.
  for (const route of [
    'GET /api/is_admin/',
    'GET /api/my_name/',
    'GET /api/site_time/',
    'GET /api/get_courts/',
    'GET /api/booked_times/',
    'GET /api/booking_limits/',
    'GET /api/booking_rules/',
  ])
    expect(server.callsTo(route), route).toHaveLength(1);
});
