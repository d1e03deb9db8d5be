import { messages, RequestError } from '@kort/contracts';
import { registerPlayer } from './support/accounts';
import type { Client } from './support/client';
import { listRoutes, type RouteInfo } from './support/routes';
import { startTestApp, type TestApp } from './support/test-app';

let api: TestApp;
let routes: RouteInfo[];
beforeAll(async () => {
  api = await startTestApp();
  routes = listRoutes(api.app);
});
afterAll(() => api.close());

const call = (client: Client, route: RouteInfo, options: { csrf?: boolean; csrfToken?: string }) => {
  if (route.method === 'GET') return client.act(route.example, options);
  if (route.method === 'DELETE') return client.delete(route.example, options);
  if (route.method === 'PUT') return client.put(route.example, {}, options);
  if (route.method === 'PATCH') return client.patch(route.example, {}, options);
  return client.post(route.example, {}, options);
};

describe('CSRF', () => {
  test('the route list is read from the app and includes every state-changing call of the spec', () => {
    const changing = routes.filter((r) => r.changesState).map((r) => `${r.method} ${r.path}`);
    expect(changing).toEqual(
      expect.arrayContaining([
        'POST /api/check-phone/',
        'POST /api/login/',
        'POST /api/reg-phone/',
        'POST /api/register/',
        'POST /api/activate/',
        'POST /api/reset_password_request_code/',
        'POST /api/verify_code/',
        'POST /api/reset_password/',
        'POST /api/change_password/',
        'GET /api/logout/',
        'GET /api/del_account/',
        'GET /api/user_read/',
        'POST /api/order-court/:id_cort/',
        'POST /api/delete_order/:id_cort/',
        'POST /api/calendar_token/',
        'DELETE /api/calendar_token/',
        'GET /api/send/:gameId/',
        'POST /api/recieve/',
        'GET /api/end/:gameId/',
        'GET /api/turn_on_light/',
        'GET /api/turn_off_light/',
        'GET /api/open_door/',
        'GET /api/close_door/',
        'GET /api/reserve_shelf/',
        'GET /api/open_shelf/',
        'GET /api/close_shelf/',
        'GET /api/cancel_reservation/',
        'GET /api/admin_open/',
        'GET /api/admin_close/',
        'GET /api/admin_block/',
      ]),
    );
  });

  test('every state-changing call without the header, or with a wrong one, is a 403 and changes nothing', async () => {
    const client = api.client();
    await registerPlayer(client);
    const checked: string[] = [];
    // Telegram's webhook is a server's call with its own secret, refused 401 without it (notifications/telegram.test.ts).
    for (const route of routes.filter((r) => r.changesState && !r.serverCall)) {
      for (const options of [{ csrf: false }, { csrfToken: 'forged.token' }, { csrfToken: '' }]) {
        const response = await call(client, route, options);
        expect({ route: route.path, status: response.status }).toEqual({ route: route.path, status: 403 });
        expect(response.body.detail).toBe(messages.csrfFailed);
      }
      checked.push(route.path);
    }
    expect(checked.length).toBeGreaterThanOrEqual(12);
    // Still signed in, still not deleted, rules still not accepted.
    expect((await client.get('/api/profile/')).status).toBe(200);
    expect((await client.get('/api/is_admin/')).status).toBe(451);
  });

  test("a second session cannot use the first one's token", async () => {
    const first = api.client();
    const second = api.client();
    await registerPlayer(first);
    await registerPlayer(second);
    const stolen = first.cookies.get('csrftoken')!;
    expect(stolen).not.toBe(second.cookies.get('csrftoken'));

    // Header only, then header and cookie both: refused either way, because the token is bound to
    // the session it was issued to.
    expect((await second.act('/api/user_read/', { csrfToken: stolen })).status).toBe(403);
    second.cookies.set('csrftoken', stolen);
    expect((await second.act('/api/user_read/', { csrfToken: stolen })).status).toBe(403);
    expect((await second.get('/api/is_admin/')).status).toBe(451);
  });

  test('safe GETs need no header and hand out a token cookie', async () => {
    const response = await api.client().get('/api/give_rules/');
    expect(response.status).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/csrftoken=/);
  });
});

describe('bad input never causes a 500', () => {
  const bodies: [string, string][] = [
    ['malformed JSON', '{"email": '],
    ['a JSON array', '[1,2,3]'],
    ['a JSON string', '"hello"'],
    ['null', 'null'],
    ['wrong types', '{"email": 42, "password": {"$ne": 1}, "code": [1], "password1": true, "name_user": 7}'],
    ['empty object', '{}'],
    ['huge strings', JSON.stringify({ email: `${'a'.repeat(60_000)}@x.ru`, password: 'b'.repeat(30_000) })],
    ['unicode', JSON.stringify({ email: '😀@пример.рф', name_user: '\u0000\u202e', code: '١٢٣٤' })],
  ];

  test.each(bodies)('%s → never a 5xx; a 4xx with a detail wherever a body is expected', async (_, raw) => {
    const client = api.client();
    await registerPlayer(client);
    const withBody = routes.filter((r) => r.method === 'POST' && r.hasBody);
    expect(withBody.length).toBeGreaterThanOrEqual(11);
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const response = await client.postRaw(route.example, raw);
      const expected = route.hasBody ? 'rejected' : 'not a 5xx';
      const actual = route.hasBody
        ? response.status >= 400 && response.status < 500
          ? 'rejected'
          : `status ${response.status}`
        : response.status < 500
          ? 'not a 5xx'
          : `status ${response.status}`;
      expect({ route: route.path, outcome: actual }).toEqual({ route: route.path, outcome: expected });
      expect(typeof response.body.detail).toBe('string');
    }
  });

  test('a body over 100 KB is a 413 with a detail', async () => {
    const response = await api
      .client()
      .postRaw('/api/login/', JSON.stringify({ email: 'a@b.ru', password: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(response.body.detail).toBe(messages.bodyTooLarge);
  });

  test('malformed JSON is a 400 "Некорректный JSON в запросе"', async () => {
    const response = await api.client().postRaw('/api/register/', '{"email":');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ detail: messages.badJson, code: RequestError.BadJson });
  });

  test('an unknown path under /api is a JSON 404', async () => {
    const response = await api.client().get('/api/no-such-call/');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: messages.notFound, code: RequestError.NotFound });
  });
});
