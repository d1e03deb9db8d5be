import { AuthError, messages, RequestError } from '@kort/contracts';
import { act, render as renderApp, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { App } from '../src/app/app';
import { preloadFirstScreen } from '../src/app/start';
import { createQueryClient } from '../src/app/query-client';
import { PlayerShell } from '../src/app/player-shell';
import { ToastProvider } from '../src/components/ui/toasts';
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
import { render } from './support/render';

let server: FakeServer;
beforeEach(installDialogApi);
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
  removeDialogApi();
});

const player = { 'GET /api/is_admin/': ok(false), 'GET /api/my_name/': ok('Анна Петрова') };

/** A screen inside the shell that calls the API when asked (to see a later 451). */
function GamesScreen() {
  const [answer, setAnswer] = useState('');
  return (
    <main>
      <h1>Экран «Мои игры»</h1>
      <button
        type="button"
        onClick={() =>
          void api<{ detail: string }>('GET', '/api/my-orders/').then(
            (reply) => setAnswer(reply.detail),
            () => undefined,
          )
        }
      >
        Загрузить игры
      </button>
      <p>{answer}</p>
    </main>
  );
}

function renderShell(path = '/profile') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <ToastProvider>
        <Routes>
          <Route element={<PlayerShell />}>
            <Route path="/profile" element={<GamesScreen />} />
            <Route path="/account" element={<h1>Экран профиля</h1>} />
          </Route>
          <Route path="/login" element={<h1>Экран входа</h1>} />
        </Routes>
      </ToastProvider>
    </MemoryRouter>,
  );
}

const gamesScreen = () => screen.findByRole('heading', { name: 'Экран «Мои игры»' });

// --- The shell: the admin check decides what the visitor sees ---

test('a player sees the screen inside the layout, with the menu and their name', async () => {
  let admit: () => void = () => undefined;
  const admitted = new Promise<void>((resolve) => (admit = resolve));
  server = fakeServer({ ...player, 'GET /api/is_admin/': async () => (await admitted, ok(false)) });
  renderShell();
  // The frame and the screen come at once, while the admin check is on its way: the page the build
  // prerenders (first-paint.tsx) is this one.
  await gamesScreen();
  expect(screen.queryByText('Загрузка…')).toBeNull();
  expect(screen.getByRole('button', { name: 'Меню' })).toBeTruthy();
  admit();
  const side = within(screen.getByRole('navigation', { name: 'Главное меню' }));
  expect(side.getAllByRole('link').map((link) => link.textContent)).toEqual([
    'Мои игры',
    'Профиль',
    'Ящики и инвентарь',
  ]);
  expect(await side.findByText('Анна Петрова')).toBeTruthy();
  expect(server.callsTo('GET /api/is_admin/')).toHaveLength(1);
});

test('451 on the admin check shows the rules screen; both boxes and "Принять" record it and open the app', async () => {
  server = fakeServer({
    ...player,
    'GET /api/is_admin/': fail(451, messages.rulesNotAccepted, AuthError.RulesNotAccepted),
    'GET /api/user_read/': ok(messages.rulesAccepted),
  });
  renderShell();
  expect(await screen.findByRole('heading', { name: 'Правила клуба' })).toBeTruthy();
  expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  expect(screen.queryByRole('heading', { name: 'Экран «Мои игры»' })).toBeNull();

  const [rules, personalData] = screen.getAllByRole('checkbox');
  await userEvent.click(rules!);
  await userEvent.click(screen.getByRole('button', { name: 'Принять' }));
  expect(screen.getByRole('alert').textContent).toBe('Отметьте оба пункта');
  expect(server.callsTo('GET /api/user_read/')).toHaveLength(0);

  await userEvent.click(personalData!);
  await userEvent.click(screen.getByRole('button', { name: 'Принять' }));
  await gamesScreen();
  expect(server.callsTo('GET /api/user_read/')).toHaveLength(1);
});

test('a 451 on any later call brings the rules screen back', async () => {
  server = fakeServer({
    ...player,
    'GET /api/my-orders/': fail(451, messages.rulesNotAccepted, AuthError.RulesNotAccepted),
  });
  renderShell();
  await userEvent.click(await screen.findByRole('button', { name: 'Загрузить игры' }));
  expect(await screen.findByRole('heading', { name: 'Правила клуба' })).toBeTruthy();
});

test('an admin is sent to the dashboard', async () => {
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace });
  server = fakeServer({ 'GET /api/is_admin/': ok(true), 'GET /api/my_name/': ok('Администратор') });
  renderShell();
  await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin/'));
  // Nothing of the player's screens on the way there.
  expect(screen.queryByRole('heading', { name: 'Экран «Мои игры»' })).toBeNull();
  expect(screen.queryByRole('navigation', { name: 'Главное меню' })).toBeNull();
});

test('no answer at all shows "Нет соединения" in the app\'s frame with what to try, and "Повторить" asks again', async () => {
  server = fakeServer({ ...player, 'GET /api/is_admin/': 'offline', 'GET /api/give_contacts/': 'offline' });
  renderShell();
  expect(await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' })).toBeTruthy();
  // The frame: the menu is there, as on every signed-in screen.
  expect(screen.getByRole('navigation', { name: 'Главное меню' })).toBeTruthy();
  const tips = within(screen.getByRole('list', { name: 'Что можно сделать' }));
  expect(tips.getByText(/мобильный интернет или Wi-Fi/)).toBeTruthy();
  // The club's contacts did not come either: the screen says what to try instead of a phone.
  expect(await screen.findByText(/попробуйте позже или позвоните администратору клуба/)).toBeTruthy();
  expect(screen.queryByRole('link', { name: /\+7/ })).toBeNull();
  server.answer('GET /api/is_admin/', ok(false));
  await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  await gamesScreen();
  expect(server.callsTo('GET /api/is_admin/')).toHaveLength(2);
});

test("a server in trouble still gives the club's phone: the failure screen shows it as a call link", async () => {
  server = fakeServer({
    ...player,
    'GET /api/is_admin/': fail(503, 'Сервис временно недоступен', RequestError.Unavailable),
    'GET /api/give_contacts/': ok('Администратор: +7 (999) 123-45-67'),
  });
  renderShell();
  expect(await screen.findByRole('heading', { name: 'Нет соединения, возможно ошибка сети.' })).toBeTruthy();
  const call = await screen.findByRole('region', { name: 'Не получается? Свяжитесь с клубом' });
  expect(within(call).getByRole('link', { name: '+7 (999) 123-45-67' }).getAttribute('href')).toBe('tel:+79991234567');
  expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
});

// --- The layout: the hamburger menu ---

test('the hamburger opens the menu: Мои игры, Профиль, Ящики и инвентарь, Выйти', async () => {
  server = fakeServer(player);
  renderShell();
  await gamesScreen();
  const hamburger = screen.getByRole('button', { name: 'Меню' });
  expect(screen.queryByRole('dialog')).toBeNull();
  await userEvent.click(hamburger);
  const menu = within(screen.getByRole('dialog', { name: 'Меню' }));
  expect(hamburger.getAttribute('aria-expanded')).toBe('true');
  expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Мои игры', '/profile'],
    ['Профиль', '/account'],
    ['Ящики и инвентарь', '/box_reserve'],
  ]);
  expect(menu.getByRole('button', { name: 'Выйти' })).toBeTruthy();
});

test('choosing a menu item goes there and closes the menu', async () => {
  server = fakeServer(player);
  renderShell();
  await gamesScreen();
  await userEvent.click(screen.getByRole('button', { name: 'Меню' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Меню' })).getByRole('link', { name: 'Профиль' }));
  expect(await screen.findByRole('heading', { name: 'Экран профиля' })).toBeTruthy();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('button', { name: 'Меню' }).getAttribute('aria-expanded')).toBe('false');
});

test('the menu marks the section the player is in', async () => {
  server = fakeServer(player);
  renderShell();
  await gamesScreen();
  const side = within(screen.getByRole('navigation', { name: 'Главное меню' }));
  const current = () => side.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
  expect(current().map((link) => link.textContent)).toEqual(['Мои игры']);
  await userEvent.click(side.getByRole('link', { name: 'Профиль' }));
  await screen.findByRole('heading', { name: 'Экран профиля' });
  expect(current().map((link) => link.textContent)).toEqual(['Профиль']);
});

test('"Выйти" logs out and goes to /login', async () => {
  server = fakeServer({ ...player, 'GET /api/logout/': ok(messages.loggedOut) });
  renderShell();
  await gamesScreen();
  await userEvent.click(screen.getByRole('button', { name: 'Меню' }));
  await userEvent.click(within(screen.getByRole('dialog', { name: 'Меню' })).getByRole('button', { name: 'Выйти' }));
  expect(await screen.findByRole('heading', { name: 'Экран входа' })).toBeTruthy();
  expect(server.callsTo('GET /api/logout/')).toHaveLength(1);
  expect(screen.getByText('Вы вышли из аккаунта')).toBeTruthy();
});

test('"Выйти" without a network still goes to /login', async () => {
  server = fakeServer({ ...player, 'GET /api/logout/': 'offline' });
  renderShell();
  await gamesScreen();
  await userEvent.click(
    within(screen.getByRole('navigation', { name: 'Главное меню' })).getByRole('button', { name: 'Выйти' }),
  );
  expect(await screen.findByRole('heading', { name: 'Экран входа' })).toBeTruthy();
});

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
