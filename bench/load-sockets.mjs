// The socket side under load, with every clock reading taken in this process (performance.now()):
// - dashboards: many /live sockets of one admin session and the real edge agent (simulated driver);
//   the light is switched through the admin call and each socket's `device.state` frame carrying
//   the new state is timed from the agent's relay report;
// - sites: one real agent per site on /edge, commands through the HTTP routes, and which agent
//   received each one; then each site's agent reports a relay and the dashboards must see it as
//   that site's state.
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { io } from 'socket.io-client';
import { apiMetric, quantiles, startEdgeAgent } from './lib.mjs';

const require = createRequire(import.meta.url);
const { LIVE_EVENTS } = require('@kort/contracts');
/** What the API stores of an agent's token (DevicesService): its sha256. */
const hashToken = (token) => createHash('sha256').update(token).digest('hex');

const DEFAULT_SITE = 'default';
const CONNECT_BATCH = 50; // sockets opened at once
const AGENT_BATCH = 10;
const WAIT_MS = 10_000; // for a frame or a state to arrive before it counts as missing

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** True once `condition` holds, false if it still does not after `timeoutMs`. */
async function waitUntil(condition, { timeoutMs = WAIT_MS, everyMs = 2 } = {}) {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
}

/**
 * One dashboard socket on /live with the admin's cookie, as the dashboard's own client opens it;
 * `site` names the site it watches (absent: the admin's default one).
 */
function connectDashboard(base, cookie, onState, site = undefined) {
  return new Promise((resolve, reject) => {
    const socket = io(`${base}/live`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie },
      timeout: 20_000,
      ...(site && { auth: { site_id: site } }),
    });
    const dashboard = { socket, got: new Map() }; // switch index → delay in ms
    socket.on(LIVE_EVENTS.deviceState, (state) => onState(dashboard, state, performance.now()));
    socket.once('connect', () => resolve(dashboard));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

async function connectDashboards(base, cookie, count, onState) {
  const dashboards = [];
  const failures = [];
  const start = performance.now();
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = Math.min(CONNECT_BATCH, count - i);
    const settled = await Promise.allSettled(
      Array.from({ length: batch }, () => connectDashboard(base, cookie, onState)),
    );
    for (const result of settled)
      if (result.status === 'fulfilled') dashboards.push(result.value);
      else if (failures.length < 10) failures.push(String(result.reason?.message ?? result.reason));
  }
  return { dashboards, failures, seconds: (performance.now() - start) / 1000 };
}

async function switchLight(base, admin, on) {
  const answer = await fetch(`${base}/api/${on ? 'turn_on_light' : 'turn_off_light'}/`, {
    headers: { cookie: admin.cookie, 'x-csrftoken': admin.csrf },
    signal: AbortSignal.timeout(WAIT_MS),
  }).catch((error) => ({ ok: false, status: String(error.name) }));
  return answer.ok ? 200 : answer.status;
}

/** `count` dashboard sockets and `flips` light switches; returns the figures for latest.json. */
export async function dashboardSockets(base, admin, agentToken, { count, flips }) {
  const { agent, stop } = await startEdgeAgent(base, agentToken);
  // The flip being measured: its index, the light state it sets and when the agent reported it.
  let current = null;
  const unsubscribe = agent.bus.on('relayChanged', ({ device, on }) => {
    if (current && device === 'light' && on === current.on && current.reportedAt === null)
      current.reportedAt = performance.now();
  });
  const onState = (dashboard, state, at) => {
    if (!current || current.reportedAt === null || state.site !== DEFAULT_SITE || state.relays.light !== current.on)
      return;
    if (!dashboard.got.has(current.index)) {
      dashboard.got.set(current.index, at - current.reportedAt);
      current.received += 1;
    }
  };
  let connected = { dashboards: [] };
  try {
    connected = await connectDashboards(base, admin.cookie, count, onState);
    const { dashboards } = connected;
    const serverSockets = await apiMetric(base, 'kort_socket_connections{namespace="/live"}');
    const calls = {};
    const flip = async (index, on) => {
      current = { index, on, reportedAt: null, received: 0 };
      const status = await switchLight(base, admin, on);
      calls[status] = (calls[status] ?? 0) + 1;
      await waitUntil(() => current.received === dashboards.length);
      const done = current;
      current = null;
      return done;
    };
    // One round first, not counted: the command path and every socket have run once.
    await flip('warm-up on', true);
    await flip('warm-up off', false);
    const perFlip = [];
    for (let i = 0; i < flips; i += 1) {
      const done = await flip(i, i % 2 === 0);
      const delays = dashboards.map((d) => d.got.get(i)).filter((ms) => ms !== undefined);
      perFlip.push({ reported: done.reportedAt !== null, first: Math.min(...delays), last: Math.max(...delays) });
    }
    const all = dashboards.flatMap((d) => Array.from({ length: flips }, (_, i) => d.got.get(i)));
    const delivered = all.filter((ms) => ms !== undefined).length;
    const everyFlip = dashboards.filter((d) =>
      Array.from({ length: flips }, (_, i) => d.got.has(i)).every(Boolean),
    ).length;
    const ok = dashboards.length === count && everyFlip === count && (calls[200] ?? 0) === flips + 2;
    return {
      status: ok ? 'PASS' : 'FAIL',
      sockets: count,
      connected: dashboards.length,
      connect_failures: connected.failures,
      connect_seconds: Number(connected.seconds.toFixed(1)),
      server_live_sockets: serverSockets,
      flips,
      light_calls: calls,
      agent_reports: perFlip.filter((f) => f.reported).length,
      deliveries_expected: count * flips,
      deliveries: delivered,
      sockets_with_every_flip: everyFlip,
      agent_report_to_frame: quantiles(all),
      first_socket_per_flip: quantiles(perFlip.map((f) => (Number.isFinite(f.first) ? f.first : null))),
      last_socket_per_flip: quantiles(perFlip.map((f) => (Number.isFinite(f.last) ? f.last : null))),
    };
  } finally {
    unsubscribe();
    for (const { socket } of connected.dashboards) socket.close();
    await stop();
  }
}

async function createSites(databaseUrl, ids, tokens) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO sites (id, name, slug, timezone, token_hash)
       SELECT id, 'Нагрузка ' || id, id, (SELECT timezone FROM sites WHERE id = 'default'), hash
         FROM unnest($1::text[], $2::text[]) AS s (id, hash)`,
      [ids, tokens.map(hashToken)],
    );
  } finally {
    await db.end();
  }
}

async function query(databaseUrl, sql) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql)).rows;
  } finally {
    await db.end();
  }
}

/**
 * `count` agents (the default site's and count - 1 sites of their own) and `commands` light
 * switches. The switches name no site, so they address the admin's default one, and routing is
 * checked as: every command reaches the default site's agent, once, and no other agent at all; and
 * each other site's report becomes that site's state, seen by that site's dashboard and no other.
 */
export async function edgeSites(base, databaseUrl, admin, agentToken, { count, commands }) {
  const ids = Array.from({ length: count - 1 }, (_, i) => `bench-site-${String(i + 1).padStart(3, '0')}`);
  const tokens = ids.map(() => randomBytes(24).toString('base64url'));
  await createSites(databaseUrl, ids, tokens);
  const sites = [DEFAULT_SITE, ...ids];
  const agents = [];
  const receipts = [];
  let live = null;
  try {
    const connectStart = performance.now();
    for (let i = 0; i < sites.length; i += AGENT_BATCH) {
      const batch = sites.slice(i, i + AGENT_BATCH);
      const settled = await Promise.allSettled(
        batch.map((site, j) => startEdgeAgent(base, i + j === 0 ? agentToken : tokens[i + j - 1], { site })),
      );
      settled.forEach((result, j) => result.status === 'fulfilled' && agents.push({ site: batch[j], ...result.value }));
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason; // the agents started so far are stopped below
    }
    for (const { site, agent } of agents) {
      // The transport hands every command it receives to this method (onCommand): noted here,
      // before the agent runs it, whichever site it was meant for.
      const run = agent.commands.run.bind(agent.commands);
      agent.commands.run = (payload) => {
        receipts.push({ site, id: payload?.id, at: performance.now() });
        return run(payload);
      };
    }
    const allOnline = await waitUntil(
      async () => (await query(databaseUrl, 'SELECT count(*)::int AS n FROM sites WHERE online'))[0].n === sites.length,
      { everyMs: 100 },
    );
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const serverAgents = await apiMetric(base, 'kort_agents_online');

    // Commands: a warm-up pair, then `commands` switches, one after another.
    await switchLight(base, admin, true);
    await switchLight(base, admin, false);
    await sleep(200);
    receipts.length = 0;
    const calls = {};
    const toAgent = [];
    const toAnswer = [];
    for (let i = 0; i < commands; i += 1) {
      const start = performance.now();
      const status = await switchLight(base, admin, i % 2 === 0);
      toAnswer.push(performance.now() - start);
      calls[status] = (calls[status] ?? 0) + 1;
      const receipt = receipts.find((r) => r.site === DEFAULT_SITE && r.at >= start);
      toAgent.push(receipt ? receipt.at - start : null);
    }
    await sleep(500); // a late delivery anywhere would still be counted
    const byId = new Map();
    for (const r of receipts) byId.set(r.id, [...(byId.get(r.id) ?? []), r.site]);
    const toDefault = receipts.filter((r) => r.site === DEFAULT_SITE).length;
    const misroutes = receipts.filter((r) => r.site !== DEFAULT_SITE).length;
    const duplicates = [...byId.values()].filter((at) => at.length > 1).length;

    // Reports: each other site's agent reports its light on, and a dashboard of each site watches
    // (a dashboard sees the one site it chose). No command can reach these sites to switch a relay,
    // so the change is put on the agent's event bus, where a real switch goes too; its transport
    // sends it as `relay.changed`, as for any change. A frame at a dashboard of another site than
    // its own, or of a site that has not reported yet, is misattributed.
    const reported = new Set();
    let misattributed = 0;
    const reportDelays = [];
    let waiting = null;
    const watch = (site) => (_dashboard, state, at) => {
      if (state.site !== site || (state.relays.light && !reported.has(site))) misattributed += 1;
      if (waiting && state.site === waiting.site && state.relays.light) {
        reportDelays.push(at - waiting.at);
        waiting = null;
      }
    };
    live = [];
    for (let i = 0; i < ids.length; i += AGENT_BATCH)
      live.push(
        ...(await Promise.all(
          ids.slice(i, i + AGENT_BATCH).map((site) => connectDashboard(base, admin.cookie, watch(site), site)),
        )),
      );
    let reportsSeen = 0;
    for (const { site, agent } of agents.slice(1)) {
      reported.add(site);
      waiting = { site, at: performance.now() };
      agent.bus.emit('relayChanged', { device: 'light', on: true, at: Date.now() });
      if (await waitUntil(() => waiting === null)) reportsSeen += 1;
      waiting = null;
    }
    const stored = await query(
      databaseUrl,
      `SELECT site_id FROM device_states WHERE device = 'light' AND is_on AND site_id <> 'default'`,
    );
    const storedWrong = stored.filter((row) => !reported.has(row.site_id)).length;
    const storedRight = stored.length - storedWrong;

    const ok =
      allOnline &&
      misroutes === 0 &&
      duplicates === 0 &&
      toDefault === commands &&
      (calls[200] ?? 0) === commands &&
      misattributed === 0 &&
      storedWrong === 0 &&
      reportsSeen === ids.length &&
      storedRight === ids.length;
    return {
      status: ok ? 'PASS' : 'FAIL',
      agents: sites.length,
      connected: agents.filter(({ agent }) => agent.connected()).length,
      all_online_in_database: allOnline,
      server_agents_online: serverAgents,
      connect_seconds: Number(connectSeconds.toFixed(1)),
      routing_scope:
        "the light calls name no site, so they address the admin's default site: " +
        'commands are checked to reach the default site once and no other site; the other direction ' +
        "(reports from every site) is checked through each site's dashboard and device_states " +
        '(bench/fleet.mjs switches lights at many sites at once)',
      commands,
      light_calls: calls,
      received_by_own_site: toDefault,
      misroutes,
      received_twice: duplicates,
      other_sites_receiving: new Set(receipts.filter((r) => r.site !== DEFAULT_SITE).map((r) => r.site)).size,
      call_to_agent: quantiles(toAgent),
      call_to_answer: quantiles(toAnswer),
      reports: {
        sites: ids.length,
        seen_by_dashboard: reportsSeen,
        misattributed_frames: misattributed,
        stored_for_own_site: storedRight,
        stored_for_other_site: storedWrong,
        report_to_frame: quantiles(reportDelays),
      },
    };
  } finally {
    for (const dashboard of live ?? []) dashboard.socket.close();
    await Promise.all(agents.map(({ stop }) => stop()));
  }
}
