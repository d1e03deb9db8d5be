import { messages } from '@kort/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/login-page';

// The page already has its CSRF token (the client fetches one only when it has none).
beforeEach(() => {
  document.cookie = 'csrftoken=test.token';
});
afterEach(() => vi.unstubAllGlobals());

function reply(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/profile" element={<p>Профиль открыт</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

test('e-mail step, then password step, then the profile', async () => {
  const fetch = vi.fn((path: string) => reply(200, { detail: path.includes('check-phone') ? 'Готово' : 'Вы вошли' }));
  vi.stubGlobal('fetch', fetch);
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'Пароль-2026');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect(await screen.findByText('Профиль открыт')).toBeTruthy();
  const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
  expect(JSON.parse(init.body as string)).toEqual({
    email: 'anna@example.com',
    password: 'Пароль-2026',
  });
});

test('an unknown e-mail shows "Проверьте почту"; a wrong password shows the server text; back returns', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => reply(400, { detail: 'x', errors: { phone_number: 'Проверьте почту' } })),
  );
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'nobody@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.checkEmail);

  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      path.includes('check-phone')
        ? reply(200, { detail: 'Готово' })
        : reply(400, { detail: messages.authFailed, errors: { auth_error: messages.authFailed } }),
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  await userEvent.type(await screen.findByLabelText('Пароль'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.authFailed);
  await userEvent.click(screen.getByRole('button', { name: 'Назад' }));
  expect(screen.getByLabelText('E-mail')).toBeTruthy();
});

test('a server error or no network shows "Неполадки сети, попробуйте позже"', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('offline'))),
  );
  renderLogin();
  await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Далее' }));
  expect((await screen.findByRole('alert')).textContent).toBe(messages.networkTrouble);
});
