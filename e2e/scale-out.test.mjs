// Two API replicas behind nginx, as compose runs them: the player journey goes through the
// proxy while the agent is on one replica and the admin's live socket on the other; then the agent's
// replica is stopped under load, and no request, command or live update is lost.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { io } from 'socket.io-client';
import { playerJourney } from './support/player-journey.mjs';
import { browserLikeLoad, signedInAdmin, metricsOf, startScaledProduct } from './support/scale-out.mjs';
import { launchChromium, viewports } from './support/browser.mjs';
import { agentState } from './support/product.mjs';
import { until } from './support/wait.mjs';

let product;
let browser;
let admin;
/** The agent's replica and the other one, told apart by their own metrics. */
let agentReplica;
let otherReplica;
/** Every device state the admin's live socket received, in order. */
const liveStates = [];
let live;

before(async () => {
  product = await startScaledProduct();
  browser = await launchChromium();
  admin = await signedInAdmin(product);

  const online = await Promise.all(
    product.replicas.map(async (replica) => (await metricsOf(replica)).kort_agents_online),
  );
  assert.deepEqual([...online].sort(), [0, 1], 'the agent is connected to exactly one replica');
  [agentReplica, otherReplica] = online[0] === 1 ? product.replicas : [...product.replicas].reverse();

  // The dashboard's socket, on the replica the agent is NOT on: every update crosses Redis.
  live = io(`${otherReplica.url}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: admin.cookieHeader() },
    reconnection: false,
  });
  live.on('device.state', (state) => liveStates.push(state));
  await until(() => liveStates.length > 0, 'the first live state on the other replica');
});

after(async () => {
  live?.close();
  await browser?.close();
  if (process.exitCode && product) console.error(product.output());
  await product?.stop();
});

test('the player journey through the proxy: the agent on one replica, the admin watching on the other', async () => {
  const dashboards = (await metricsOf(otherReplica))['kort_socket_connections{namespace="/live"}'];
  assert.equal(dashboards, 1, 'the live socket is on the other replica');
  const seen = liveStates.length;

  await playerJourney({ browser, product, name: 'scaled-desktop', viewport: viewports.desktop, court: 1 });

  // Each command the journey sent reached the agent (the journey checked its relays), and each
  // change it reported reached the dashboard on the other replica: the door opened, a shelf opened
  // and closed again.
  const updates = liveStates.slice(seen);
  assert.ok(
    updates.every((state) => state.online),
    'the agent stayed online',
  );
  assert.ok(
    updates.some((state) => state.relays.door),
    'the door opening reached the dashboard',
  );
  const shelves = (state) =>
    Object.keys(state.relays).filter((relay) => relay.startsWith('shelf-') && state.relays[relay]);
  const opened = updates.findIndex((state) => shelves(state).length === 1);
  assert.ok(opened >= 0, 'the shelf opening reached the dashboard');
  assert.ok(
    updates.slice(opened).some((state) => shelves(state).length === 0),
    'the shelf closing reached the dashboard',
  );

  // The proxy spread the player's requests over both replicas.
  for (const replica of product.replicas) {
    const metrics = await metricsOf(replica);
    const served = Object.entries(metrics)
      .filter(([series]) => series.startsWith('http_request_duration_seconds_count{'))
      .reduce((sum, [, count]) => sum + count, 0);
    assert.ok(served > 20, `${replica.name} served ${served} requests`);
  }
});

test("through nginx the API's security headers arrive unchanged, HSTS when https, and nginx names no version", async () => {
  const page = await fetch(`${product.base}/login`);
  assert.equal(page.status, 200);
  assert.match(page.headers.get('content-security-policy'), /script-src 'self'/);
  assert.equal(page.headers.get('x-frame-options'), 'DENY');
  assert.equal(page.headers.get('strict-transport-security'), null, 'plain http: no HSTS');
  assert.equal(page.headers.get('server'), 'nginx', 'server_tokens off');
  // TLS ended at a balancer in front that says so: the browser is told to stay on https.
  const secure = await fetch(`${product.base}/login`, { headers: { 'X-Forwarded-Proto': 'https' } });
  assert.equal(secure.headers.get('strict-transport-security'), 'max-age=15552000');
  const metrics = await fetch(`${product.base}/metrics`);
  assert.equal(metrics.status, 404);
  assert.equal(metrics.headers.get('server'), 'nginx');
});

test('a replica stops under load: no request is lost, its agent moves to the other, commands still arrive', async () => {
  // Load through the proxy, and while it runs the agent's replica is rolled as the README's upgrade does:
  // taken out of the proxy (set-replica.sh … down), then SIGTERM. Half the requests are POSTs that
  // write to the database: nginx never resends a POST a replica received, so a request cut off in
  // flight would show here as an error or a 502.
  const signedIn = { cookie: admin.cookieHeader(), 'x-csrftoken': admin.csrfToken() };
  const writesServed = async () =>
    Object.entries(await metricsOf(agentReplica))
      .filter(
        ([series]) => series.startsWith('http_request_duration_seconds_count{') && series.includes('calendar_token'),
      )
      .reduce((sum, [, count]) => sum + count, 0);
  const writesBefore = await writesServed();
  const load = browserLikeLoad(product.base, {
    connections: 8,
    durationMs: 6000,
    // The one reload below (the replica taken out of the proxy) may close each idle connection once.
    reloads: 1,
    requests: [
      { method: 'GET', path: '/api/give_rules/' },
      { method: 'POST', path: '/api/calendar_token/', headers: signedIn },
    ],
  });
  // Stopped once the load's writes run through it: keep-alive connections to it busy with POSTs.
  await until(async () => (await writesServed()) - writesBefore >= 20, 'the load on the agent replica');
  const seenBeforeStop = liveStates.length;
  assert.match(product.proxy.setReplica(agentReplica, 'down'), / is down in the proxy$/);
  const stoppedAt = Date.now();
  agentReplica.child.kill(process.env.SCALE_OUT_SIGNAL ?? 'SIGTERM');
  const exitCode = await agentReplica.exited;
  const stopMs = Date.now() - stoppedAt;
  const result = await load;

  console.log(
    `# ${result.total} requests in 6 s through the proxy: ${JSON.stringify(result.statuses)}, ` +
      `${result.failures.length} failed, ${result.resent} sent again on a new connection after nginx had closed ` +
      `an idle one; the replica drained and stopped in ${stopMs} ms`,
  );
  assert.ok(result.total > 200, `load ran: ${result.total} requests`);
  assert.deepEqual(result.failures, [], 'no request failed');
  assert.deepEqual(Object.keys(result.statuses), ['200'], 'every answer was 200');
  assert.equal(exitCode, 0, `the replica stops cleanly:\n${agentReplica.output()}`);

  // The agent reconnects through the proxy to the replica that stayed; the dashboard never saw the
  // club's equipment go offline while it moved.
  assert.ok(
    liveStates.slice(seenBeforeStop).every((state) => state.online),
    'the agent never showed offline',
  );
  await until(
    async () => (await metricsOf(otherReplica)).kort_agents_online === 1,
    'the agent on the other replica',
    20_000,
  );
  await until(async () => (await agentState(product)).connected, 'the agent to report itself connected');

  // A command through the proxy reaches the agent, and its change reaches the dashboard.
  const seen = liveStates.length;
  const light = await admin.get('/api/turn_on_light/');
  assert.equal(light.status, 200, JSON.stringify(light.body));
  assert.equal(light.body.light_on, true);
  assert.equal((await agentState(product)).relays.light, true);
  await until(() => liveStates.slice(seen).some((state) => state.relays.light), 'the light on the dashboard');
  assert.equal(live.connected, true, 'the dashboard on the other replica stayed connected');
});
