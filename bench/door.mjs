// Door-open latency end to end: POST /api/recieve/ → BullMQ → socket.io → the simulated agent's
// relay → ack → HTTP answer, over N openings, next to a bare Redis round trip and a bare socket.io
// acknowledged round trip measured in the same run.
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { commandGap, players } from './lib.mjs';

const require = createRequire(import.meta.url);

export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { n: sorted.length, p50_ms: round(at(0.5)), p99_ms: round(at(0.99)), max_ms: round(sorted.at(-1)) };
}
const round = (ms) => Math.round(ms * 100) / 100;
const since = (start) => Number(process.hrtime.bigint() - start) / 1e6;

export async function redisRoundTrip(count) {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await redis.ping();
    samples.push(since(start));
  }
  await redis.quit();
  return { name: 'bare Redis PING round trip', ...percentiles(samples) };
}

export async function socketAckRoundTrip(count) {
  const http = createServer();
  const server = new Server(http);
  server.on('connection', (socket) => socket.on('ping-ack', (payload, ack) => ack(payload)));
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const client = io(`http://127.0.0.1:${http.address().port}`, { transports: ['websocket'], forceNew: true });
  await once(client, 'connect');
  const samples = [];
  for (let i = 0; i < count; i += 1) {
    const start = process.hrtime.bigint();
    await client.timeout(5000).emitWithAck('ping-ack', { i });
    samples.push(since(start));
  }
  client.close();
  await server.close();
  return { name: 'bare socket.io acknowledged emit', ...percentiles(samples) };
}

/** Opens the door `count` times through the running API and an in-process simulated agent. */
export async function doorOpenings(apiBase, databaseUrl, token, count, redisPrefix) {
  const { startAgent, loadAgentConfig, SimulatedDriver, silentLogger } = require('../edge-agent/dist/index.js');
  const driver = new SimulatedDriver();
  const agent = await startAgent(
    loadAgentConfig(
      {
        API_URL: apiBase,
        EDGE_AGENT_TOKEN: token,
        DRIVER: 'simulated',
        DISPLAY_PORT: '0',
        DOOR_PULSE_MS: '50',
        STATE_FILE: join(mkdtempSync(join(tmpdir(), 'kort-bench-')), 'state.json'),
        LOG_LEVEL: 'error',
      },
      [],
    ),
    { driver, logger: silentLogger },
  );
  while (!agent.connected()) await new Promise((resolve) => setTimeout(resolve, 50));

  // A game in progress right now, written directly: the bench measures the door, not booking.
  const [session] = await players(apiBase, databaseUrl, 1);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const {
    rows: [game],
  } = await db.query(
    `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
     SELECT id, 1, now() - interval '5 minutes', now() + interval '55 minutes', 2 FROM users
      WHERE email LIKE 'bench-%' ORDER BY id DESC LIMIT 1 RETURNING id, user_id`,
  );
  await db.end();
  const headers = { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' };
  // One player asks for 500 codes here; the API allows 10 in 10 minutes. The bench measures the
  // door, not that limit, so it clears the player's counter before each request.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const sendLimitKey = `${redisPrefix}limit:door-send:${game.user_id}`;

  const toAnswer = [];
  const toRelay = [];
  for (let i = 0; i < count; i += 1) {
    await redis.del(sendLimitKey);
    const sent = await fetch(`${apiBase}/api/send/${game.id}/`, { headers });
    if (!sent.ok) throw new Error(`send failed: ${await sent.text()}`);
    const code = agent.commands.display?.code;
    while (driver.states().door) await new Promise((resolve) => setTimeout(resolve, 5)); // previous pulse over
    await commandGap();
    let relayAt = null;
    const unsubscribe = agent.bus.on('relayChanged', ({ device, on }) => {
      if (device === 'door' && on && relayAt === null) relayAt = process.hrtime.bigint();
    });
    const start = process.hrtime.bigint();
    const opened = await fetch(`${apiBase}/api/recieve/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ qr_code: code }),
    });
    const answered = process.hrtime.bigint();
    unsubscribe();
    if (!opened.ok) throw new Error(`recieve failed: ${await opened.text()}`);
    toAnswer.push(Number(answered - start) / 1e6);
    if (relayAt !== null) toRelay.push(Number(relayAt - start) / 1e6);
  }
  await agent.stop();
  await redis.quit();
  return [
    { name: 'door: POST /api/recieve/ → relay on (simulated agent)', ...percentiles(toRelay) },
    { name: 'door: POST /api/recieve/ → HTTP answer', ...percentiles(toAnswer) },
  ];
}
