import { messages } from '@kort/contracts';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { listRoutes, type RouteInfo } from '../support/routes';
import { startTestApp, type TestApp } from '../support/test-app';
import { insertUser, tag } from './admin-support';

let api: TestApp;
let routes: RouteInfo[];
let admin: Client;
let player: Client;

beforeAll(async () => {
  api = await startTestApp();
  routes = listRoutes(api.app);
  const [[signedAdmin], [signedPlayer]] = await Promise.all([
    signedInPlayers(api, 1, { role: 'owner' }),
    signedInPlayers(api, 1),
  ]);
  admin = signedAdmin!.client;
  player = signedPlayer!.client;
});
afterAll(() => api.close());

/** Calls a route as the apps would, CSRF header included (so only the session decides). */
const send = (client: Client, route: RouteInfo) => {
  if (route.method === 'GET') return client.act(route.example);
  if (route.method === 'PUT') return client.put(route.example, {});
  if (route.method === 'DELETE') return client.delete(route.example);
  return client.post(route.example, {});
};

const RESOURCES = ['users', 'bookings', 'shelves', 'devices', 'commands', 'settings', 'actions'];
const SPEC_ADMIN_CALLS = [
  'get_device_status',
  'count_users',
  'count_games',
  'turn_on_light',
  'turn_off_light',
  'open_door',
  'close_door',
  'get_current_players',
  'user_search',
  'give_user',
  'restore_user',
  'delete_user',
  'admin_open',
  'admin_close',
  'admin_block',
];

describe('who may call', () => {
  test('the admin-only routes are every resource call and every admin call of the spec', () => {
    const adminOnly = routes.filter((route) => route.adminOnly).map((route) => `${route.method} ${route.path}`);
    expect(adminOnly).toEqual(
      expect.arrayContaining([
        ...RESOURCES.flatMap((name) => [`GET /api/admin/${name}/`, `GET /api/admin/${name}/:id/`]),
        'PUT /api/admin/users/:id/',
        'DELETE /api/admin/bookings/:id/',
        'PUT /api/admin/shelves/:id/',
        'PUT /api/admin/settings/:id/',
        ...SPEC_ADMIN_CALLS.map((call) => `GET /api/${call}/`),
      ]),
    );
    expect(routes.filter((route) => route.path.startsWith('/api/admin/') && !route.adminOnly)).toEqual([]);
    const changing = routes.filter((route) => route.changesState).map((route) => `${route.method} ${route.path}`);
    expect(changing).toEqual(
      expect.arrayContaining([
        'GET /api/restore_user/',
        'GET /api/delete_user/',
        'PUT /api/admin/users/:id/',
        'DELETE /api/admin/bookings/:id/',
        'PUT /api/admin/shelves/:id/',
        'PUT /api/admin/settings/:id/',
      ]),
    );
  });

  test('anonymous callers get 401 and players 403 on every admin route, and nothing changes', async () => {
    const adminRoutes = routes.filter((route) => route.adminOnly);
    expect(adminRoutes.length).toBeGreaterThanOrEqual(30);
    const anonymous = api.client();
    for (const route of adminRoutes) {
      const [nobody, someone] = [await send(anonymous, route), await send(player, route)];
      expect({ route: `${route.method} ${route.path}`, anonymous: nobody.status, player: someone.status }).toEqual({
        route: `${route.method} ${route.path}`,
        anonymous: 401,
        player: 403,
      });
      expect([nobody.body.detail, someone.body.detail]).toEqual([messages.notAuthenticated, messages.forbidden]);
    }
    expect((await player.get('/api/profile/')).status).toBe(200);
  });

  test('state-changing admin calls need the CSRF header, even from an admin', async () => {
    const target = await insertUser(api, { name: 'Цель' });
    for (const options of [{ csrf: false }, { csrfToken: 'forged.token' }]) {
      const calls = [
        admin.act(`/api/delete_user/?id=${target.id}`, options),
        admin.act(`/api/restore_user/?id=${target.id}`, options),
        admin.put(`/api/admin/users/${target.id}`, { blocked: true }, options),
        admin.put('/api/admin/settings/storage_enabled', { value: 'false' }, options),
        admin.put('/api/admin/shelves/1', { is_blocked: true }, options),
        admin.delete('/api/admin/bookings/1', options),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body.detail).toBe(messages.csrfFailed);
      }
    }
    expect((await admin.get(`/api/admin/users/${target.id}`)).body.blocked).toBe(false);
    expect((await admin.get('/api/admin/shelves/1')).body.is_blocked).toBe(false);
  });
});

describe('list parameters', () => {
  const list = (resource: string, params: Record<string, string>) =>
    admin.get(`/api/admin/${resource}?${new URLSearchParams(params).toString()}`);

  test.each([
    ['sort that is not JSON', 'users', { sort: '[name,ASC' }, messages.adminSortInvalid],
    ['sort by a column that is not offered', 'users', { sort: '["password_hash","ASC"]' }, messages.adminSortField],
    ['sort with an unknown order', 'users', { sort: '["name","UP"]' }, messages.adminSortInvalid],
    ['sort as an object', 'bookings', { sort: '{"field":"id"}' }, messages.adminSortInvalid],
    ['range over 1000 rows', 'users', { range: '[0,1000]' }, messages.adminRangeTooLarge],
    ['range far over 1000 rows', 'commands', { range: '[0,99999999]' }, messages.adminRangeTooLarge],
    ['range backwards', 'users', { range: '[5,2]' }, messages.adminRangeInvalid],
    ['range below zero', 'users', { range: '[-1,3]' }, messages.adminRangeInvalid],
    ['range of fractions', 'users', { range: '[0.5,3]' }, messages.adminRangeInvalid],
    ['range that is not JSON', 'shelves', { range: '0-24' }, messages.adminRangeInvalid],
    ['filter that is not JSON', 'users', { filter: '{q:"анна"}' }, messages.adminFilterInvalid],
    ['filter as an array', 'users', { filter: '[1]' }, messages.adminFilterInvalid],
    ['an unknown filter', 'users', { filter: '{"password":"x"}' }, `${messages.adminFilterUnknown} «password»`],
    ['a bad id', 'users', { filter: '{"id":"x"}' }, `${messages.adminFilterValue} «id»`],
    ['a bad day', 'bookings', { filter: '{"day":"2027-13-01"}' }, `${messages.adminFilterValue} «day»`],
    ['a bad status', 'bookings', { filter: '{"status":"lost"}' }, `${messages.adminFilterValue} «status»`],
    ['a bad instant', 'commands', { filter: '{"from":"yesterday"}' }, `${messages.adminFilterValue} «from»`],
  ])('%s → 400 with a Russian detail', async (_, resource, params, detail) => {
    const response = await list(resource, params);
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(detail);
  });

  test('a range of exactly 1000 rows is fine; an empty page still names a range and the total', async () => {
    const full = await list('users', { sort: '["id","ASC"]', range: '[0,999]', filter: '{}' });
    expect(full.status).toBe(200);
    expect(full.headers['content-range']).toMatch(/^users 0-\d+\/\d+$/);
    const empty = await list('users', { range: '[0,24]', filter: JSON.stringify({ q: `никого-${tag()}` }) });
    expect(empty.body).toEqual([]);
    expect(empty.headers['content-range']).toBe('users 0-0/0');
    expect(empty.headers['access-control-expose-headers']).toBe('Content-Range');
  });

  test('filter values reach SQL only as parameters: quotes and wildcards are searched for literally', async () => {
    const t = tag();
    await insertUser(api, { name: `Процент 100% ${t}` });
    await insertUser(api, { name: `Процент 1000 ${t}` });
    const search = async (q: string) => {
      const response = await list('users', { filter: JSON.stringify({ q }) });
      expect(response.status).toBe(200);
      return (response.body as { name: string }[]).map((user) => user.name);
    };
    expect(await search(`100% ${t}`)).toEqual([`Процент 100% ${t}`]);
    expect(await search(`1_00 ${t}`)).toEqual([]);
    expect(await search(`'; DROP TABLE users; --`)).toEqual([]);
    expect((await admin.get('/api/count_users/')).status).toBe(200);
  });

  test('a path id that cannot exist is a 404 with a detail', async () => {
    for (const [path, detail] of [
      ['/api/admin/users/abc', messages.userNotFound],
      ['/api/admin/bookings/0', messages.gameNotFound],
      ['/api/admin/shelves/99999999999', messages.shelfNotFound],
      ['/api/admin/commands/123', messages.commandNotFound],
      ['/api/admin/actions/x1', messages.actionNotFound],
      ['/api/admin/settings/secret', messages.settingNotFound],
    ] as const) {
      const response = await admin.get(path);
      expect({ path, status: response.status, detail: response.body.detail }).toEqual({ path, status: 404, detail });
    }
  });

  test('the resources and the spec calls are documented in OpenAPI', async () => {
    const { paths } = (await api.client().get('/api/docs-json')).body as {
      paths: Record<string, Record<string, { parameters?: { name: string }[] }>>;
    };
    for (const name of RESOURCES) {
      const parameters = paths[`/api/admin/${name}`]?.get?.parameters?.map((parameter) => parameter.name);
      expect(parameters).toEqual(expect.arrayContaining(['sort', 'range', 'filter']));
      expect(paths[`/api/admin/${name}/{id}`]?.get).toBeDefined();
    }
    expect(paths['/api/admin/users/{id}']?.put).toBeDefined();
    expect(paths['/api/admin/bookings/{id}']?.delete).toBeDefined();
    for (const call of ['get_current_players', 'user_search', 'give_user', 'restore_user', 'delete_user']) {
      expect(paths[`/api/${call}`]?.get).toBeDefined();
    }
  });
});
