import { AuthError, messages, RequestError, SOCIAL_ERRORS } from '@kort/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, test, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/components/login-page';
import { fail, fakeServer, ok, socialProviders, type Answer, type FakeServer, type Reply } from './support/fake-server';
import { queriesSettled, render } from './support/render';

let server: FakeServer;
afterEach(() => {
  expect(server.strays).toEqual([]);
  vi.unstubAllGlobals();
});

const routes = (rest: Record<string, Answer> = {}) => ({ 'GET /api/auth/providers/': socialProviders(), ...rest });

function renderLogin() {
  renderLoginScreen();
}

function renderLoginScreen() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/profile" element={<p>Профиль открыт</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * The login screen at a real address (the API's callback lands here), in the browser's history;
 * returns how many entries the history had when the screen opened.
 */
function openLogin(search: string): number {
  window.history.pushState({}, '', `/login${search}`);
  const entries = window.history.length;
  render(
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </BrowserRouter>,
  );
  return entries;
}

/** Stands in for the game screen: the door code the address brought. */
function DoorCode() {
  return <p>Дверь: код {new URLSearchParams(useLocation().search).get('door')}</p>;
}

const socialLinks = () => screen.queryAllByRole('link', { name: /^Войти через/ });

/** Waits for the providers answer (or its failure) to reach the screen. */
async function providersSettled() {
  await waitFor(() => expect(server.callsTo('GET /api/auth/providers/')).toHaveLength(1));
  await queriesSettled();
}

test('e-mail step, then password step, then the profile', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово'), 'POST /api/login/': ok('Вы вошли') }));
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect(await screen.findByText('Профиль открыт')).toBeTruthy();
  expect(server.callsTo('POST /api/login/').map((call) => call.body)).toEqual([
    { email: 'anna@example.com', password: 'Пароль-2026' },
  ]);
});

test('a door link scanned while signed out: the login says what it is for, and goes on to the door with the code', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово'), 'POST /api/login/': ok('Вы вошли') }));
  render(
    <MemoryRouter initialEntries={[`/login?next=${encodeURIComponent('/game?door=0427')}`]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/game" element={<DoorCode />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByText('Войдите, чтобы открыть дверь')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Регистрация' }).getAttribute('href')).toBe(
    `/register?next=${encodeURIComponent('/game?door=0427')}`,
  );
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect(await screen.findByText('Дверь: код 0427')).toBeTruthy();
});

test('a return address elsewhere is not followed: the login goes to the profile', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово'), 'POST /api/login/': ok('Вы вошли') }));
  render(
    <MemoryRouter initialEntries={[`/login?next=${encodeURIComponent('//evil.example/game?door=1')}`]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/profile" element={<p>Профиль открыт</p>} />
      </Routes>
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(screen.queryByText('Войдите, чтобы открыть дверь')).toBeNull();
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect(await screen.findByText('Профиль открыт')).toBeTruthy();
});

test('an unknown e-mail shows "Проверьте почту" and what it means; a wrong password shows the server text; back returns', async () => {
  server = fakeServer(
    routes({
      'POST /api/check-phone/': {
        status: 400,
        body: { detail: 'x', code: AuthError.EmailUnknown, errors: { phone_number: 'Проверьте почту' } },
      },
    }),
  );
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  // The spec's words stay, not as a red alarm: a notice that says what they mean here, and the way on.
  const notice = await screen.findByRole('status');
  expect(notice.querySelector('strong')?.textContent).toBe(messages.checkEmail);
  expect(notice.className).not.toContain('error');
  expect(screen.queryByRole('alert')).toBeNull();
  expect(
    within(notice).getByText('Аккаунта с таким адресом нет. Проверьте, нет ли опечатки, или зарегистрируйтесь.'),
  ).toBeTruthy();
  expect(within(notice).getByRole('link', { name: 'Зарегистрироваться' }).getAttribute('href')).toBe('/register');
  expect(screen.getByRole('link', { name: 'Регистрация' }).getAttribute('href')).toBe('/register');

  server.answer('POST /api/check-phone/', ok('Готово'));
  server.answer('POST /api/login/', {
    status: 400,
    body: { detail: messages.authFailed, code: AuthError.WrongPassword, errors: { auth_error: messages.authFailed } },
  });
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.authFailed);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(screen.getByLabelText('E-mail')).toBeTruthy();
});

test('an empty or malformed e-mail is said in words, and nothing is sent', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово') }));
  renderLogin();
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Введите e-mail');
  expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna.example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(screen.getByRole('alert').textContent).toBe('Проверьте адрес: нужен e-mail вида anna@mail.ru');
  expect(server.callsTo('POST /api/check-phone/')).toEqual([]);
  await userEvent.clear(screen.getByLabelText('E-mail'));
  await userEvent.type(screen.getByLabelText('E-mail'), ' anna@example.com ');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect(await screen.findByLabelText('Пароль')).toBeTruthy();
  expect(server.callsTo('POST /api/check-phone/').map((call) => call.body)).toEqual([{ email: 'anna@example.com' }]);
});

test('an empty password says "Введите пароль" and is not sent', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово'), 'POST /api/login/': ok('Вы вошли') }));
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await screen.findByLabelText('Пароль');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Введите пароль');
  expect(server.callsTo('POST /api/login/')).toEqual([]);
});

test('the front door shows the club: its name and what Kort is for, above the form', () => {
  server = fakeServer(routes());
  renderLogin();
  const banner = within(screen.getByRole('banner'));
  expect(banner.getByText('Корт')).toBeTruthy();
  expect(banner.getByText(/Запись на корт, дверь с телефона и ящик для вещей/)).toBeTruthy();
  expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
});

test('a server error or no network shows "Неполадки сети, попробуйте позже"', async () => {
  server = fakeServer({ 'GET /api/auth/providers/': 'offline', 'POST /api/check-phone/': 'offline' });
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.networkTrouble);
});

// --- Social login (docs/decisions/0040-social-login.md) ---

test('both providers on: "или", then a link each to where the API starts the login', async () => {
  server = fakeServer(routes({ 'GET /api/auth/providers/': socialProviders({ vk: true, yandex: true }) }));
  renderLogin();
  const vk = await screen.findByRole('link', { name: 'Войти через VK ID' });
  const yandex = screen.getByRole('link', { name: 'Войти через Яндекс ID' });
  expect(vk.getAttribute('href')).toBe('/api/auth/vk/login/');
  expect(yandex.getAttribute('href')).toBe('/api/auth/yandex/login/');
  expect(screen.getByText('или')).toBeTruthy();
  expect(socialLinks()).toEqual([vk, yandex]);
});

test.each([
  [{ vk: true }, ['Войти через VK ID']],
  [{ yandex: true }, ['Войти через Яндекс ID']],
])('only the providers switched on get a link (%o)', async (enabled, names) => {
  server = fakeServer(routes({ 'GET /api/auth/providers/': socialProviders(enabled) }));
  renderLogin();
  await screen.findByText('или');
  expect(socialLinks()).toEqual(names.map((name) => screen.getByRole('link', { name })));
});

test('both providers off: no "или" and no social link', async () => {
  server = fakeServer(routes());
  renderLogin();
  await providersSettled();
  expect(screen.queryByText('или')).toBeNull();
  expect(socialLinks()).toEqual([]);
});

test('no social link until the providers answer', async () => {
  let answerProviders: (reply: Reply) => void = () => undefined;
  server = fakeServer({
    'GET /api/auth/providers/': () => new Promise<Reply>((resolve) => (answerProviders = resolve)),
  });
  renderLogin();
  await waitFor(() => expect(server.callsTo('GET /api/auth/providers/')).toHaveLength(1));
  // Proving an absence while the answer is outstanding: nothing to await, so a short fixed wait.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(screen.queryByText('или')).toBeNull();
  expect(socialLinks()).toEqual([]);
  answerProviders(socialProviders({ vk: true, yandex: true }));
  expect(await screen.findByRole('link', { name: 'Войти через VK ID' })).toBeTruthy();
});

test.each([
  ['a 500', fail(500, 'Internal server error', RequestError.ServerError)],
  ['no network', 'offline' as const],
])('the providers call fails (%s): no social link, and the password login still works', async (_, failure) => {
  server = fakeServer({
    'GET /api/auth/providers/': failure,
    'POST /api/check-phone/': ok('Готово'),
    'POST /api/login/': ok('Вы вошли'),
  });
  renderLogin();
  await providersSettled();
  expect(screen.queryByText('или')).toBeNull();
  expect(socialLinks()).toEqual([]);
  expect(screen.queryByRole('alert')).toBeNull();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect(await screen.findByText('Профиль открыт')).toBeTruthy();
});

test('the social links belong to the e-mail step only', async () => {
  server = fakeServer(
    routes({ 'GET /api/auth/providers/': socialProviders({ vk: true }), 'POST /api/check-phone/': ok('Готово') }),
  );
  renderLogin();
  await screen.findByRole('link', { name: 'Войти через VK ID' });
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await screen.findByLabelText('Пароль');
  expect(socialLinks()).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(screen.getByRole('link', { name: 'Войти через VK ID' })).toBeTruthy();
  expect(server.callsTo('GET /api/auth/providers/')).toHaveLength(1);
});

/** What the API's callback can send back, and what the player reads. */
const socialFailures: [code: string, provider: string, text: string][] = [
  ['denied', 'vk', 'Вход через VK ID отменён'],
  ['denied', 'github', 'Вход отменён'],
  ['state', 'yandex', 'Ссылка для входа устарела. Попробуйте ещё раз'],
  ['provider', 'yandex', 'Яндекс ID сейчас не отвечает. Попробуйте позже или войдите по паролю'],
  ['no_email', 'vk', 'VK ID не передал адрес e-mail. Разрешите доступ к почте или зарегистрируйтесь по e-mail'],
  ['blocked', 'vk', messages.accountBlocked],
  ['deleted', 'yandex', messages.accountDeleted],
  ['off', 'yandex', 'Вход через Яндекс ID сейчас выключен'],
  ['too_many', 'vk', messages.tooManyRequests],
  ['something-new', 'vk', 'VK ID сейчас не отвечает. Попробуйте позже или войдите по паролю'],
];

test('every failure the contract names has its case here', () => {
  server = fakeServer({});
  expect(SOCIAL_ERRORS.filter((code) => !socialFailures.some(([known]) => known === code))).toEqual([]);
});

test.each(socialFailures)(
  '/login?social_error=%s&provider=%s: the reason in an alert above the form, gone from the address',
  async (code, provider, text) => {
    server = fakeServer(routes());
    const entries = openLogin(`?social_error=${code}&provider=${provider}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(
      alert.compareDocumentPosition(screen.getByLabelText('E-mail')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/login');
    // Replaced, not pushed: "back" does not return to the failure, a reload does not show it again.
    expect(window.history.length).toBe(entries);
    expect(screen.getByRole('alert').textContent).toBe(text);
  },
);

test('the reason goes away when the player logs in by e-mail instead', async () => {
  server = fakeServer(routes({ 'POST /api/check-phone/': ok('Готово') }));
  openLogin('?social_error=denied&provider=vk');
  expect((await screen.findByRole('alert')).textContent).toBe('Вход через VK ID отменён');
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await screen.findByLabelText('Пароль');
  expect(screen.queryByRole('alert')).toBeNull();
});

test('a plain /login shows no alert', async () => {
  server = fakeServer(routes());
  openLogin('');
  await providersSettled();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('only the two parameters leave the address; anything else in it stays', async () => {
  server = fakeServer(routes());
  openLogin('?utm_source=mail&social_error=off&provider=vk#top');
  expect((await screen.findByRole('alert')).textContent).toBe('Вход через VK ID сейчас выключен');
  await waitFor(() => expect(window.location.search).toBe('?utm_source=mail'));
  expect(window.location.hash).toBe('#top');
});

test('sent from registration with an address that has an account: the e-mail filled in, the recovery open on it', async () => {
  server = fakeServer(routes());
  render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state: { email: 'anna@example.com', recover: true } }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const recovery = within(await screen.findByRole('dialog', { name: 'Восстановление пароля' }));
  expect(recovery.getByLabelText<HTMLInputElement>('E-mail').value).toBe('anna@example.com');
  await userEvent.click(recovery.getByRole('button', { name: 'Закрыть' }));
  expect(screen.getByLabelText<HTMLInputElement>('E-mail').value).toBe('anna@example.com');
});

test('a door link opened signed out keeps its code through the social login buttons too', async () => {
  server = fakeServer({ 'GET /api/auth/providers/': socialProviders({ vk: true }) });
  render(
    <MemoryRouter initialEntries={[`/login?next=${encodeURIComponent('/game?door=0427')}`]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  );
  const vk = await screen.findByRole('link', { name: /VK ID/ });
  expect(vk.getAttribute('href')).toBe(`/api/auth/vk/login/?next=${encodeURIComponent('/game?door=0427')}`);
});
