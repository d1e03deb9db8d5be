import { AuthError, messages } from '@kort/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../src/layout/login-page';
import { authProvider } from '../src/providers/auth-provider';
import { fail, fakeServer, ok } from './support/fake-server';
import { renderInAdmin } from './support/render';

test('signs in with e-mail and password through /api/login/', async () => {
  const server = fakeServer({
    'GET /api/is_admin/': fail(401, messages.notAuthenticated, AuthError.NotAuthenticated),
    'POST /api/login/': ok({ detail: messages.loggedIn }),
  });
  renderInAdmin(<LoginPage />, { authProvider });
  await userEvent.type(screen.getByLabelText(/E-mail/), 'admin@kort.ru');
  await userEvent.type(screen.getByLabelText(/Пароль/), 'Secret-123');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  await vi.waitFor(() => expect(server.callsTo('POST /api/login/')).toHaveLength(1));
  expect(server.callsTo('POST /api/login/')[0]?.body).toEqual({ email: 'admin@kort.ru', password: 'Secret-123' });
});

test('an unconfirmed account (418) is told so, with the way to confirm it', async () => {
  fakeServer({
    'GET /api/is_admin/': fail(401, messages.notAuthenticated, AuthError.NotAuthenticated),
    'POST /api/login/': fail(418, messages.accountInactive, AuthError.AccountInactive),
  });
  renderInAdmin(<LoginPage />, { authProvider });
  await userEvent.type(screen.getByLabelText(/E-mail/), 'new@kort.ru');
  await userEvent.type(screen.getByLabelText(/Пароль/), 'Secret-123');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Аккаунт не подтверждён');
  expect(screen.getByRole('link', { name: 'Подтвердить в приложении игрока' }).getAttribute('href')).toBe('/login');
});

test("a wrong password shows the server's text", async () => {
  fakeServer({
    'GET /api/is_admin/': fail(401, messages.notAuthenticated, AuthError.NotAuthenticated),
    'POST /api/login/': fail(400, messages.authFailed, AuthError.WrongPassword),
  });
  renderInAdmin(<LoginPage />, { authProvider });
  await userEvent.type(screen.getByLabelText(/E-mail/), 'admin@kort.ru');
  await userEvent.type(screen.getByLabelText(/Пароль/), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
  expect((await screen.findByRole('alert')).textContent).toContain(messages.authFailed);
});
