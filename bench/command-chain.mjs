// The bare reference of the command path: the same parts the API's light switch goes through, in
// one process with nothing else. A plain node `http` server reads one Redis key (the session),
// inserts the audit row, adds a BullMQ job and waits for its outcome; the worker delivers it with a
// socket.io acknowledged emit to a client that answers at once, writes the outcome into the audit
// row and hands it to the waiting request; the request answers. What the reference leaves out is
// what the product adds: NestJS, the guards and CSRF check, the agent's own work, the live state.
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { commandGap, quantiles } from './lib.mjs';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Its own audit table, shaped like `commands` (columns, keys, indexes), without triggers. */
const AUDIT = 'bench_bare_commands';
const elapsedMs = (start) => Number(process.hrtime.bigint() - start) / 1e6;

/**
 * `count` commands one after another through the bare chain. Returns two rows: the request to the
 * client receiving the command (the reference of "HTTP → relay") and the request to its answer
 * (the reference of "HTTP → relay → ack → HTTP answer").
 */
export async function bareCommandChain(databaseUrl, count) {
  const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await db.query(`DROP TABLE IF EXISTS ${AUDIT}; CREATE TABLE ${AUDIT} (LIKE commands INCLUDING ALL)`);
  const redis = new Redis(REDIS_URL);
  const sessionKey = `kort-bench-session-${randomUUID()}`;
  await redis.set(sessionKey, JSON.stringify({ userId: 1, csrf: randomUUID() }), 'EX', 600);

  const edge = createServer();
  const sockets = new Server(edge);
  edge.listen(0, '127.0.0.1');
  await once(edge, 'listening');
  const client = io(`http://127.0.0.1:${edge.address().port}`, { transports: ['websocket'], forceNew: true });
  /** When the client got the command being measured (null until it does). */
  let receivedAt;
  client.on('command', (command, ack) => {
    receivedAt = process.hrtime.bigint();
    ack({ ok: true, relays: { light: command.on } });
  });
  const [agent] = await Promise.all([once(sockets, 'connection').then(([socket]) => socket), once(client, 'connect')]);

  const name = `kort-bench-chain-${Date.now().toString(36)}`;
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  const queue = new Queue(name, { connection });
  const waiting = new Map();
  const worker = new Worker(
    name,
    async (job) => {
      const outcome = await agent.timeout(5000).emitWithAck('command', job.data);
      await db.query(`UPDATE ${AUDIT} SET status = 'done', finished_at = now() WHERE id = $1`, [job.data.id]);
      waiting.get(job.data.id)?.(outcome);
      return outcome;
    },
    { connection, concurrency: 50, removeOnComplete: { count: 0 } },
  );
  await worker.waitUntilReady();

  const api = createServer(async (request, response) => {
    await redis.get(sessionKey);
    const id = randomUUID();
    const on = request.url.endsWith('/on');
    await db.query(
      `INSERT INTO ${AUDIT} (id, site_id, device, action, requested_by, requested_at, deadline, status)
       VALUES ($1, 'default', 'light', $2, 1, now(), now() + interval '5 seconds', 'queued')`,
      [id, on ? 'light.on' : 'light.off'],
    );
    const outcome = new Promise((resolve) => waiting.set(id, resolve));
    await queue.add('deliver', { id, on });
    const { relays } = await outcome;
    waiting.delete(id);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ light_on: relays.light }));
  });
  api.listen(0, '127.0.0.1');
  await once(api, 'listening');
  const base = `http://127.0.0.1:${api.address().port}`;

  const toRelay = [];
  const toAnswer = [];
  try {
    for (let i = 0; i < count; i += 1) {
      await commandGap();
      receivedAt = null;
      const start = process.hrtime.bigint();
      const answer = await fetch(`${base}/light/${i % 2 === 0 ? 'on' : 'off'}`);
      await answer.arrayBuffer();
      toAnswer.push(elapsedMs(start));
      if (receivedAt !== null) toRelay.push(Number(receivedAt - start) / 1e6);
    }
  } finally {
    await new Promise((resolve) => api.close(resolve));
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    client.close();
    await new Promise((resolve) => sockets.close(resolve));
    await redis.del(sessionKey);
    await redis.quit();
    await db.query(`DROP TABLE ${AUDIT}`);
    await db.end();
  }
  return [
    { name: 'bare chain: HTTP → audit row → BullMQ → worker → socket.io', ...quantiles(toRelay) },
    { name: 'bare chain: … → ack → outcome row → HTTP answer', ...quantiles(toAnswer) },
  ];
}
