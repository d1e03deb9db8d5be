import { AuthError, DeviceError, messages } from '@kort/contracts';
import { afterEach, expect, test, vi } from 'vitest';
import { api, ApiError, NetworkError, setApiHandlers } from '../src/lib/api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

/** A fetch that gives every call its own answer (a body is read once; the token call reads its own). */
const answer = (status: number, body: unknown) =>
  vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );

test('every call carries the CSRF cookie as X-CSRFToken and includes credentials', async () => {
  document.cookie = 'csrftoken=abc.def';
  const fetch = answer(200, { detail: 'ok' });
  vi.stubGlobal('fetch', fetch);
  await api('GET', '/api/logout/');
  const [, init] = fetch.mock.calls[0] as [string, RequestInit];
  expect(init.credentials).toBe('include');
  expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('abc.def');
});

test('a first visit without a token fetches one before the call', async () => {
  const fetch = vi.fn((path: string) => {
    if (path === '/api/give_email/') document.cookie = 'csrftoken=fresh.token';
    return Promise.resolve(new Response(JSON.stringify({ detail: 'ok' }), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  await api('POST', '/api/check-phone/', { email: 'a@b.ru' });
  expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/give_email/', '/api/check-phone/']);
  const [, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
  expect((init.headers as Record<string, string>)['X-CSRFToken']).toBe('fresh.token');
});

test('an error answer becomes an ApiError with the server detail and field errors', async () => {
  vi.stubGlobal(
    'fetch',
    answer(400, {
      detail: 'Неверный e-mail или пароль',
      code: AuthError.WrongPassword,
      errors: { auth_error: 'Неверный e-mail или пароль' },
    }),
  );
  const failure = await api('POST', '/api/login/', {}).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ApiError);
  expect(failure).toMatchObject({ status: 400, errors: { auth_error: 'Неверный e-mail или пароль' } });
});

test('401 calls the unauthorized handler; 451 the rules handler', async () => {
  const onUnauthorized = vi.fn();
  const onRulesRequired = vi.fn();
  setApiHandlers({ onUnauthorized, onRulesRequired });
  vi.stubGlobal('fetch', answer(401, { detail: 'Войдите в аккаунт', code: AuthError.NotAuthenticated }));
  await expect(api('GET', '/api/profile/')).rejects.toBeInstanceOf(ApiError);
  expect(onUnauthorized).toHaveBeenCalledOnce();
  vi.stubGlobal('fetch', answer(451, { detail: 'Примите правила клуба', code: AuthError.RulesNotAccepted }));
  await expect(api('GET', '/api/is_admin/')).rejects.toBeInstanceOf(ApiError);
  expect(onRulesRequired).toHaveBeenCalledOnce();
});

test('no network is a NetworkError; a 500 reads as network trouble, an equipment 503 keeps its own text', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  await expect(api('GET', '/api/profile/')).rejects.toBeInstanceOf(NetworkError);
  vi.stubGlobal('fetch', answer(500, { detail: 'internal' }));
  await expect(api('GET', '/api/profile/')).rejects.toMatchObject({ detail: messages.networkTrouble });
  vi.stubGlobal('fetch', answer(503, { detail: messages.agentOffline, code: DeviceError.AgentOffline }));
  await expect(api('GET', '/api/send/1/')).rejects.toMatchObject({ status: 503, detail: messages.agentOffline });
});
