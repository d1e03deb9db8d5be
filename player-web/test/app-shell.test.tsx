import { AuthError, messages, RequestError } from '@kort/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PlayerShell } from '../src/app/player-shell';
import { ToastProvider } from '../src/components/ui/toasts';
import { api } from '../src/lib/api-client';
import { fail, fakeServer, installDialogApi, ok, removeDialogApi, type FakeServer } from './support/fake-server';
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
