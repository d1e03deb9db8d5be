import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENTS, type DeviceState } from '@kort/contracts';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { InstallConflict } from '../../src/install/install-identity';
import { obedient, scriptedAgent } from '../support/agents';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { waitFor } from '../support/wait';

// Two installs of Kort on one Redis (staging beside production): each its own database, its own
// Redis database index, and REDIS_PREFIX left unset. Socket.io's pub/sub channels ignore the index,
// so before each install had a prefix of its own, one install's agent connecting closed the other's
// (one agent per site, said to every replica through Redis) and the dashboards saw each other's frames.

const redisAt = (index: number) => {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${index}`;
  return url.toString();
};

type Install = {
  api: TestApp;
  /** The club's owner, who switches the light. */
  admin: Awaited<ReturnType<typeof signedInPlayers>>[number];
  base: string;
  agent: Awaited<ReturnType<typeof scriptedAgent>>;
  agentDisconnects: number;
  frames: DeviceState[];
  dashboard: Socket;
};

const installs: Install[] = [];

async function startInstall(redisIndex: number): Promise<Install> {
  // REDIS_PREFIX '' is "not set": the install's own prefix.
  const api = await startTestApp({ REDIS_PREFIX: '', REDIS_URL: redisAt(redisIndex) }, new TestClock(), {
    ownDatabase: 'new-install',
  });
  const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const [admin] = await signedInPlayers(api, 1, { role: 'owner' });
  const install: Install = {
    api,
    admin: admin!,
    base,
    agent: await scriptedAgent(base, obedient),
    agentDisconnects: 0,
    frames: [],
    dashboard: io(`${base}/live`, {
      transports: ['websocket'],
      extraHeaders: { cookie: `sessionid=${admin!.client.sessionId}` },
      reconnection: false,
      forceNew: true,
    }),
  };
  install.agent.socket.on('disconnect', () => (install.agentDisconnects += 1));
  install.dashboard.on(LIVE_EVENTS.deviceState, (state: DeviceState) => install.frames.push(state));
  await new Promise<void>((resolve, reject) => {
    install.dashboard.once('connect', resolve);
    install.dashboard.once('connect_error', reject);
  });
  return install;
}

beforeAll(async () => {
  installs.push(await startInstall(7), await startInstall(8));
}, 60_000);

afterAll(async () => {
  for (const { api, agent, dashboard } of installs) {
    agent.close();
    dashboard.close();
    const prefix = api.config.redisPrefix;
    const redis = new Redis(api.config.redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await api.close();
  }
});

test('by default each install has a prefix of its own, marked with its install id', async () => {
  const [a, b] = installs as [Install, Install];
  const prefixes = installs.map(({ api }) => api.config.redisPrefix);
  expect(prefixes[0]).toMatch(/^kort:[0-9a-f]{8}:$/);
  expect(prefixes[1]).toMatch(/^kort:[0-9a-f]{8}:$/);
  expect(prefixes[0]).not.toBe(prefixes[1]);
  for (const { api } of [a, b]) {
    const [installation] = await api.db.query<{ id: string }[]>(`SELECT id FROM installation`);
    const redis = new Redis(api.config.redisUrl);
    expect(await redis.get(`${api.config.redisPrefix}install`)).toBe(installation!.id);
    redis.disconnect();
  }
});

test('neither agent flaps, neither dashboard sees the other install, neither worker takes the other one’s command', async () => {
  const [a, b] = installs as [Install, Install];
  const light = await a.admin.client.act('/api/turn_on_light/');
  expect(light.status).toBe(200);
  // As the real agent does once its relay moved.
  a.agent.socket.emit('relay.changed', { device: 'light', on: true, at: Date.now() });
  await waitFor(() => a.frames.some((frame) => frame.relays.light), 10_000, "A's dashboard sees its light on");
  // A window that proves an absence: B's agent and dashboard would have heard of it by now.
  await sleep(2000);
  expect(a.agent.commands.map((command) => command.action)).toEqual(['light.on']);
  expect(b.agent.commands).toEqual([]);
  expect(b.frames.some((frame) => frame.relays.light)).toBe(false);
  expect(await b.api.db.query(`SELECT id FROM commands`)).toEqual([]);
  expect(installs.map(({ agentDisconnects }) => agentDisconnects)).toEqual([0, 0]);
  expect(installs.map(({ agent }) => agent.socket.connected)).toEqual([true, true]);
});

test('a database of another install, or a running copy of this one, is refused on the prefix with a sentence', async () => {
  const [a] = installs as [Install];
  const { redisUrl, redisPrefix } = a.api.config;

  // Another install (a database migrated from empty) pointed at A's keys.
  const fresh = await startTestApp({}, new TestClock(), {
    ownDatabase: 'new-install',
  });
  try {
    const conflict = loadConfig({
      ...process.env,
      DATABASE_URL: fresh.config.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
    });
    await expect(createApp({ config: conflict })).rejects.toThrow(
      new RegExp(`the Redis keys under "${redisPrefix}" belong to another Kort install`),
    );
  } finally {
    await fresh.close();
  }

  // A copy of A's database (a staging clone: it carries A's installation row) while A runs on its keys.
  const [installation] = await a.api.db.query<{ id: string; redis_prefix: string }[]>(`SELECT * FROM installation`);
  const clone = await startTestApp({}, new TestClock(), {
    ownDatabase: 'new-install',
  });
  try {
    await clone.db.query(`UPDATE installation SET id = $1, redis_prefix = $2`, [
      installation!.id,
      installation!.redis_prefix,
    ]);
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: clone.config.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: '',
    });
    const refusal = createApp({ config });
    await expect(refusal).rejects.toBeInstanceOf(InstallConflict);
    await expect(refusal).rejects.toThrow(/another copy of this install's database .* is running/);
  } finally {
    await clone.close();
  }
});
