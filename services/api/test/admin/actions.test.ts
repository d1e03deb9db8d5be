import type { DataProvider } from 'ra-core';
import { messages, type AdminAction, type AdminShelf, type AdminUser } from '@kort/contracts';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { adminDataProvider, failure, insertGame, insertUser, tag } from './admin-support';

// The admin-actions log (`actions`) through the dashboard's real data provider.
const NOW = '2027-09-06T06:00:00Z'; // Monday 6 September 2027, 09:00 in Moscow
const MINUTE = 60_000;

let api: TestApp;
let admin: { client: ReturnType<TestApp['client']>; id: number; email: string };
let provider: DataProvider;

beforeAll(async () => {
  // A database of its own: the log starts empty and shelves are blocked here.
  api = await startTestApp({}, new TestClock(), { ownDatabase: true });
  api.clock.set(NOW);
  [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [typeof admin];
  await api.db.query(`UPDATE users SET name = 'Ольга Админ' WHERE id = $1`, [admin.id]);
  provider = adminDataProvider(api, admin.client);
});
afterAll(() => api.close());

const newestFirst = {
  pagination: { page: 1, perPage: 100 },
  sort: { field: 'at', order: 'DESC' as const },
  filter: {},
};
const logged = async (filter: Record<string, unknown> = {}) =>
  (await provider.getList<AdminAction>('actions', { ...newestFirst, filter })).data;
const count = async () => (await provider.getList<AdminAction>('actions', { ...newestFirst, filter: {} })).total;

const setUser = async (id: number, changes: Partial<AdminUser>) => {
  const { data } = await provider.getOne<AdminUser>('users', { id });
  return provider.update<AdminUser>('users', { id, data: { ...data, ...changes }, previousData: data });
};
const setShelf = async (id: number, changes: Partial<AdminShelf>) => {
  const { data } = await provider.getOne<AdminShelf>('shelves', { id });
  return provider.update<AdminShelf>('shelves', { id, data: { ...data, ...changes }, previousData: data });
};
const step = () => api.clock.advance(MINUTE);

test('every kind of admin action is listed newest first with the admin and a readable target; refusals are not', async () => {
  const t = tag();
  const gosha = await insertUser(api, { name: 'Гоша', email: `gosha-${t}@example.com` });
  const masha = await insertUser(api, { name: 'Маша' });
  const game = await insertGame(api, masha.id, 1, '2027-09-06T15:00:00Z'); // 18:00 in Moscow
  await insertGame(api, gosha.id, 2, '2027-09-07T15:00:00Z'); // cancelled by the first block
  await api.db.query(`UPDATE shelves SET needs_clearing = true WHERE id = 4`);

  await setUser(gosha.id, { blocked: true }); // user.block
  step();
  expect((await admin.client.act(`/api/restore_user/?id=${gosha.id}`)).status).toBe(200); // user.restore
  step();
  expect((await admin.client.act(`/api/delete_user/?id=${gosha.id}`)).status).toBe(200); // user.block
  step();
  await setUser(gosha.id, { blocked: false, is_sport_school: true }); // user.restore, user.sport_school_on
  step();
  await setUser(gosha.id, { is_sport_school: false }); // user.sport_school_off
  step();
  await setShelf(3, { is_blocked: true }); // shelf.block
  step();
  expect((await admin.client.act('/api/admin_block/?shelf_id=3')).body.is_blocked).toBe(false); // shelf.unblock
  step();
  expect((await admin.client.act('/api/admin_block/?shelf_id=10')).body.is_blocked).toBe(true); // shelf.block
  step();
  await setShelf(10, { is_blocked: false }); // shelf.unblock
  step();
  await setShelf(4, { needs_clearing: false }); // shelf.cleared
  step();
  await provider.delete('bookings', { id: game }); // booking.cancel
  step();
  await provider.update('settings', {
    id: 'court_rules',
    data: { id: 'court_rules', value: `Правила ${t}` },
    previousData: { id: 'court_rules' },
  }); // setting.update
  step();

  // Refused or changing nothing: nothing is recorded.
  const before = await count();
  expect(before).toBe(13);
  expect(await failure(setUser(admin.id, { blocked: true }))).toEqual({
    status: 409,
    detail: messages.cannotBlockSelf,
  });
  expect((await admin.client.act(`/api/delete_user/?id=${admin.id}`)).status).toBe(409);
  expect(await failure(provider.delete('bookings', { id: game }))).toEqual({
    status: 409,
    detail: messages.bookingAlreadyCancelled,
  });
  expect((await admin.client.put('/api/admin/settings/storage_enabled', { value: 'maybe' })).status).toBe(400);
  expect((await admin.client.act('/api/admin_block/?shelf_id=99')).status).toBe(400);
  await setUser(gosha.id, { blocked: false, is_sport_school: false }); // already so
  await setShelf(3, { is_blocked: false, needs_clearing: false }); // already so
  await provider.update('settings', {
    id: 'court_rules',
    data: { id: 'court_rules', value: `Правила ${t}` },
    previousData: { id: 'court_rules' },
  });
  expect((await admin.client.act(`/api/restore_user/?id=${gosha.id}`)).status).toBe(200); // not blocked
  expect(await count()).toBe(before);

  const list = await provider.getList<AdminAction>('actions', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
  });
  expect(list.total).toBe(13);
  const goshaLabel = `Гоша (gosha-${t}@example.com)`;
  const actions = await logged();
  expect(
    actions.map(({ action, target_type, target_id, target_label, detail }) => [
      action,
      target_type,
      target_id,
      target_label,
      detail,
    ]),
  ).toEqual([
    ['setting.update', 'setting', 'court_rules', 'court_rules', 'court_rules'],
    ['booking.cancel', 'booking', String(game), 'Корт 1, 06.09.2027 18:00', null],
    ['shelf.cleared', 'shelf', '4', 'Ящик 4', null],
    ['shelf.unblock', 'shelf', '10', 'Ракетки (отсек 10)', null],
    ['shelf.block', 'shelf', '10', 'Ракетки (отсек 10)', null],
    ['shelf.unblock', 'shelf', '3', 'Ящик 3', null],
    ['shelf.block', 'shelf', '3', 'Ящик 3', null],
    ['user.sport_school_off', 'user', String(gosha.id), goshaLabel, null],
    // Same request, same instant: the later row first.
    ['user.sport_school_on', 'user', String(gosha.id), goshaLabel, null],
    ['user.restore', 'user', String(gosha.id), goshaLabel, 'Снята блокировка'],
    ['user.block', 'user', String(gosha.id), goshaLabel, null],
    ['user.restore', 'user', String(gosha.id), goshaLabel, 'Снята блокировка'],
    ['user.block', 'user', String(gosha.id), goshaLabel, 'Отменено игр: 1'],
  ]);
  expect(new Set(actions.map((action) => [action.admin_id, action.admin_name].join()))).toEqual(
    new Set([`${admin.id},Ольга Админ`]),
  );
  // The default order is the same (newest first).
  const plain = await admin.client.get('/api/admin/actions');
  expect((plain.body as AdminAction[]).map((action) => action.id)).toEqual(actions.map((action) => action.id));
  expect(plain.headers['content-range']).toBe('actions 0-12/13');

  // The record as the API answers it.
  const newest = actions[0]!;
  expect((await provider.getOne<AdminAction>('actions', { id: newest.id })).data).toEqual({
    id: newest.id,
    at: new Date(Date.parse(NOW) + 11 * MINUTE).toISOString(),
    admin_id: admin.id,
    admin_name: 'Ольга Админ',
    action: 'setting.update',
    target_type: 'setting',
    target_id: 'court_rules',
    target_label: 'court_rules',
    detail: 'court_rules',
  });
});

test('filters: action, admin_id, target_type, target_id, from/to; sort by action; unknown ids 404', async () => {
  const shelfBlocks = await logged({ action: 'shelf.block' });
  expect(shelfBlocks.map((action) => action.target_label)).toEqual(['Ракетки (отсек 10)', 'Ящик 3']);
  expect((await logged({ target_type: 'shelf', target_id: 10 })).map((action) => action.action)).toEqual([
    'shelf.unblock',
    'shelf.block',
  ]);
  expect(await logged({ admin_id: admin.id + 1000 })).toEqual([]);
  expect((await logged({ admin_id: admin.id })).length).toBe(13);
  const window = await logged({
    from: new Date(Date.parse(NOW) + 5 * MINUTE).toISOString(),
    to: new Date(Date.parse(NOW) + 7 * MINUTE).toISOString(),
  });
  expect(window.map((action) => action.action)).toEqual(['shelf.unblock', 'shelf.block']);

  const byAction = await provider.getList<AdminAction>('actions', {
    pagination: { page: 1, perPage: 3 },
    sort: { field: 'action', order: 'ASC' },
    filter: {},
  });
  expect(byAction.data.map((action) => action.action)).toEqual(['booking.cancel', 'setting.update', 'shelf.block']);
  expect(byAction.total).toBe(13);

  expect(await failure(logged({ action: 'user.delete' }))).toEqual({
    status: 400,
    detail: `${messages.adminFilterValue} «action»`,
  });
  expect(await failure(provider.getOne('actions', { id: 99_999_999 }))).toEqual({
    status: 404,
    detail: messages.actionNotFound,
  });
  expect(await failure(provider.getOne('actions', { id: 'abc' }))).toEqual({
    status: 404,
    detail: messages.actionNotFound,
  });
});

test('admins only: players get 403, anonymous callers 401', async () => {
  const [player] = await signedInPlayers(api, 1);
  const [first] = await logged();
  for (const path of ['/api/admin/actions', `/api/admin/actions/${first!.id}`]) {
    const [nobody, someone] = [await api.client().get(path), await player!.client.get(path)];
    expect([nobody.status, nobody.body.detail]).toEqual([401, messages.notAuthenticated]);
    expect([someone.status, someone.body.detail]).toEqual([403, messages.forbidden]);
  }
});
