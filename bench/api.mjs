// `npm run bench -- --only api`: the API's per-request cost, its cached reads, booking and the
// door/light command path, each beside a bare reference measured in the same run, with the ratio
// and the target issue 17 set. Two bare references for throughput, as the issue measures them: a
// node `http` server answering `{}` inside this (the load generator's) process, and a bare NestJS
// app on Express with one GET handler in its own process (bench/hello-app.cjs). For the command
// path: BullMQ add → worker → socket.io acknowledged emit → the result back to the caller, the same
// parts in one process with nothing else.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Queue, QueueEvents, Worker } from 'bullmq';
import pg from 'pg';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { doorOpenings } from './door.mjs';
import { BENCH_DAY, BENCH_MONTH_QUERY, load, players, quantiles, startEdgeAgent } from './lib.mjs';
import { createRequire } from 'node:module';

const { bookingRules } = createRequire(import.meta.url)('../services/contracts/dist/index.js');

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A booking run's games per day: 18 hours on 2 courts. */
const SLOTS_PER_DAY = 36;
/** Players under the quotas in their booking run, 5 games each. */
const QUOTA_PLAYERS = 300;

/**
 * Throughput rows and the command path. `api` is the running API; `hello` the bare NestJS app.
 * Returns `{ throughput, latency }`, each row with its reference, ratio, target and verdict.
 */
export async function apiPart({ api, hello, databaseUrl, agentToken, redisPrefix, duration, orders, commands }) {
  const node = await bareNodeServer();
  const throughput = [];
  const run = (name, options) => load(name, { duration, ...options });
  try {
    const bareNode = await run('bare node http answering {} (in the load generator)', { url: node.base });
    const bareNest = await run('bare NestJS GET /api/hello (own process)', { url: `${hello.base}/api/hello` });
    throughput.push(bareNode, bareNest);

    const [viewer] = await players(api.base, databaseUrl, 1);
    const signedIn = { cookie: viewer.cookie };
    throughput.push(await run('GET /api/give_rules/ (public constant)', { url: `${api.base}/api/give_rules/` }));
    throughput.push(await run('GET /api/health/', { url: `${api.base}/api/health/` }));
    throughput.push(await run('an unknown page (the player app)', { url: `${api.base}/some/page` }));
    throughput.push(await run('GET /api/my_name/ (signed in)', { url: `${api.base}/api/my_name/`, headers: signedIn }));
    const schoolDays = Math.ceil(orders / SLOTS_PER_DAY);
    const lastDay = 2 + schoolDays + Math.ceil((QUOTA_PLAYERS * bookingRules.upcoming) / SLOTS_PER_DAY);
    if (lastDay > bookingRules.horizonDays)
      throw new Error(
        `BENCH_ORDERS=${orders} needs days up to ${lastDay} ahead; bookings open ${bookingRules.horizonDays}`,
      );
    throughput.push(await bookingRun(api.base, databaseUrl, { sportSchool: true, amount: orders, dayOffset: 0 }));
    throughput.push(await bookingRun(api.base, databaseUrl, { sportSchool: false, dayOffset: schoolDays }));
    const read = (name, path) => run(name, { url: `${api.base}${path}`, headers: signedIn });
    throughput.push(
      await read('GET /api/get-available-times/ (a full day)', `/api/get-available-times/?date=${BENCH_DAY}`),
    );
    throughput.push(await read('GET /api/booked_times/', `/api/booked_times/?${BENCH_MONTH_QUERY}`));
    throughput.push(await read('GET /api/get_courts/', '/api/get_courts/'));
    throughput.push(await read('GET /api/my-orders/', '/api/my-orders/'));

    const latency = [
      await bareCommandChain(commands),
      ...(await lightToggles(api.base, databaseUrl, agentToken, commands)),
      ...(await doorOpenings(api.base, databaseUrl, agentToken, commands, redisPrefix)),
    ];
    return { throughput: judgeThroughput(throughput, bareNode, bareNest), latency: judgeLatency(latency) };
  } finally {
    await node.stop();
  }
}

/** Issue 17's targets: a minimum rate, ratios to the two bare references, a p99 ceiling. */
const TARGETS = {
  'GET /api/give_rules/ (public constant)': { vsNest: 0.4 },
  'GET /api/get-available-times/ (a full day)': { rps: 4000, p99: 30, vsNest: 0.5, vsNode: 0.12 },
  'GET /api/booked_times/': { rps: 3000 },
  'GET /api/get_courts/': { rps: 3000 },
  'GET /api/my-orders/': { rps: 3000 },
  'POST /api/order-court/ (sport school: no quotas)': { rps: 800 },
  'POST /api/order-court/ (players under the quotas)': { rps: 800 },
};

function judgeThroughput(rows, bareNode, bareNest) {
  return rows.map((row) => {
    const vs_node = Number((row.rps / bareNode.rps).toFixed(3));
    const vs_nest = Number((row.rps / bareNest.rps).toFixed(3));
    const target = TARGETS[row.name];
    if (!target) return { ...row, vs_node, vs_nest };
    const misses = [
      target.rps && row.rps < target.rps && `${row.rps} < ${target.rps} req/s`,
      target.p99 && row.p99_ms > target.p99 && `p99 ${row.p99_ms} > ${target.p99} ms`,
      target.vsNest && vs_nest < target.vsNest && `${vs_nest} < ${target.vsNest} of NestJS`,
      target.vsNode && vs_node < target.vsNode && `${vs_node} < ${target.vsNode} of node`,
      (row.non_2xx || row.errors) && `${row.non_2xx} non-2xx, ${row.errors} errors`,
    ].filter(Boolean);
    return { ...row, vs_node, vs_nest, target, verdict: misses.length ? `FAIL: ${misses.join('; ')}` : 'PASS' };
  });
}

/** The command path against its bare chain: p50 ≤ 3× and p99 ≤ 25 ms. */
function judgeLatency([bare, ...rows]) {
  return [
    bare,
    ...rows.map((row) => {
      const p50_vs_bare = Number((row.p50_ms / bare.p50_ms).toFixed(1));
      const misses = [
        p50_vs_bare > 3 && `p50 ${p50_vs_bare}× the bare chain`,
        row.p99_ms > 25 && `p99 ${row.p99_ms} > 25 ms`,
      ].filter(Boolean);
      return { ...row, p50_vs_bare, verdict: misses.length ? `FAIL: ${misses.join('; ')}` : 'PASS' };
    }),
  ];
}

async function bareNodeServer() {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Bookings, every request a real insert under the exclusion constraint, on a slot of its own:
 * `sportSchool` players have no quotas (50 of them book `amount` games); players under the quotas
 * are QUOTA_PLAYERS, each booking 5 games (the upcoming limit) on days at least 8 apart, so every
 * request is counted against its player's day, week and total under the player's lock and still
 * allowed. Each fills the days from BENCH_DAY + `dayOffset` on (the sport school's first, the quota
 * players' after it), which the reads then look at.
 */
async function bookingRun(base, databaseUrl, { sportSchool, amount, dayOffset }) {
  const count = sportSchool ? 50 : QUOTA_PLAYERS;
  // A client address each: the API allows 100 logins an address in 15 minutes.
  const address = (i) => `10.17.${sportSchool ? 1 : 2 + Math.floor(i / 250)}.${(i % 250) + 1}`;
  const sessions = await players(base, databaseUrl, count, { sportSchool, parallel: 4, address });
  const total = sportSchool ? amount : count * bookingRules.upcoming;
  const firstDay = Date.parse(`${BENCH_DAY}T00:00:00Z`) + dayOffset * 86_400_000;
  let next = 0;
  return load(`POST /api/order-court/ (${sportSchool ? 'sport school: no quotas' : 'players under the quotas'})`, {
    url: base,
    amount: total,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = next++;
          const session = sessions[i % count];
          const day = new Date(firstDay + Math.floor(i / SLOTS_PER_DAY) * 86_400_000).toISOString().slice(0, 10);
          const hour = String(6 + Math.floor((i % SLOTS_PER_DAY) / 2)).padStart(2, '0');
          const court = 1 + (i % 2);
          return {
            ...request,
            path: `/api/order-court/${court}/`,
            headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrftoken': session.csrf },
            body: JSON.stringify({ id_cort: court, time_start: `${day}T${hour}:00:00+03:00`, players_count: 2 }),
          };
        },
      },
    ],
  });
}

const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * The bare chain of the command path: a BullMQ job added, taken by a worker, delivered with a
 * socket.io acknowledged emit to a client that answers at once, and its result back to the caller
 * through BullMQ's queue events. `count` commands one after another.
 */
async function bareCommandChain(count) {
  const http = createServer();
  const server = new Server(http);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const client = io(`http://127.0.0.1:${http.address().port}`, { transports: ['websocket'], forceNew: true });
  client.on('command', (command, ack) => ack({ ok: true, relays: { light: command.on } }));
  const [agent] = await Promise.all([once(server, 'connection').then(([socket]) => socket), once(client, 'connect')]);

  const name = `kort-bench-chain-${Date.now().toString(36)}`;
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection });
  const events = new QueueEvents(name, { connection });
  const worker = new Worker(name, (job) => agent.timeout(5000).emitWithAck('command', job.data), {
    connection,
    concurrency: 50,
  });
  await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  const samples = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const start = process.hrtime.bigint();
      // Kept until the queue is obliterated below: a job removed on completion can be gone before
      // waitUntilFinished looks at it ("Missing key for job"), which a loaded machine makes likely.
      const job = await queue.add('deliver', { on: i % 2 === 0 });
      await job.waitUntilFinished(events, 5000);
      samples.push(elapsedMs(start));
    }
  } finally {
    await worker.close();
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
    client.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return { name: 'bare chain: BullMQ add → worker → socket.io ack → result', ...quantiles(samples) };
}

/**
 * The admin's light switch through the whole product: HTTP → command row and job → the worker →
 * the real edge agent (simulated driver, in this process) → relay → ack → HTTP answer, `count`
 * times one after another, on and off in turn.
 */
async function lightToggles(base, databaseUrl, agentToken, count) {
  const { agent, stop } = await startEdgeAgent(base, agentToken);
  const [admin] = await players(base, databaseUrl, 1, { role: 'owner' });
  const headers = { cookie: admin.cookie, 'x-csrftoken': admin.csrf };
  const answers = [];
  const relays = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const on = i % 2 === 0;
      let relayAt = null;
      const unsubscribe = agent.bus.on('relayChanged', ({ device }) => {
        if (device === 'light' && relayAt === null) relayAt = process.hrtime.bigint();
      });
      const start = process.hrtime.bigint();
      const answer = await fetch(`${base}/api/${on ? 'turn_on_light' : 'turn_off_light'}/`, { headers });
      const answered = elapsedMs(start);
      unsubscribe();
      if (!answer.ok) throw new Error(`light ${on ? 'on' : 'off'}: ${answer.status} ${await answer.text()}`);
      await answer.arrayBuffer();
      answers.push(answered);
      if (relayAt !== null) relays.push(Number(relayAt - start) / 1e6);
    }
  } finally {
    await stop();
  }
  await clearCommands(databaseUrl);
  return [
    { name: 'light: HTTP → relay on the agent', ...quantiles(relays) },
    { name: 'light: HTTP → relay → ack → HTTP answer', ...quantiles(answers) },
  ];
}

/** The bench's commands out of the audit log, so a later part starts from an empty one. */
async function clearCommands(databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`DELETE FROM commands`);
  await db.end();
}

export function printApi({ throughput, latency }) {
  console.log('\nThroughput: 50 connections; ratios to the bare references of the same run\n');
  console.table(
    throughput.map((r) => ({
      scenario: r.name,
      'req/s': r.rps,
      'p50 ms': r.p50_ms,
      'p99 ms': r.p99_ms,
      'vs node': r.vs_node,
      'vs NestJS': r.vs_nest,
      'non-2xx': r.non_2xx,
      verdict: r.verdict ?? '',
    })),
  );
  console.log('\nCommand path, one after another, beside its bare chain\n');
  console.table(
    latency.map((l) => ({
      measure: l.name,
      n: l.n,
      'p50 ms': l.p50_ms,
      'p99 ms': l.p99_ms,
      'max ms': l.max_ms,
      'p50 vs bare': l.p50_vs_bare ?? '',
      verdict: l.verdict ?? '',
    })),
  );
}
