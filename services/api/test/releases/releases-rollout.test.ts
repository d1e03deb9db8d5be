import request from 'supertest';
import {
  type AdminAgentRelease,
  type AdminAgentSite,
  CSRF_COOKIE,
  CSRF_HEADER,
  FleetError,
  fleetMessages,
  ROLLOUT_STAGES,
  SiteError,
  UPDATE_REASONS,
} from '@kort/contracts';
import { bucketOf } from '../../src/releases/rollout-rules';
import { RolloutTicker } from '../../src/releases/rollout-ticker';
import type { Client } from '../support/client';
import { signedInPlayers } from '../support/players';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait';
import { type Bundle, cleanUp, releaseKey, smallBundle } from './release-kit';
import { type Behaviour, type SimulatedAgent, simulatedFleet } from './simulated-agents';

// A staged rollout over a hundred sites, each with its own agent (a light socket.io client with the
// site's token, support in simulated-agents.ts) and ROLLOUT_STAGE_MIN=0: a stage moves on as soon as
// every agent it reached and is online reported the new version proven. What the owner sees is read
// as the dashboard reads it, GET /api/admin/agent-releases/{version}. The ticker's own timer (every
// 2 s) moves the stages; the tests wait for what the owner or an agent would notice.

const FLEET = 100;
const [V1, V2] = ['1.1.0', '1.2.0'];
let api: TestApp;
let owner: Client;
let agents: SimulatedAgent[];
/** Every site of the install: the fleet's, and the seed's own (no agent: offline). */
let allSites: string[];
const bundles: Record<string, Bundle> = {};

beforeAll(async () => {
  const key = releaseKey();
  api = await startTestApp({ AGENT_UPDATE_PUBLIC_KEY: key.publicKey, ROLLOUT_STAGE_MIN: '0' });
  const base = `http://127.0.0.1:${(api.server.address() as { port: number }).port}`;
  const [first] = await signedInPlayers(api, 1, { role: 'owner' });
  owner = first!.client;
  await owner.get('/api/give_rules/');
  for (const version of [V1, V2]) {
    bundles[version] = await smallBundle(key, version);
    const uploaded = await request(api.server)
      .post('/api/admin/agent-releases')
      .set('Cookie', [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
      .set(CSRF_HEADER, owner.cookies.get(CSRF_COOKIE) ?? '')
      .set('Content-Type', 'application/gzip')
      .send(bundles[version].bytes);
    expect(uploaded.status).toBe(201);
  }
  agents = await simulatedFleet(api.db, base, { count: FLEET, prefix: 'club', version: '1.0.0' });
  allSites = (await api.db.query<{ id: string }[]>(`SELECT id FROM sites`)).map((row) => row.id);
  await waitFor(async () => (await onlineSites()) === FLEET, 15_000, 'every agent online');
}, 60_000);
afterAll(async () => {
  await Promise.all((agents ?? []).map((agent) => agent.settled()));
  for (const agent of agents ?? []) agent.close();
  await api?.close();
  cleanUp();
});

const onlineSites = async () =>
  Number((await api.db.query<{ n: string }[]>(`SELECT count(*) AS n FROM sites WHERE online`))[0]!.n);
const shown = async (version: string) =>
  (await owner.get(`/api/admin/agent-releases/${version}`)).body as AdminAgentRelease;
const rollout = (version: string, body: object) => owner.put(`/api/admin/agent-releases/${version}/rollout`, body);
const siteOf = (release: AdminAgentRelease, site: string) => release.sites!.find((s) => s.site_id === site)!;
/** Sites whose place in `version`'s rollout (bucketOf) falls in [from, to) percent. */
const stage = (version: string, from: number, to: number) =>
  agents.filter((agent) => bucketOf(version, agent.site) >= from && bucketOf(version, agent.site) < to);
const reachedAt = (version: string, percent: number) =>
  allSites.filter((site) => bucketOf(version, site) < percent).length;
const heard = (agent: SimulatedAgent, version: string) => agent.told.filter((target) => target.version === version);
const behave = (list: SimulatedAgent[], behaviour: Behaviour) => list.forEach((agent) => (agent.behaviour = behaviour));

test(`${FLEET} agents: 5 % hear of the release first, then 25, 50 and 100 %, each once the stage before proved it`, async () => {
  const started = await rollout(V1, {});
  expect(started.status).toBe(200);
  expect(started.body.rollout).toMatchObject({
    state: 'running',
    percent: 5,
    stages: [...ROLLOUT_STAGES],
    previous_version: null,
    halted_reason: null,
  });
  expect(started.body.rollout.progress).toMatchObject({ target: reachedAt(V1, 5) });

  // The first stage, and nobody else, is told the release: its sha256 and size as uploaded.
  const first = stage(V1, 0, 5);
  expect(first.length).toBeGreaterThan(0);
  await waitFor(() => first.every((agent) => agent.installedAt !== null), 10_000, 'the first stage installed');
  for (const agent of first)
    expect(heard(agent, V1)[0]).toEqual({
      version: V1,
      sha256: bundles[V1]!.sha256,
      size: bundles[V1]!.bytes.length,
      apiVersion: '0.1.0',
      force: false,
      at: expect.any(Number),
    });

  await waitFor(async () => (await shown(V1)).rollout?.state === 'complete', 20_000, 'the rollout complete');
  const bounds = [0, ...ROLLOUT_STAGES];
  const stages = ROLLOUT_STAGES.map((to, i) => stage(V1, bounds[i]!, to));
  for (let i = 1; i < stages.length; i++) {
    const before = stages[i - 1]!;
    const told = stages[i]!.map((agent) => heard(agent, V1)[0]!.at);
    // No agent of a stage heard of it before every agent of the stage before had proven it.
    if (before.length && told.length)
      expect(Math.min(...told)).toBeGreaterThanOrEqual(Math.max(...before.map((agent) => agent.installedAt!)));
  }
  expect(agents.every((agent) => agent.version === V1 && heard(agent, V1).length === 1)).toBe(true);

  const done = await shown(V1);
  const offline = allSites.length - FLEET; // the seed's site: no agent, never updated
  expect(done.rollout).toMatchObject({ state: 'complete', percent: 100 });
  expect(done.rollout!.progress).toEqual({
    target: allSites.length,
    current: FLEET,
    pending: offline,
    installing: 0,
    refused: 0,
    rolled_back: 0,
  });
  for (const agent of agents)
    expect(siteOf(done, agent.site)).toMatchObject<Partial<AdminAgentSite>>({
      version: V1,
      target: V1,
      state: 'current',
      reason: null,
      online: true,
    });
}, 40_000);

test('when more than 10 % of a stage roll back, the rollout halts by itself and goes no further', async () => {
  behave(agents, 'fail');
  const started = await rollout(V2, {});
  expect(started.body.rollout).toMatchObject({ state: 'running', percent: 5, previous_version: V1 });
  const first = stage(V2, 0, 5);
  expect(first.length).toBeGreaterThan(0);

  await waitFor(async () => (await shown(V2)).rollout?.state === 'halted', 15_000, 'the rollout halted');
  const halted = await shown(V2);
  const reached = reachedAt(V2, 5);
  expect(halted.rollout!.halted_reason).toBe(
    `Откатились ${first.length} из ${reached} агентов этапа 5\u00a0% (${Math.round((first.length / reached) * 100)}\u00a0%)`,
  );
  expect(halted.rollout!.progress).toMatchObject({ rolled_back: first.length, current: 0 });
  for (const agent of first)
    expect(siteOf(halted, agent.site)).toMatchObject({
      version: V1,
      target: V1,
      state: 'rolled-back',
      reason: `${UPDATE_REASONS.health} (реле не отвечают)`,
    });

  // Two more looks of the ticker: the halt holds, and only the first stage ever heard of 1.2.0.
  const ticker = api.app.get(RolloutTicker);
  await ticker.tick();
  await ticker.tick();
  expect((await shown(V2)).rollout!.state).toBe('halted');
  expect(agents.filter((agent) => heard(agent, V2).length > 0).map((a) => a.site)).toEqual(first.map((a) => a.site));
  // The ones that tried are told to stay on 1.1.0; everyone runs it.
  for (const agent of first) expect(agent.told.at(-1)!.version).toBe(V1);
  expect(agents.every((agent) => agent.version === V1)).toBe(true);
});

test('a resume, a hand halt, and a rollback for everyone: every agent is told the release before', async () => {
  // While 1.2.0's rollout is halted, no other starts, and 1.1.0 (the first) has nothing to return to.
  expect((await rollout(V1, {})).body.code).toBe(FleetError.RolloutBusy);
  const nowhere = await rollout(V1, { rollback: true });
  expect(nowhere.status).toBe(409);
  expect(nowhere.body.detail).toBe(fleetMessages.noPreviousRelease);
  const unknownSite = await rollout(V2, { site_ids: ['no-such-site'] });
  expect(unknownSite.status).toBe(404);
  expect(unknownSite.body.code).toBe(SiteError.NotFound);

  // Resumed: the rollbacks it halted for are behind it (they do not halt it again, and those agents
  // are not offered 1.2.0 again); the next stage hears of it, and holds (a game at its court).
  behave(agents, 'hold');
  const first = stage(V2, 0, 5);
  const second = stage(V2, 5, 25);
  expect(second.length).toBeGreaterThan(0);
  const resumed = await rollout(V2, { resume: true });
  expect(resumed.body.rollout).toMatchObject({ state: 'running', halted_reason: null });
  await waitFor(() => second.every((agent) => heard(agent, V2).length === 1), 10_000, 'the second stage told');
  const climbing = await shown(V2);
  expect(climbing.rollout).toMatchObject({ state: 'running', percent: 25 });
  expect(climbing.rollout!.progress).toMatchObject({ target: reachedAt(V2, 25), rolled_back: first.length });
  for (const agent of second) expect(siteOf(climbing, agent.site)).toMatchObject({ target: V2, state: 'pending' });
  for (const agent of first) expect(heard(agent, V2)).toHaveLength(1);

  // Halted by hand: the agents that had not installed it are told to stay on 1.1.0.
  const halted = await rollout(V2, { halt: true });
  expect(halted.body.rollout).toMatchObject({ state: 'halted', percent: 25, halted_reason: 'Остановлен владельцем' });
  await waitFor(
    () => second.every((agent) => agent.told.at(-1)!.version === V1),
    5000,
    'the second stage told to stay',
  );

  // Resumed again, and this time the second stage proves it: the third hears of it (and holds).
  behave(second, 'install');
  expect((await rollout(V2, { resume: true })).body.rollout.state).toBe('running');
  await waitFor(() => second.every((agent) => agent.version === V2), 10_000, 'the second stage on 1.2.0');
  const third = stage(V2, 25, 50);
  await waitFor(() => third.every((agent) => heard(agent, V2).length > 0), 15_000, 'the third stage told');
  expect((await shown(V2)).rollout).toMatchObject({ state: 'running', percent: 50 });

  // Rolled back for everyone: each agent's last word from the API is 1.1.0, and they all run it.
  behave(agents, 'install');
  const back = await rollout(V2, { rollback: true });
  expect(back.body.rollout).toMatchObject({
    state: 'rolled-back',
    halted_reason: 'Откат на предыдущую версию для всех',
  });
  await waitFor(
    () => agents.every((agent) => agent.told.at(-1)?.version === V1 && agent.version === V1),
    10_000,
    'every agent back on 1.1.0',
  );
  // Their reports are in (each after its snapshot): what the owner sees below is what they run.
  await Promise.all(agents.map((agent) => agent.settled()));
  // The agents that ran 1.2.0 were told to return after it, and did.
  for (const agent of second) expect(heard(agent, V1).at(-1)!.at).toBeGreaterThan(heard(agent, V2).at(-1)!.at);
  const after = await shown(V2);
  for (const agent of [...second, ...third])
    expect(siteOf(after, agent.site)).toMatchObject({ version: V1, target: V1, state: 'current', online: true });
  // The first stage's rollbacks stay on the record of 1.2.0.
  for (const agent of first) expect(siteOf(after, agent.site)).toMatchObject({ target: V1, state: 'rolled-back' });
});
