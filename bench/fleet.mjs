// The fleet: FLEET_AGENTS simulated agents (1,000 by default), one site each, connected through nginx
// to two API replicas, beside the same run with one site (the default one). Sites and their tokens
// are inserted with SQL (the API keeps a token's sha256); the agents run in a process of their own
// (bench/fleet-agents.mjs), with the real agent's connection code. Measured, in each run:
// - the dashboards' frame latency: an agent reports its light switching → the `device.state` frame
//   at a /live socket of that site (FLEET_DASHBOARDS sites, FLEET_FLIPS switches), target p99 ≤ 100 ms;
// - memory per connected agent: both replicas' RSS before and after the agents connected, over N;
// - the reconnect storm: both replicas killed (SIGKILL) and started again while players read the
//   booking rules and the dial and an owner switches lights at several sites: the time until every
//   agent is back (target ≤ 90 s), the players' p99 from the proxy serving them again until then
//   (target ≤ 200 ms, none failed), and every command either acknowledged and run once or failed to
//   its caller: none run twice, none acknowledged and not run, none run by another site's agent.
// - the same restart with no players: only the agents' websockets try the proxy (target: all back
//   within 90 s too);
// - before the storm, a staged rollout of a new agent version to every agent (bench/fleet-rollout.mjs):
//   the time to 100 % and the players' p99 while it runs.
// The targets and the table are bench/fleet-report.mjs's.
// A missed target is printed with FAIL (and `npm run bench` exits 2); the part takes a few minutes.
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';
import { startCluster } from './fleet-cluster.mjs';
import { auditCommands, commandLanes, playerLoad, window } from './fleet-load.mjs';
import { FLEET_TARGETS, printFleet, rowsOf } from './fleet-report.mjs';
import { prepareRelease, rolloutRun } from './fleet-rollout.mjs';
import { benchDatabase, players, quantiles, root } from './lib.mjs';

const require = createRequire(import.meta.url);
const { LIVE_EVENTS } = require('@kort/contracts');

export { FLEET_TARGETS, printFleet };
const ZONES = ['Europe/Moscow', 'Asia/Vladivostok', 'Europe/Kaliningrad', 'Asia/Yekaterinburg'];
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hashToken = (token) => createHash('sha256').update(token).digest('hex');

export function fleetSettings(env = process.env) {
  return {
    agents: Number(env.FLEET_AGENTS ?? 1000),
    dashboards: Number(env.FLEET_DASHBOARDS ?? 20),
    flips: Number(env.FLEET_FLIPS ?? 200),
    command_sites: Number(env.FLEET_COMMAND_SITES ?? 8),
    player_lanes: Number(env.FLEET_PLAYER_LANES ?? 8),
    back_timeout_s: Number(env.FLEET_BACK_TIMEOUT_S ?? 120),
    rollout_timeout_s: Number(env.FLEET_ROLLOUT_TIMEOUT_S ?? 900),
  };
}

/** The agents' process; `count` follows their connects and disconnects. */
export function startFleet(base, agents) {
  const child = fork(join(root, 'bench/fleet-agents.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const fleet = { count: 0, countAt: 0, counts: [], ran: [], listeners: new Set() };
  child.on('message', (message) => {
    if (message.type === 'connected') {
      Object.assign(fleet, { count: message.count, countAt: message.at });
      fleet.counts.push({ at: message.at, count: message.count });
    } else if (message.type === 'ran') fleet.ran.push(message);
    for (const listener of fleet.listeners) listener(message);
  });
  const next = (match, timeoutMs) =>
    new Promise((resolve) => {
      const done = (value) => {
        clearTimeout(timer);
        fleet.listeners.delete(listener);
        resolve(value);
      };
      const listener = (message) => (match(message) ? done(message) : undefined);
      const timer = setTimeout(() => done(null), timeoutMs);
      fleet.listeners.add(listener);
    });
  // The agents' own backoff unless FLEET_RECONNECT_BASE_MS / FLEET_RECONNECT_CAP_MS try another.
  const { FLEET_RECONNECT_BASE_MS: baseMs, FLEET_RECONNECT_CAP_MS: capMs } = process.env;
  const backoff = baseMs || capMs ? { baseMs: Number(baseMs ?? 1000), capMs: Number(capMs ?? 30_000) } : undefined;
  child.send({ type: 'start', base, agents, backoff });
  return Object.assign(fleet, {
    /** When all `n` were connected after `since` (a report's time), or null after the timeout. */
    async all(n, since, timeoutMs) {
      if (fleet.count >= n && fleet.countAt > since) return fleet.countAt;
      return (await next((m) => m.type === 'connected' && m.count >= n && m.at > since, timeoutMs))?.at ?? null;
    },
    flip(seq, site, on) {
      const flipped = next((m) => m.type === 'flipped' && m.seq === seq, 5000);
      child.send({ type: 'flip', seq, site, on });
      return flipped;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  });
}

/** A dashboard's /live socket for `site`, with the owner's session, as the dashboard opens it. */
function dashboard(base, cookie, site) {
  return new Promise((resolve, reject) => {
    const socket = io(`${base}/live`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
      auth: { site_id: site },
      timeout: 20_000,
    });
    const board = { site, socket, waiting: null, foreign: 0 };
    socket.on(LIVE_EVENTS.deviceState, (state) => {
      const at = now();
      if (state.site !== site) board.foreign += 1;
      else if (board.waiting && state.relays?.light === board.waiting.on) {
        const { resolve: arrived } = board.waiting;
        board.waiting = null;
        arrived(at);
      }
    });
    socket.once('connect', () => resolve(board));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Light switches at the agents of the dashboards' sites, each timed to its site's frame. */
async function frameLatency(fleet, boards, flips) {
  const light = new Map();
  const samples = [];
  let missing = 0;
  // One round first, not counted: every socket and path has run once.
  for (let seq = 0; seq < flips + boards.length; seq++) {
    const board = boards[seq % boards.length];
    const on = !(light.get(board.site) ?? false);
    light.set(board.site, on);
    const arrived = new Promise((resolve) => (board.waiting = { on, resolve }));
    const flipped = await fleet.flip(seq, board.site, on);
    const at = await Promise.race([arrived, sleep(5000).then(() => null)]);
    board.waiting = null;
    if (seq < boards.length) continue;
    if (at === null || !flipped) missing += 1;
    else samples.push(at - flipped.at);
    await sleep(20);
  }
  return { ...quantiles(samples), missing };
}

/** Sites `count` apart across the fleet, the default site first. */
const spread = (sites, count) =>
  Array.from({ length: Math.min(count, sites.length) }, (_, i) => sites[Math.floor((i * sites.length) / count)]);

/** One run: `count` agents (the default site's and count − 1 more), every measure; `release` rolled out. */
export async function fleetRun(count, settings, release) {
  const database = await benchDatabase();
  const prefix = `kort-bench-fleet:${Date.now().toString(36)}:`;
  const secret = randomBytes(16).toString('hex');
  const defaultToken = randomBytes(24).toString('base64url');
  const agents = [{ site: 'default', token: defaultToken }];
  for (let i = 1; i < count; i++) agents.push({ site: `fleet-${String(i).padStart(4, '0')}`, token: `${secret}-${i}` });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(
    `INSERT INTO sites (id, name, slug, timezone, token_hash)
     SELECT s.id, 'Площадка ' || s.n, s.id, ($3::text[])[1 + s.n % cardinality($3::text[])], s.hash
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS s(id, hash, n)`,
    [agents.slice(1).map((a) => a.site), agents.slice(1).map((a) => hashToken(a.token)), ZONES],
  );
  const cluster = await startCluster(
    {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      EDGE_AGENT_TOKEN: defaultToken,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      // Signed bundles taken, and no dwell between stages: the rollout's own cost, not a wait.
      AGENT_UPDATE_PUBLIC_KEY: release.publicKey,
      ROLLOUT_STAGE_MIN: '0',
      // FLEET_PROFILE=<dir>: the replicas run under --cpu-prof (the restarted ones write theirs on stop).
    },
    {
      nodeFlags: process.env.FLEET_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${join(process.env.FLEET_PROFILE, `sites-${count}`)}`]
        : [],
    },
  );
  const { base } = cluster;
  let fleet = null;
  const boards = [];
  try {
    const [owner] = await players(base, database.url, 1, { role: 'owner', address: () => '198.18.0.1' });
    const crowd = await players(base, database.url, settings.player_lanes, {
      address: (i) => `198.18.1.${i + 1}`,
      parallel: 4,
    });
    await sleep(2000); // the replicas' start-up work (caches, the first reconcile) settles
    const rssBefore = cluster.rssKib();

    const connectStart = now();
    fleet = startFleet(base, agents);
    const connectedAt = await fleet.all(count, 0, settings.back_timeout_s * 1000);
    if (connectedAt === null) throw new Error(`only ${fleet.count} of ${count} agents connected`);
    await sleep(5000); // a heartbeat round of every agent
    const rssAfter = cluster.rssKib();

    for (const site of spread(
      agents.map((a) => a.site),
      settings.dashboards,
    ))
      boards.push(await dashboard(base, owner.cookie, site));
    const frames = await frameLatency(fleet, boards, settings.flips);
    const foreignFrames = boards.reduce((sum, board) => sum + board.foreign, 0);
    for (const board of boards) board.socket.close();

    const rollout = await rolloutRun({
      base,
      owner,
      crowd,
      fleet,
      release,
      count,
      timeoutS: settings.rollout_timeout_s,
    });

    const load = playerLoad(base, crowd);
    await sleep(5000);
    const commandsAt = now();
    const commands = commandLanes(base, owner, spread(agents.map((a) => a.site).reverse(), settings.command_sites));
    await sleep(2000);
    const { killedAt, readyAt } = await cluster.restart();
    const backAt = await fleet.all(count, killedAt, settings.back_timeout_s * 1000);
    await sleep(3000);
    await commands.stop();
    const loadEnd = now();
    await load.stop();

    // The players' storm begins when the proxy serves them again: when the first request started
    // after the kill has its answer. Not when that request started: the first answered took 88-213 ms
    // from its start on 2026-11-30, and a request started in between could still find neither
    // replica listening (nginx: both refused; three such 502s once failed the storm's row). A
    // request started after an answer cannot: it belongs to the storm, the ones before to the outage.
    const served = load.samples.filter((sample) => sample.at > killedAt && sample.status === 200);
    const proxyBackAt = served.length ? Math.min(...served.map((sample) => sample.at + sample.ms)) : loadEnd;
    const steady = window(load.samples, 0, commandsAt);
    const down = window(load.samples, killedAt, proxyBackAt);
    const storm = window(load.samples, proxyBackAt, backAt ?? loadEnd);
    const timeline = stormTimeline(load.samples, fleet.counts, proxyBackAt, backAt ?? loadEnd);
    const agentsBack = fleet.count;
    // A player's request that failed in the storm: what nginx logged in its second, to say why.
    const failedSeconds = new Set(
      load.samples
        .filter((sample) => sample.at >= proxyBackAt && sample.at < (backAt ?? loadEnd) && sample.status !== 200)
        .map((sample) => nginxSecond(sample.at)),
    );
    const proxyErrors = cluster
      .proxyErrors()
      .split('\n')
      .filter((line) => failedSeconds.has(line.slice(0, 19)))
      .slice(0, 20);
    const audit = await auditCommands(client, commands.calls, fleet.ran);

    // The same restart at night: nobody but the agents. Only their websockets try the proxy, and a
    // websocket counts as a success for nginx only once it ends.
    const quiet = await cluster.restart();
    const quietBackAt = await fleet.all(count, quiet.killedAt, FLEET_TARGETS.backWithinS * 1000);
    return {
      sites: count,
      connect_s: round((connectedAt - connectStart) / 1000),
      rss_before_mib: round(rssBefore / 1024),
      rss_after_mib: round(rssAfter / 1024),
      memory_per_agent_kib: round((rssAfter - rssBefore) / count),
      frames: { ...frames, dashboards: boards.length, foreign_frames: foreignFrames },
      rollout,
      storm: {
        replicas_back_s: round((readyAt - killedAt) / 1000),
        proxy_back_s: round((proxyBackAt - killedAt) / 1000),
        all_back_s: backAt === null ? null : round((backAt - killedAt) / 1000),
        agents_back: agentsBack,
        players_steady: steady,
        players_while_down: { requests: down.requests, failures: down.failures },
        players_during: storm,
        ...(proxyErrors.length && { proxy_errors_then: proxyErrors }),
        timeline,
        commands: audit,
      },
      quiet_storm: {
        replicas_back_s: round((quiet.readyAt - quiet.killedAt) / 1000),
        all_back_s: quietBackAt === null ? null : round((quietBackAt - quiet.killedAt) / 1000),
        agents_back: fleet.count,
      },
    };
  } catch (error) {
    console.error(cluster.output());
    throw error;
  } finally {
    for (const board of boards) board.socket.close();
    await fleet?.stop();
    await cluster.stop();
    await client.end();
    await database.drop();
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 500 }))
      if (keys.length) await redis.unlink(...keys);
    await redis.quit();
  }
}

const round = (value) => Math.round(value * 10) / 10;
/** An instant as nginx stamps its error log lines, 'YYYY/MM/DD HH:MM:SS' in the machine's zone. */
const nginxSecond = (at) => {
  const d = new Date(at);
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}/${two(d.getMonth() + 1)}/${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
};
const TIMELINE_STEP_MS = 2000;

/**
 * The storm in steps of TIMELINE_STEP_MS from the moment players are served again: the players'
 * answers started in each step (p50, p99) and the agents connected at its end. It shows whether the
 * slow answers come with the replicas' first seconds or with the agents' connects.
 */
function stormTimeline(samples, counts, from, to) {
  const steps = [];
  for (let start = from; start < to; start += TIMELINE_STEP_MS) {
    const end = Math.min(start + TIMELINE_STEP_MS, to);
    const { n, p50_ms, p99_ms } = window(samples, start, end);
    const agents = counts.filter((c) => c.at < end).at(-1)?.count ?? 0;
    steps.push({ from_s: round((start - from) / 1000), n, p50_ms, p99_ms, agents });
  }
  return steps;
}

export async function fleetPart(settings = fleetSettings()) {
  const release = prepareRelease();
  try {
    const one = await fleetRun(1, settings, release);
    const many = await fleetRun(settings.agents, settings, release);
    return { settings, targets: FLEET_TARGETS, one_site: one, fleet: many, rows: rowsOf(one, many) };
  } finally {
    release.cleanUp();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await fleetPart();
  printFleet(figures);
  if (figures.rows.some((row) => row.verdict?.startsWith('FAIL'))) process.exitCode = 1;
}
