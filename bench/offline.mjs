// The club without its link, each figure beside a bare reference measured in the same run:
// - keypad PIN → strike relay on, through the agent's door display, against a bare node `http`
//   server driving the same simulated relay;
// - a booking → the agent holds it in its schedule, against the booking's own HTTP answer and a bare
//   socket.io acknowledged emit;
// - a 1,000-entry schedule written to disk (time and size), against a bare write + fsync + rename of
//   the same bytes;
// - an outbox of 1,000 offline events uploaded and applied, against one bare 1,000-row INSERT.
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Server } from 'socket.io';
import { percentiles } from './door.mjs';
import { players } from './lib.mjs';
import { startTcpProxy } from '../e2e/support/tcp-proxy.mjs';
import { until as waitUntil } from '../e2e/support/wait.mjs';

const require = createRequire(import.meta.url);
const agentLib = () => require('../edge-agent/dist/index.js');
const contracts = require('../services/contracts/dist/index.js');
const crypto = require('../services/contracts/dist/schedule-crypto.js');

const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The shared wait, polling every millisecond: the waits here are what is timed. */
const until = (check, what, timeoutMs = 20_000) => waitUntil(check, what, timeoutMs, 1);

/**
 * The real agent (simulated relays) in this process, reaching the API at `apiUrl`, its state in a
 * temporary folder; `stop()` stops it and removes the folder.
 */
async function benchAgent(apiUrl, token, settings = {}) {
  const { startAgent, loadAgentConfig, SimulatedDriver, silentLogger } = agentLib();
  const dir = mkdtempSync(join(tmpdir(), 'kort-bench-agent-'));
  const driver = new SimulatedDriver();
  const agent = await startAgent(
    loadAgentConfig(
      {
        API_URL: apiUrl,
        EDGE_AGENT_TOKEN: token,
        DRIVER: 'simulated',
        DISPLAY_PORT: '0',
        STATE_FILE: join(dir, 'state.json'),
        LOG_LEVEL: 'error',
        ...settings,
      },
      [],
    ),
    { driver, logger: silentLogger },
  );
  const stop = async () => {
    await agent.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { agent, driver, stop };
}

/** A schedule signed as the API signs it, for `token`'s site, with `count` games in their window now. */
function signedSchedule(token, count, secret, version = Date.now()) {
  const now = Date.now();
  const games = Array.from({ length: count }, (_, i) => {
    const game = 100_000 + i;
    const start = now - 5 * 60_000 + i * 3600_000;
    const salt = crypto.pinSalt(secret, game);
    return {
      game,
      court: 1 + (i % 2),
      start,
      end: start + 3600_000,
      open: start - 15 * 60_000,
      close: start + 3600_000,
      salt,
      pinHash: crypto.pinVerifier(salt, crypto.offlinePin(secret, game)),
    };
  });
  const schedule = {
    site: 'default',
    version,
    issuedAt: now,
    light: { onBeforeMin: null, offAfterMin: 5, manualMaxMin: 120 },
    games,
  };
  const payload = JSON.stringify(schedule);
  return { payload, signature: crypto.signSchedulePayload(payload, crypto.scheduleKey(crypto.agentTokenHash(token))) };
}

export async function scheduleWrite(runs = 30) {
  const { ScheduleStore, scheduleKeyFor, silentLogger } = agentLib();
  const token = 'bench-schedule-token-0123456789';
  const dir = mkdtempSync(join(tmpdir(), 'kort-bench-schedule-'));
  const signed = signedSchedule(token, contracts.SCHEDULE_MAX_ENTRIES, Buffer.from('bench-secret'));
  const store = new ScheduleStore({
    file: join(dir, 'state.json.schedule'),
    key: scheduleKeyFor(token),
    siteId: 'default',
    logger: silentLogger,
  });
  const ack = await store.accept(signed);
  if (!ack.ok) throw new Error(`bench: the agent refused the schedule (${ack.error})`);
  const saves = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    await store.save();
    saves.push(since(start));
  }
  const bytes = statSync(store.file).size;
  // The bare reference: the same bytes, temp file + fsync + rename + directory fsync.
  const text = `${JSON.stringify({ format: 1, version: 1, signature: signed.signature })}\n${signed.payload}`;
  const bare = [];
  for (let i = 0; i < runs; i += 1) {
    const start = process.hrtime.bigint();
    const temp = join(dir, 'bare.tmp');
    const handle = await open(temp, 'w');
    await handle.writeFile(text);
    await handle.sync();
    await handle.close();
    await rename(temp, join(dir, 'bare'));
    const directory = await open(dir, 'r');
    await directory.sync();
    await directory.close();
    bare.push(since(start));
  }
  rmSync(dir, { recursive: true, force: true });
  return [
    { name: 'schedule of 1,000 games written to disk (agent)', bytes, ...percentiles(saves) },
    { name: 'bare write + fsync + rename of the same bytes', bytes: Buffer.byteLength(text), ...percentiles(bare) },
  ];
}

/** A socket.io /edge server that hands the agent one schedule and then goes away (the link drops). */
async function scheduleServer(token, signed) {
  const http = createServer();
  const io = new Server(http);
  io.of('/edge').use((socket, next) =>
    next(socket.handshake.auth?.token === token ? undefined : new Error('unauthorized')),
  );
  io.of('/edge').on('connection', (socket) => {
    socket.on(contracts.EDGE_EVENTS.clock, (ack) => ack(Date.now()));
    socket
      .timeout(5000)
      .emitWithAck(contracts.EDGE_EVENTS.schedule, signed)
      .then((ack) => (ack.ok ? undefined : console.error('bench: the agent refused the schedule', ack)))
      .catch(() => undefined); // the server goes away on purpose
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return { url: `http://127.0.0.1:${http.address().port}`, close: () => new Promise((resolve) => io.close(resolve)) };
}

export async function keypadToRelay(count) {
  const token = 'bench-keypad-token-0123456789';
  const secret = Buffer.from('bench-keypad-secret');
  const signed = signedSchedule(token, 2, secret);
  const pin = crypto.offlinePin(secret, 100_000);
  const server = await scheduleServer(token, signed);
  const { agent, driver, stop } = await benchAgent(server.url, token, { DOOR_PULSE_MS: '20', OFFLINE_AFTER_MS: '300' });
  const unlock = `${agent.display.url}unlock`;
  const post = () =>
    fetch(unlock, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pin }) });
  try {
    await until(() => agent.schedule.summary()?.entries === 2, 'the agent to hold the schedule');
    await server.close();
    await until(async () => (await post()).status !== 409, 'the keypad (the agent offline)');
    const toRelay = [];
    const toAnswer = [];
    for (let i = 0; i < count; i += 1) {
      await until(() => !driver.states().door, 'the previous pulse to end');
      let relayAt = null;
      const off = agent.bus.on('relayChanged', ({ device, on }) => {
        if (device === 'door' && on && relayAt === null) relayAt = process.hrtime.bigint();
      });
      const start = process.hrtime.bigint();
      const answer = await post();
      const answered = process.hrtime.bigint();
      off();
      if (answer.status !== 200) throw new Error(`bench: keypad answered ${answer.status}: ${await answer.text()}`);
      toAnswer.push(Number(answered - start) / 1e6);
      if (relayAt !== null) toRelay.push(Number(relayAt - start) / 1e6);
    }
    const bare = await bareKeypad(count);
    return [
      { name: 'keypad: POST /unlock → strike relay on (offline agent)', ...percentiles(toRelay) },
      { name: 'keypad: POST /unlock → answer', ...percentiles(toAnswer) },
      { name: 'bare node http POST → the same simulated relay on', ...percentiles(bare) },
    ];
  } finally {
    await stop();
  }
}

/** The bare chain of a keypad: an HTTP POST whose handler reads the body and sets the relay. */
async function bareKeypad(count) {
  const { SimulatedDriver } = agentLib();
  const driver = new SimulatedDriver();
  await driver.start();
  const relayTimes = [];
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      JSON.parse(body);
      void driver.set('door', true).then(() => {
        relayTimes.push(process.hrtime.bigint());
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"detail":"ok"}');
      });
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const url = `http://127.0.0.1:${http.address().port}/unlock`;
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    await driver.set('door', false);
    const start = process.hrtime.bigint();
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"pin":"123456"}' });
    samples.push(Number(relayTimes[i] - start) / 1e6);
  }
  http.closeAllConnections();
  http.close();
  await driver.stop();
  return samples;
}

/** Bookable slots (site-local 6:00–22:00 starts, Europe/Moscow is UTC+3) within the next 46 hours. */
function slotsAhead() {
  const slots = [];
  const firstHour = Math.ceil(Date.now() / 3600_000) + 1;
  for (let hour = firstHour; hour < firstHour + 46; hour += 1) {
    const local = new Date(hour * 3600_000 + 3 * 3600_000);
    if (local.getUTCHours() < 6 || local.getUTCHours() > 22) continue;
    const text = `${local.toISOString().slice(0, 19)}+03:00`;
    for (const court of [1, 2]) slots.push({ court, time_start: text });
  }
  return slots;
}

/** Bookings through the real API with the real agent connected: how soon the agent holds each one. */
export async function bookingToAgent(apiBase, databaseUrl, token, count) {
  const { agent, stop } = await benchAgent(apiBase, token);
  try {
    await until(() => agent.schedule.summary(), 'the first schedule');
    const [player] = await players(apiBase, databaseUrl, 1, { sportSchool: true });
    const headers = { cookie: player.cookie, 'x-csrftoken': player.csrf, 'content-type': 'application/json' };
    const toAgent = [];
    const toAnswer = [];
    for (const slot of slotsAhead().slice(0, count)) {
      const start = process.hrtime.bigint();
      const answer = await fetch(`${apiBase}/api/order-court/${slot.court}/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id_cort: slot.court, time_start: slot.time_start, players_count: 2 }),
      });
      toAnswer.push(since(start));
      const body = await answer.json();
      if (answer.status !== 200) throw new Error(`bench: booking answered ${answer.status}: ${JSON.stringify(body)}`);
      await until(
        () => agent.schedule.games().some((game) => game.game === body.id),
        `game ${body.id} on the agent`,
        5000,
      );
      toAgent.push(since(start));
    }
    return [
      { name: 'booking POST → the agent holds the game', ...percentiles(toAgent) },
      { name: 'booking POST → HTTP answer', ...percentiles(toAnswer) },
    ];
  } finally {
    await stop();
  }
}

/** 1,000 events taken offline, then the link back: time from the reconnect to all applied in PostgreSQL. */
export async function outboxUpload(apiBase, databaseUrl, token, count = 1000) {
  const proxy = await startTcpProxy(Number(new URL(apiBase).port));
  proxy.cut();
  const { agent, stop } = await benchAgent(`http://127.0.0.1:${proxy.port}`, token, { OFFLINE_AFTER_MS: '100' });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await sleep(200);
    const kinds = ['door.sensor', 'door.pin-wrong'];
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        agent.outbox.append(kinds[i % 2], i % 2 ? {} : { params: { closed: i % 4 === 0 } }),
      ),
    );
    const before = (await db.query(`SELECT count(*)::int AS n FROM commands WHERE origin = 'agent'`)).rows[0].n;
    let connectedAt = null;
    const off = agent.bus.on('connectionChanged', ({ connected }) => {
      if (connected && connectedAt === null) connectedAt = process.hrtime.bigint();
    });
    proxy.restore();
    await until(() => connectedAt !== null, 'the agent to reconnect', 60_000);
    await until(() => agent.outbox.pending.length === 0, 'the outbox to empty', 60_000);
    const emptied = since(connectedAt);
    const after = (await db.query(`SELECT count(*)::int AS n FROM commands WHERE origin = 'agent'`)).rows[0].n;
    off();
    if (after - before < count) throw new Error(`bench: ${after - before} of ${count} outbox events stored`);

    // The bare reference: the same number of rows in one INSERT, in the same database.
    await db.query(`CREATE TEMP TABLE bare_events (id uuid PRIMARY KEY, kind text, at timestamptz, params jsonb)`);
    const start = process.hrtime.bigint();
    await db.query(
      `INSERT INTO bare_events SELECT gen_random_uuid(), 'door.sensor', now(), '{}'::jsonb FROM generate_series(1, $1)`,
      [count],
    );
    const bare = since(start);
    return [
      {
        name: `outbox of ${count} offline events: reconnect → all applied`,
        n: count,
        p50_ms: Math.round(emptied),
        p99_ms: Math.round(emptied),
        max_ms: Math.round(emptied),
      },
      {
        name: `bare INSERT of ${count} rows`,
        n: count,
        p50_ms: Math.round(bare),
        p99_ms: Math.round(bare),
        max_ms: Math.round(bare),
      },
    ];
  } finally {
    await db.end();
    await stop();
    await proxy.close();
  }
}

export function printOffline(figures) {
  console.log('\nOffline: each figure beside its bare reference, same run\n');
  console.table(
    figures.map((f) => ({
      measure: f.name,
      n: f.n,
      'p50 ms': f.p50_ms,
      'p99 ms': f.p99_ms,
      'max ms': f.max_ms,
      ...(f.bytes !== undefined && { bytes: f.bytes }),
    })),
  );
}
