import { AuthError, messages, RequestError } from '@kort/contracts';
import { authProvider, NOT_ADMIN_PATH } from '../src/providers/auth-provider';
import { fail, fakeServer, ok } from './support/fake-server';

test('an admin passes the check; their logout ends the session', async () => {
  const server = fakeServer({
    'GET /api/is_admin/': ok({ detail: true }),
    'GET /api/logout/': ok({ detail: messages.loggedOut }),
  });
  await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  await authProvider.logout({});
  expect(server.callsTo('GET /api/logout/')).toHaveLength(1);
});

test.each([
  ['a player', ok({ detail: false })],
  ['a player who has not accepted the rules (451)', fail(451, messages.rulesNotAccepted, AuthError.RulesNotAccepted)],
])('%s is sent to the not-admin page and stays signed in to the player app', async (_who, answer) => {
  const server = fakeServer({ 'GET /api/is_admin/': answer, 'GET /api/logout/': ok({ detail: '' }) });
  await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false, redirectTo: NOT_ADMIN_PATH });
  await expect(authProvider.logout({})).resolves.toBe(NOT_ADMIN_PATH);
  expect(server.callsTo('GET /api/logout/')).toHaveLength(0);
});

test('no session (401) goes to the login page, quietly', async () => {
  fakeServer({ 'GET /api/is_admin/': fail(401, messages.notAuthenticated, AuthError.NotAuthenticated) });
  await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
  await expect(authProvider.logout({})).resolves.toBeUndefined();
});

test('login posts e-mail and password; 418 says the account is not confirmed', async () => {
  const server = fakeServer({ 'POST /api/login/': ok({ detail: messages.loggedIn }) });
  await authProvider.login({ email: 'admin@kort.ru', password: 'Secret-123' });
  expect(server.callsTo('POST /api/login/')[0]?.body).toEqual({ email: 'admin@kort.ru', password: 'Secret-123' });

  server.answer('POST /api/login/', fail(418, messages.accountInactive, AuthError.AccountInactive));
  await expect(authProvider.login({ email: 'new@kort.ru', password: 'x' })).rejects.toThrow('kort.auth.not_confirmed');
  server.answer('POST /api/login/', fail(400, messages.authFailed, AuthError.WrongPassword));
  await expect(authProvider.login({ email: 'admin@kort.ru', password: 'x' })).rejects.toThrow(messages.authFailed);
});

test("checkError: 401 signs out; a lost admin role (403 'Недостаточно прав') goes to the not-admin page", async () => {
  const error = (status: number, detail: string) => ({ status, body: { detail }, message: detail });
  const { HttpError } = await import('react-admin');
  await expect(authProvider.checkError(new HttpError('', 401, { code: AuthError.NotAuthenticated }))).rejects.toEqual({
    message: false,
  });
  await expect(
    authProvider.checkError(new HttpError('', 403, { detail: messages.forbidden, code: AuthError.Forbidden })),
  ).rejects.toMatchObject({
    redirectTo: NOT_ADMIN_PATH,
    logoutUser: false,
  });
  // An expired CSRF token is one call's error, not a reason to leave.
  await expect(
    authProvider.checkError(new HttpError('', 403, { detail: messages.csrfFailed, code: RequestError.CsrfFailed })),
  ).resolves.toBeUndefined();
  await expect(authProvider.checkError(error(500, messages.serverError))).resolves.toBeUndefined();
});
