import { randomUUID } from 'node:crypto';
import type { DataProvider } from 'ra-core';
import {
  messages,
  type AdminCommand,
  type AdminDevice,
  type AdminSetting,
  type AdminShelf,
  type AdminUser,
} from '@kort/contracts';
import { DEFAULT_SITE_ID as DEFAULT_SITE } from '@kort/contracts';
import { DevicesService } from '../../src/devices/devices.service';
import { signedInPlayers } from '../support/players';
import type { TestApp } from '../support/test-app';
import { ADMIN_NOW as NOW, failure, startAdminApp, type AdminSession } from './admin-support';

// The dashboard's real data provider (ra-data-simple-rest) against the running API: the
// club's shelves, devices, commands and settings (players and games: data-provider.test.ts).
let api: TestApp;
let admin: AdminSession;
let provider: DataProvider;

beforeAll(async () => ({ api, admin, provider } = await startAdminApp()));
beforeEach(() => api.clock.set(NOW));
afterAll(() => api.close());

const all = { pagination: { page: 1, perPage: 100 }, filter: {} };

describe('shelves', () => {
  test('the list shows 1-11 with renters; a blocked renter leaves the shelf to clear; update blocks and clears', async () => {
    const [player, other] = await signedInPlayers(api, 2);
    expect((await player!.client.act('/api/reserve_shelf/?id=3')).status).toBe(200);

    const list = await provider.getList<AdminShelf>('shelves', { ...all, sort: { field: 'id', order: 'ASC' } });
    expect(list.total).toBe(11);
    expect(list.data.map((shelf) => shelf.kind)).toEqual([...Array(9).fill('shelf'), 'equipment', 'equipment']);
    expect(list.data[2]).toMatchObject({
      id: 3,
      status: 'occupied',
      renter_id: player!.id,
      renter_name: 'Игрок',
      rented_since: '2027-09-06T06:00:00.000Z',
    });

    const { data: renter } = await provider.getOne<AdminUser>('users', { id: player!.id });
    await provider.update('users', { id: player!.id, data: { ...renter, blocked: true }, previousData: renter });
    const { data: left } = await provider.getOne<AdminShelf>('shelves', { id: 3 });
    expect(left).toMatchObject({ status: 'free', renter_id: null, needs_clearing: true });
    const { data: cleared } = await provider.update<AdminShelf>('shelves', {
      id: 3,
      data: { ...left, needs_clearing: false },
      previousData: left,
    });
    expect(cleared.needs_clearing).toBe(false);

    const { data: blocked } = await provider.update<AdminShelf>('shelves', {
      id: 5,
      data: { is_blocked: true },
      previousData: {},
    });
    expect(blocked).toMatchObject({ id: 5, status: 'blocked', is_blocked: true });
    const seen = (await other!.client.get('/api/shelves/')).body.detail as { id: number; status: string }[];
    expect(seen.find((shelf) => shelf.id === 5)?.status).toBe('blocked');
    expect((await other!.client.act('/api/reserve_shelf/?id=5')).status).toBe(403);
    const filtered = await provider.getList<AdminShelf>('shelves', {
      ...all,
      sort: { field: 'id', order: 'ASC' },
      filter: { is_blocked: true },
    });
    expect(filtered.data.map((shelf) => shelf.id)).toEqual([5]);
    await provider.update('shelves', { id: 5, data: { is_blocked: false }, previousData: blocked });

    const equipment = await provider.getMany<AdminShelf>('shelves', { ids: [10, 11] });
    expect(equipment.data.map((shelf) => shelf.kind)).toEqual(['equipment', 'equipment']);
    expect(await failure(provider.getOne('shelves', { id: 12 }))).toEqual({
      status: 404,
      detail: messages.shelfNotFound,
    });
  });
});

describe('devices and commands', () => {
  test('devices: every relay and the door sensor, as the agent last reported them; read only', async () => {
    const devices = api.app.get(DevicesService);
    await devices.applyRelay(DEFAULT_SITE, 'light', true);
    await devices.applyRelay(DEFAULT_SITE, 'shelf-4', true);
    await devices.applyDoorSensor(DEFAULT_SITE, false);

    const list = await provider.getList<AdminDevice>('devices', { ...all, sort: { field: 'id', order: 'ASC' } });
    expect(list.total).toBe(14);
    expect(list.data.find((device) => device.id === 'light')).toEqual({
      id: 'light',
      kind: 'relay',
      name: 'Свет',
      on: true,
      online: false,
      last_seen: expect.any(String),
    });
    expect(list.data.find((device) => device.id === 'door-sensor')).toMatchObject({ kind: 'sensor', on: true });
    const on = await provider.getList<AdminDevice>('devices', {
      ...all,
      sort: { field: 'id', order: 'ASC' },
      filter: { on: true },
    });
    expect(on.data.map((device) => device.id)).toEqual(['door-sensor', 'light', 'shelf-4']);
    expect((await provider.getOne<AdminDevice>('devices', { id: 'shelf-10' })).data).toMatchObject({
      name: 'Отсек инвентаря 10',
      on: false,
    });
    expect((await provider.getMany<AdminDevice>('devices', { ids: ['door', 'light'] })).data).toHaveLength(2);
    expect((await provider.getOne<AdminShelf>('shelves', { id: 4 })).data.relay_on).toBe(true);
    expect(await failure(provider.getOne('devices', { id: 'toaster' }))).toEqual({
      status: 404,
      detail: messages.deviceNotFound,
    });
    expect(
      (await failure(provider.update('devices', { id: 'light', data: { on: false }, previousData: {} }))).status,
    ).toBe(404);
    await devices.applyRelay(DEFAULT_SITE, 'light', false);
  });

  test('commands: the audit log newest first, filtered by action, by player (getManyReference) and by id', async () => {
    const [player] = await signedInPlayers(api, 1);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const rows: [string, string, string, number, string, string, string | null][] = [
      [ids[0]!, 'light', 'light.on', admin.id, '2027-09-06T05:00:00Z', 'done', null],
      [ids[1]!, 'door', 'door.open', player!.id, '2027-09-06T05:10:00Z', 'failed', 'agent-offline'],
      [ids[2]!, 'light', 'light.off', admin.id, '2027-09-06T05:20:00Z', 'done', null],
    ];
    for (const [id, device, action, by, at, status, error] of rows) {
      await api.db.query(
        `INSERT INTO commands (id, site_id, device, action, requested_by, requested_at, deadline, status, error, finished_at)
         VALUES ($1, 'default', $2, $3, $4, $5, $5::timestamptz + interval '8 seconds', $6, $7, $5::timestamptz + interval '1 second')`,
        [id, device, action, by, at, status, error],
      );
    }
    const since = { from: '2027-09-06T08:00:00+03:00' };
    const newest = await provider.getList<AdminCommand>('commands', {
      ...all,
      sort: { field: 'requested_at', order: 'DESC' },
      filter: since,
    });
    expect(newest.data.map((command) => command.id)).toEqual([ids[2], ids[1], ids[0]]);
    const doors = await provider.getList<AdminCommand>('commands', {
      ...all,
      sort: { field: 'requested_at', order: 'DESC' },
      filter: { ...since, action: 'door.open' },
    });
    expect(doors.data.map((command) => command.id)).toEqual([ids[1]]);

    const byAdmin = await provider.getManyReference<AdminCommand>('commands', {
      target: 'requested_by',
      id: admin.id,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'requested_at', order: 'DESC' },
      filter: since,
    });
    expect(byAdmin.data.map((command) => [command.action, command.requested_by_name])).toEqual([
      ['light.off', 'Игрок'],
      ['light.on', 'Игрок'],
    ]);
    expect((await provider.getOne<AdminCommand>('commands', { id: ids[1]! })).data).toEqual({
      id: ids[1],
      action: 'door.open',
      device: 'door',
      requested_by: player!.id,
      requested_by_name: 'Игрок',
      requested_at: '2027-09-06T05:10:00.000Z',
      deadline: '2027-09-06T05:10:08.000Z',
      status: 'failed',
      error: 'agent-offline',
      finished_at: '2027-09-06T05:10:01.000Z',
      origin: 'api',
      offline: false,
      booking_id: null,
      deliveries: null, // written by the test, not by a delivery
      door_outcome: null, // an opening that failed: no sensor verdict
    });
    // Without a sort (a bare request), the newest come first.
    const bare = await admin.client.get(`/api/admin/commands?filter=${encodeURIComponent(JSON.stringify(since))}`);
    expect((bare.body as AdminCommand[]).map((command) => command.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(bare.headers['content-range']).toBe('commands 0-2/3');
    expect(await failure(provider.getOne('commands', { id: 'not-a-uuid' }))).toEqual({
      status: 404,
      detail: messages.commandNotFound,
    });
  });
});

describe('settings', () => {
  test('storage is switched off and on, the rules and contacts edited; bad values are refused', async () => {
    const list = await provider.getList<AdminSetting>('settings', { ...all, sort: { field: 'id', order: 'ASC' } });
    expect(list.data.map((setting) => setting.id)).toEqual([
      'booking_horizon_days',
      'closing_hour',
      'club_contacts',
      'court_rules',
      'equipment_10_name',
      'equipment_11_name',
      'opening_hour',
      'payment_hold_minutes',
      'quota_per_day',
      'quota_per_week',
      'quota_upcoming',
      'receipts_enabled',
      'refund_full_before_hours',
      'refund_late_percent',
      'storage_enabled',
      'tax_system_code',
      'vat_code',
    ]);
    expect(list.total).toBe(17);
    const [player] = await signedInPlayers(api, 1);
    const set = (id: string, value: string) =>
      provider.update<AdminSetting>('settings', { id, data: { id, value }, previousData: { id } });

    expect((await set('storage_enabled', 'false')).data.value).toBe('false');
    expect((await player!.client.get('/api/is_shelf/')).body.detail).toBe(false);
    expect((await player!.client.act('/api/reserve_shelf/?id=1')).body.detail).toBe(messages.storageOff);
    expect(await failure(set('storage_enabled', 'maybe'))).toEqual({
      status: 400,
      detail: messages.settingStorageValue,
    });
    await set('storage_enabled', 'true');
    expect((await player!.client.get('/api/is_shelf/')).body.detail).toBe(true);

    await set('court_rules', 'Новые правила клуба');
    expect((await api.client().get('/api/give_rules/')).body.detail).toBe('Новые правила клуба');
    expect(await failure(set('court_rules', '   '))).toEqual({ status: 400, detail: messages.settingRulesEmpty });
    expect(await failure(set('court_rules', 'п'.repeat(20_001)))).toEqual({
      status: 400,
      detail: messages.settingRulesTooLong,
    });
    await set('club_contacts', 'Телефон клуба: +7 900 000-00-01');
    expect((await api.client().get('/api/give_contacts/')).body.detail).toBe('Телефон клуба: +7 900 000-00-01');
    expect(await failure(set('club_contacts', 'x'.repeat(2_001)))).toEqual({
      status: 400,
      detail: messages.settingContactsTooLong,
    });
    // The rental equipment says what it is: the club names it here, the players' inventory shows it.
    const names = async () =>
      ((await player!.client.get('/api/give_inventory/')).body.detail as { name: string }[]).map((i) => i.name);
    expect(await names()).toEqual(['Ракетки', 'Мячи']);
    await set('equipment_11_name', '  Мячи для падела  ');
    expect(await names()).toEqual(['Ракетки', 'Мячи для падела']);
    expect(await failure(set('equipment_10_name', ' '))).toEqual({
      status: 400,
      detail: messages.settingEquipmentName,
    });
    expect(await failure(set('equipment_10_name', 'р'.repeat(61)))).toEqual({
      status: 400,
      detail: messages.settingEquipmentName,
    });
    expect(await failure(provider.getOne('settings', { id: 'password_pepper' }))).toEqual({
      status: 404,
      detail: messages.settingNotFound,
    });
  });
});
