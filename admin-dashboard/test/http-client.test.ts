import { messages } from '@kort/contracts';
import { callApi, httpClient } from '../src/providers/http-client';
import { dataProvider } from '../src/providers/data-provider';
import { fail, fakeServer, ok } from './support/fake-server';

test('every call sends the cookies and echoes the csrftoken cookie in X-CSRFToken', async () => {
  const server = fakeServer({ 'GET /api/count_users/': ok({ detail: 12 }) });
  await expect(callApi('/api/count_users/')).resolves.toEqual({ detail: 12 });
  const [call] = server.calls;
  expect(call?.headers.get('X-CSRFToken')).toBe('test.token');
  expect(call?.credentials).toBe('include');
  expect(server.strays).toEqual([]);
});

test('a first visit without the cookie asks /api/give_email/ for one, then sends it', async () => {
  const server = fakeServer(
    {
      'GET /api/give_email/': () => {
        document.cookie = 'csrftoken=fresh.token; path=/';
        return ok({ detail: '' });
      },
      'POST /api/login/': ok({ detail: messages.loggedIn }),
    },
    { withCookie: false },
  );
  await httpClient('/api/login/', { method: 'POST', body: JSON.stringify({ email: 'a@b.ru', password: 'x' }) });
  expect(server.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
    'GET /api/give_email/',
    'POST /api/login/',
  ]);
  const login = server.callsTo('POST /api/login/')[0];
  expect(login?.headers.get('X-CSRFToken')).toBe('fresh.token');
  expect(login?.headers.get('Content-Type')).toBe('application/json');
  expect(login?.credentials).toBe('include');
});

test("a failed call carries the server's Russian detail; no answer at all reads as network trouble", async () => {
  const server = fakeServer({ 'GET /api/open_door/': fail(503, messages.agentOffline) });
  await expect(callApi('/api/open_door/')).rejects.toMatchObject({ status: 503, message: messages.agentOffline });
  server.answer('GET /api/open_door/', 'offline');
  await expect(callApi('/api/open_door/')).rejects.toMatchObject({ status: 0, message: messages.networkTrouble });
});

test("the data provider speaks ra-data-simple-rest on /api/admin with the client's headers", async () => {
  const server = fakeServer({
    'GET /api/admin/users': ok([{ id: 7, name: 'Анна' }], { 'Content-Range': 'users 0-0/1' }),
  });
  const result = await dataProvider.getList('users', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'name', order: 'ASC' },
    filter: { q: 'анна' },
  });
  expect(result).toMatchObject({ data: [{ id: 7, name: 'Анна' }], total: 1 });
  const [call] = server.calls;
  expect(call?.query.get('filter')).toBe('{"q":"анна"}');
  expect(call?.query.get('range')).toBe('[0,24]');
  expect(call?.headers.get('X-CSRFToken')).toBe('test.token');
  expect(call?.credentials).toBe('include');
});
