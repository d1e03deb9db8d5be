import { randomUUID } from 'node:crypto';
import { agentEventSchema, fleetMessages, type AdminAlert, type AgentAlarm, type AgentEvent } from '@kort/contracts';
import { OutboxService } from '../../src/devices/outbox.service';
import { SitesService } from '../../src/sites/sites.service';
import type { Client } from '../support/client';
import { outboxDrained, signedInPlayers } from '../support/players';
import { realAgent } from '../support/real-agent';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';
import {
  alertMessages,
  alertRows,
  cuttableLink,
  linkTelegram,
  liveDashboard,
  messageJobDone,
  moscowMoment,
  startOwnBotApi,
  type OwnBotApi,
} from './alerts-world';

// Door and Pi alarms from the real edge agent's outbox (docs/decisions/0103-alerts.md): each one an
// alert of its site, told once in Telegram to the staff who linked a chat and pushed to the site's
// dashboards; the same event again makes nothing; a clear resolves it; raised without the link, it
// arrives once after the reconnect. An admin acknowledges; another site's admin sees none of it.

let api: TestApp;
let bot: OwnBotApi;
let base: string;
let port: number;
type Person = { client: Client; id: number; chat: number };
/** The owner (runs every site) and the north site's admin, both with a linked chat. */
let owner: Person;
let northAdmin: Person;

beforeAll(async () => {
  bot = await startOwnBotApi();
  api = await startTestApp(bot.env, new TestClock(), { ownDatabase: true });
  port = (api.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  await api.db.query(`UPDATE sites SET name = 'Корт на Ленина' WHERE id = 'default'`);
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone) VALUES ('north', 'Север', 'north', 'Asia/Vladivostok')`,
  );
  const [first, second] = await signedInPlayers(api, 2, { role: 'owner' });
  await api.db.query(`UPDATE users SET name = 'Анна Админова' WHERE id = $1`, [first!.id]);
  await api.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [second!.id]);
  await api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('north', $1)`, [second!.id]);
  api.app.get(SitesService).wrote();
  owner = { ...first!, chat: await linkTelegram(bot, first!.client) };
  northAdmin = { ...second!, chat: await linkTelegram(bot, second!.client) };
}, 60_000);
afterAll(async () => {
  await api?.close();
  await bot?.close();
});

/** The alert raised by the agent's event `id`, once it is there. */
async function alertOf(eventId: string): Promise<{ id: number; resolved_at: Date | null }> {
  let found: { id: number; resolved_at: Date | null } | undefined;
  await waitFor(async () => (found = (await alertRows(api)).find((row) => row.raised_event === eventId)) !== undefined);
  return found!;
}

const alertsPath = (filter: object) => `/api/admin/alerts?filter=${encodeURIComponent(JSON.stringify(filter))}`;

test('an alarm from the agent is one open alert, told once within 10 s and pushed; the same event adds nothing; a clear resolves it', async () => {
  const agent = await realAgent(base);
  try {
    await waitFor(() => agent.connected());
    const dashboard = await liveDashboard(base, owner.client);
    const north = await liveDashboard(base, northAdmin.client, 'north');
    const started = Date.now();
    const raised = await agent.outbox.append('alarm.raised', { params: { alarm: 'door.forced' } });

    await waitFor(async () => (await alertMessages(bot, owner.chat)).length > 0, 10_000, 'the message');
    expect(Date.now() - started).toBeLessThan(10_000);
    const alert = await alertOf(raised.id);
    const [message] = await alertMessages(bot, owner.chat);
    expect(message!.text).toBe(
      [
        `⚠️ Корт на Ленина: Дверь открыта без команды — ${moscowMoment(raised.at, Date.now())}`,
        'Датчик: дверь открылась без команды, кода или кнопки выхода',
        `Тревоги: ${api.config.publicUrl}/admin/alerts`,
      ].join('\n'),
    );
    const open = await owner.client.get(alertsPath({ state: ['open', 'acknowledged'] }));
    expect(open.status).toBe(200);
    expect(open.headers['content-range']).toBe('alerts 0-0/1');
    expect(open.body).toEqual([
      {
        id: alert.id,
        site_id: 'default',
        kind: 'door.forced',
        title: 'Дверь открыта без команды',
        detail: 'Датчик: дверь открылась без команды, кода или кнопки выхода',
        state: 'open',
        raised_at: new Date(raised.at).toISOString(),
        acknowledged_at: null,
        acknowledged_by: null,
        resolved_at: null,
        offline: false,
      },
    ]);
    await waitFor(() => dashboard.alerts.some((pushed) => pushed.id === alert.id && pushed.state === 'open'));

    // The same event uploaded again (its ack lost): nothing new.
    const again = await api.app.get(OutboxService).apply('default', [agentEventSchema.parse(raised)]);
    expect(again).toMatchObject({ ok: true, applied: 0 });
    // A second raise of the kind while it is open is the same alert.
    const repeated = await agent.outbox.append('alarm.raised', { params: { alarm: 'door.forced' } });
    await waitFor(async () => (await api.db.query(`SELECT 1 FROM commands WHERE id = $1`, [repeated.id])).length > 0);
    await outboxDrained(api.db);
    await messageJobDone(api, alert.id);
    expect((await alertRows(api)).filter((row) => row.kind === 'door.forced')).toHaveLength(1);
    expect(await alertMessages(bot, owner.chat)).toHaveLength(1);
    // The north site's admin runs another site: no message, no push.
    expect(await alertMessages(bot, northAdmin.chat)).toEqual([]);

    await agent.outbox.append('alarm.cleared', { params: { alarm: 'door.forced' } });
    await waitFor(async () => (await alertRows(api)).find((row) => row.id === alert.id)?.resolved_at instanceof Date);
    await waitFor(() => dashboard.alerts.some((pushed) => pushed.id === alert.id && pushed.state === 'resolved'));
    const resolved = (await owner.client.get(`/api/admin/alerts/${alert.id}`)).body as AdminAlert;
    expect(resolved.state).toBe('resolved');
    expect(Date.parse(resolved.resolved_at!)).toBeGreaterThanOrEqual(raised.at);
    expect((await owner.client.get(alertsPath({ state: 'open' }))).body).toEqual([]);
    expect(north.alerts).toEqual([]);
    dashboard.close();
    north.close();
  } finally {
    await agent.stop();
  }
});

test('raised while the agent has no link to the API, it arrives once after the reconnect, marked so', async () => {
  const link = await cuttableLink(port);
  const agent = await realAgent(link.url, {
    OFFLINE_AFTER_MS: '300',
    RECONNECT_BASE_MS: '100',
    RECONNECT_CAP_MS: '30000',
  });
  try {
    await waitFor(() => agent.connected());
    await link.cut();
    await waitFor(() => agent.offline(), 10_000, 'the agent offline');
    const raised = await agent.outbox.append('alarm.raised', { params: { alarm: 'pi.temperature', value: 82.4 } });
    expect(raised.offline).toBe(true);
    expect((await alertRows(api)).some((row) => row.raised_event === raised.id)).toBe(false);

    await link.restore();
    const alert = await alertOf(raised.id);
    await messageJobDone(api, alert.id);
    const messages = await alertMessages(bot, owner.chat);
    const told = messages.filter((message) => message.text.includes('Перегрев Raspberry Pi'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Температура процессора 82 °C');
    expect(told[0]!.text).toContain('Случилось, пока не было связи с сервером');
    const record = (await owner.client.get(`/api/admin/alerts/${alert.id}`)).body as AdminAlert;
    expect(record).toMatchObject({ kind: 'pi.temperature', offline: true, state: 'open' });
    expect(record.raised_at).toBe(new Date(raised.at).toISOString());
    await waitFor(() => agent.outbox.pending.length === 0, 10_000, 'the outbox uploaded');
    await outboxDrained(api.db);
    expect((await alertRows(api)).filter((row) => row.raised_event === raised.id)).toHaveLength(1);
  } finally {
    await agent.stop();
    await link.close();
  }
});

/** An agent's alarm event as its outbox uploads it. */
const alarm = (kind: 'alarm.raised' | 'alarm.cleared', name: AgentAlarm, value?: number): AgentEvent => ({
  id: randomUUID(),
  seq: 1,
  kind,
  at: api.clock.now().getTime(),
  game: null,
  offline: false,
  params: { alarm: name, ...(value === undefined ? {} : { value }) },
});

test('an acknowledgement records who and when, once, in the admin log; another site’s admin cannot see or take it', async () => {
  const outbox = api.app.get(OutboxService);
  const event = alarm('alarm.raised', 'tamper');
  await outbox.apply('default', [agentEventSchema.parse(event)]);
  const { id } = await alertOf(event.id);
  const dashboard = await liveDashboard(base, owner.client);

  const before = Date.now();
  const taken = await owner.client.put(`/api/admin/alerts/${id}`, { acknowledged: true });
  expect(taken.status).toBe(200);
  expect(taken.body).toMatchObject({ id, state: 'acknowledged', acknowledged_by: 'Анна Админова', resolved_at: null });
  const at = Date.parse(taken.body.acknowledged_at as string);
  expect(at).toBeGreaterThanOrEqual(before - 5);
  expect(at).toBeLessThanOrEqual(Date.now());
  await waitFor(() =>
    dashboard.alerts.some((pushed) => pushed.id === id && pushed.acknowledged_by === 'Анна Админова'),
  );
  dashboard.close();

  // Again: nothing changes, nothing more is logged.
  const twice = await owner.client.put(`/api/admin/alerts/${id}`, { acknowledged: true });
  expect(twice.body.acknowledged_at).toBe(taken.body.acknowledged_at);
  const logged = await owner.client.get(
    `/api/admin/actions?filter=${encodeURIComponent(JSON.stringify({ target_type: 'alert', target_id: id }))}`,
  );
  expect(logged.body).toEqual([
    expect.objectContaining({
      admin_id: owner.id,
      admin_name: 'Анна Админова',
      action: 'alert.acknowledge',
      target_label: `Тревога №${id}`,
      detail: 'Вскрытие корпуса: Сработал датчик вскрытия корпуса',
    }),
  ]);
  const refused = await owner.client.put(`/api/admin/alerts/${id}`, { acknowledged: false });
  expect(refused.status).toBe(400);
  expect(refused.body.detail).toBe(fleetMessages.alertAcknowledgeOnly);
  expect((await owner.client.put(`/api/admin/alerts/${id}`, { acknowledged: true }, { csrf: false })).status).toBe(403);

  // The north site's admin: not theirs, whichever way they ask.
  const stranger = northAdmin.client;
  for (const answer of [
    await stranger.get(`/api/admin/alerts/${id}`),
    await stranger.put(`/api/admin/alerts/${id}`, { acknowledged: true }),
  ]) {
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'fleet.alert_not_found', detail: fleetMessages.alertNotFound });
  }
  expect((await stranger.get('/api/admin/alerts')).body).toEqual([]);
  expect((await stranger.get('/api/admin/alerts?site_id=default')).status).toBe(403);
  expect((await owner.client.get(`/api/admin/alerts/${id}`)).body.acknowledged_at).toBe(taken.body.acknowledged_at);

  // Its condition clears: resolved, and who took it on stays.
  await outbox.apply('default', [agentEventSchema.parse(alarm('alarm.cleared', 'tamper'))]);
  const cleared = (await owner.client.get(`/api/admin/alerts/${id}`)).body as AdminAlert;
  expect(cleared).toMatchObject({ state: 'resolved', acknowledged_by: 'Анна Админова' });
  const list = await owner.client.get(alertsPath({ state: 'resolved', kind: 'tamper' }));
  expect((list.body as AdminAlert[]).map((one) => one.id)).toEqual([id]);
});
