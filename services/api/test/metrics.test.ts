import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import request from 'supertest';
import { io } from 'socket.io-client';
import { QUEUES } from '../src/queues/queues';
import { waitFor } from './support/wait';
import { signedInPlayers } from './support/players';
import { realAgent } from './support/real-agent';
import { startTestApp, type TestApp } from './support/test-app';

// Its own database: the commands drive the court's one site row.
let api: TestApp;
let base: string;
let admin: Awaited<ReturnType<typeof signedInPlayers>>[number];

beforeAll(async () => {
  // A stand-in player app, so that the SPA fallback is there to get wrong.
  const web = mkdtempSync(join(tmpdir(), 'kort-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Корт</title><div id="root"></div>');
  process.env.PLAYER_WEB_DIR = web;
  api = await startTestApp({ COMMAND_DEADLINE_MS: '1500' }, undefined, { ownDatabase: true });
  delete process.env.PLAYER_WEB_DIR;
  base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  [admin] = (await signedInPlayers(api, 1, { role: 'owner' })) as [typeof admin];
});
afterAll(() => api.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** What Prometheus would read: every sample line of the exposition text. */
async function scrape(): Promise<Sample[]> {
  const response = await request(api.server).get('/metrics');
  expect(response.status).toBe(200);
  return response.text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      return {
        name: name!,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, text]) => [key, text])),
        value: Number(value),
      };
    });
}

const matching = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([key, text]) => s.labels[key] === text));
const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  matching(samples, name, labels)[0]?.value ?? 0;
const requests = (samples: Sample[], labels: Record<string, string>) =>
  valueOf(samples, 'http_request_duration_seconds_count', labels);

test('/metrics is Prometheus text for anyone: no session, no cookie, not the player app', async () => {
  const response = await request(api.server).get('/metrics');
  expect(response.status).toBe(200);
  expect(response.headers['content-type']).toBe(api.app.get(Registry).contentType);
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(response.text).not.toContain('<div id="root">');
  expect(response.text).toContain('# TYPE http_request_duration_seconds histogram');
  // Node's own metrics sit beside ours.
  expect(response.text).toContain('# TYPE process_cpu_user_seconds_total counter');
  expect(response.text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  // Its neighbour is still the app.
  expect((await request(api.server).get('/reserve')).text).toContain('<div id="root">');
});

test('requests are timed by route pattern: one series for every id and query string', async () => {
  const route = { method: 'GET', route: '/api/admin/users/:id', status: '200' };
  const before = requests(await scrape(), route);
  expect((await admin.client.get(`/api/admin/users/${admin.id}/`)).status).toBe(200);
  expect((await admin.client.get(`/api/admin/users/${admin.id}/?_=${Date.now()}`)).status).toBe(200);

  const samples = await scrape();
  expect(requests(samples, route) - before).toBe(2);
  expect(matching(samples, 'http_request_duration_seconds_count', { route: route.route })).toHaveLength(1);
  const routes = matching(samples, 'http_request_duration_seconds_count').map((s) => s.labels.route);
  expect(routes.filter((r) => r!.includes(`/users/${admin.id}`) || r!.includes('?'))).toEqual([]);
  // Every observation falls in a bucket between 5 ms and 10 s.
  const buckets = matching(samples, 'http_request_duration_seconds_bucket', route).map((s) => s.labels.le);
  expect(buckets).toEqual(['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf']);
});

test('refusals and unknown paths are counted with their status, unknown paths under one route', async () => {
  const anonymous = api.client();
  expect((await anonymous.get('/api/admin/users/77/')).status).toBe(401);
  expect((await anonymous.get('/api/no-such-call/123/')).status).toBe(404);
  expect((await anonymous.get('/api/no-such-call/456/')).status).toBe(404);

  const samples = await scrape();
  expect(requests(samples, { method: 'GET', route: '/api/admin/users/:id', status: '401' })).toBe(1);
  expect(requests(samples, { method: 'GET', route: 'unmatched', status: '404' })).toBe(2);
  expect(samples.some((s) => Object.values(s.labels).some((text) => text.includes('no-such-call')))).toBe(false);
});

test('the web apps and requests refused before routing are timed too, each under one route', async () => {
  const anonymous = api.client();
  const web = { method: 'GET', route: 'web', status: '200' };
  const badJson = { method: 'POST', route: 'unmatched', status: '400' };
  const before = await scrape();
  expect((await anonymous.get('/reserve')).status).toBe(200);
  expect((await anonymous.get('/profile/anything')).status).toBe(200);
  expect((await anonymous.postRaw('/api/login/', '{"email":')).status).toBe(400);

  const after = await scrape();
  expect(requests(after, web) - requests(before, web)).toBe(2);
  expect(requests(after, badJson) - requests(before, badJson)).toBe(1);
});

test('every queue reports its depth by state, and the outcomes of the jobs this process ran', async () => {
  const samples = await scrape();
  for (const queue of Object.values(QUEUES)) {
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(matching(samples, 'kort_queue_jobs', { queue, state })).toHaveLength(1);
    }
    for (const outcome of ['completed', 'failed']) {
      expect(matching(samples, 'kort_queue_jobs_finished_total', { queue, outcome })).toHaveLength(1);
    }
  }
});

test('commands count by outcome; agents and sockets are counted while connected', async () => {
  const commands = (samples: Sample[], outcome: string) =>
    valueOf(samples, 'kort_commands_total', { action: 'light.on', outcome });
  const jobs = (samples: Sample[], outcome: string) =>
    valueOf(samples, 'kort_queue_jobs_finished_total', { queue: QUEUES.commands, outcome });
  const edge = (samples: Sample[]) => [
    valueOf(samples, 'kort_agents_online'),
    valueOf(samples, 'kort_socket_connections', { namespace: '/edge' }),
  ];
  let samples = await scrape();
  expect(edge(samples)).toEqual([0, 0]);
  expect(jobs(samples, 'completed')).toBe(0); // there from the start, at zero

  // No agent: the offline failure, once.
  expect((await admin.client.act('/api/turn_on_light/')).status).toBe(503);
  samples = await scrape();
  expect(commands(samples, 'agent-offline')).toBe(1);
  expect(commands(samples, 'done')).toBe(0);
  // The delivery job itself completed: it found no agent and said so (outcomes are values, not exceptions).
  // BullMQ marks it completed a moment after the caller has its answer.
  await waitFor(async () => jobs(await scrape(), 'completed') === 1);

  // The real agent (simulated relays) connects and switches the light.
  const agent = await realAgent(base);
  try {
    await waitFor(() => agent.connected());
    expect(edge(await scrape())).toEqual([1, 1]);
    expect((await admin.client.act('/api/turn_on_light/')).status).toBe(200);
    samples = await scrape();
    expect(commands(samples, 'done')).toBe(1);
    expect(commands(samples, 'agent-offline')).toBe(1);
    await waitFor(async () => jobs(await scrape(), 'completed') === 2);
  } finally {
    await agent.stop();
  }
  await waitFor(async () => edge(await scrape()).join() === '0,0');
});

test('dashboard sockets are counted on /live', async () => {
  const live = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${admin.client.sessionId}` },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => (live.once('connect', resolve), live.once('connect_error', reject)));
  expect(valueOf(await scrape(), 'kort_socket_connections', { namespace: '/live' })).toBe(1);
  live.close();
  await waitFor(async () => valueOf(await scrape(), 'kort_socket_connections', { namespace: '/live' }) === 0);
});
