import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { AdminAlert } from '@kort/contracts';
import { AgentOfflineCheck, OFFLINE_CHECK_EVERY_MS } from '../../src/alerts/agent-offline-check';
import { QUEUES } from '../../src/queues/queues';
import { obedient, scriptedAgent } from '../support/agents';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';
import {
  alertMessages,
  alertRows,
  linkTelegram,
  liveDashboard,
  messageJobDone,
  moscowMoment,
  startOwnBotApi,
  type OwnBotApi,
} from './alerts-world';

// The API's own alert about an agent (docs/decisions/0103-alerts.md): away longer than
// AGENT_OFFLINE_ALERT_MIN (12 here) it is `agent.offline`, raised once however many checks run at
// once, told in Telegram; the agent back, it resolves at the connect. Minutes pass on the test clock.

const LIMIT_MIN = 12;
let api: TestApp;
let bot: OwnBotApi;
let base: string;
let owner: { client: Client; chat: number };

beforeAll(async () => {
  bot = await startOwnBotApi();
  api = await startTestApp({ ...bot.env, AGENT_OFFLINE_ALERT_MIN: String(LIMIT_MIN) }, new TestClock(), {
    ownDatabase: true,
  });
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  // A site whose agent never connected is not "away": it gets no alert.
  await api.db.query(
    `INSERT INTO sites (id, name, slug, timezone) VALUES ('north', 'Север', 'north', 'Europe/Moscow')`,
  );
  const [person] = await signedInPlayers(api, 1, { role: 'owner' });
  owner = { client: person!.client, chat: await linkTelegram(bot, person!.client) };
}, 60_000);
afterAll(async () => {
  await api?.close();
  await bot?.close();
});

const offlineAlerts = async () => (await alertRows(api)).filter((row) => row.kind === 'agent.offline');

test('the check is scheduled for every replica under one id, as often as OFFLINE_CHECK_EVERY_MS', async () => {
  const queue = api.app.get<Queue>(getQueueToken(QUEUES.alerts));
  await waitFor(async () => (await queue.getJobSchedulers()).some((one) => one.key === 'agent-offline-check'));
  const [scheduler] = await queue.getJobSchedulers();
  expect(scheduler).toMatchObject({ key: 'agent-offline-check', every: OFFLINE_CHECK_EVERY_MS });
});

test('an agent away longer than the limit is one alert however many checks run; back online it resolves', async () => {
  const check = api.app.get(AgentOfflineCheck);
  const agent = await scriptedAgent(base, obedient);
  await waitFor(async () => (await owner.client.get('/api/get_device_status/')).body.online === true);
  agent.close();
  await waitFor(async () => (await owner.client.get('/api/get_device_status/')).body.online === false);
  const dashboard = await liveDashboard(base, owner.client);

  // Just under the limit: nothing yet.
  api.clock.advance((LIMIT_MIN - 1) * 60_000);
  await check.run();
  expect(await offlineAlerts()).toEqual([]);

  // Past it, three replicas' checks at once: one alert.
  api.clock.advance(2 * 60_000);
  await Promise.all([check.run(), check.run(), check.run()]);
  const [raised, ...more] = await offlineAlerts();
  expect(more).toEqual([]);
  expect(raised!.resolved_at).toBeNull();
  await check.run();
  expect(await offlineAlerts()).toHaveLength(1);
  expect((await alertRows(api, 'north')).length).toBe(0);

  const record = (await owner.client.get(`/api/admin/alerts/${raised!.id}`)).body as AdminAlert;
  expect(record).toMatchObject({ kind: 'agent.offline', title: 'Агент не на связи', state: 'open', offline: false });
  const [site] = await api.db.query<{ last_seen_at: Date }[]>(`SELECT last_seen_at FROM sites WHERE id = 'default'`);
  const lastSignal = moscowMoment(site!.last_seen_at, new Date(record.raised_at));
  expect(record.detail).toBe(`Нет связи с агентом дольше ${LIMIT_MIN} мин, последний сигнал в ${lastSignal}`);
  await waitFor(() => dashboard.alerts.some((pushed) => pushed.id === raised!.id && pushed.state === 'open'));
  await messageJobDone(api, raised!.id);
  const [message, ...again] = await alertMessages(bot, owner.chat);
  expect(again).toEqual([]);
  expect(message!.text.split('\n').slice(0, 2)).toEqual([
    `⚠️ Основная площадка: Агент не на связи — ${moscowMoment(new Date(record.raised_at), api.clock.now())}`,
    record.detail,
  ]);

  // Back online: resolved at the connect, before any check runs.
  const back = await scriptedAgent(base, obedient);
  try {
    await waitFor(async () => (await offlineAlerts())[0]?.resolved_at instanceof Date, 10_000, 'resolved on connect');
    await waitFor(() => dashboard.alerts.some((pushed) => pushed.id === raised!.id && pushed.state === 'resolved'));
    // Still online at the next check: nothing new.
    api.clock.advance(LIMIT_MIN * 2 * 60_000);
    await check.run();
    expect(await offlineAlerts()).toHaveLength(1);
  } finally {
    back.close();
    dashboard.close();
  }
});
