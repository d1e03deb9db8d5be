// The framework's floor, measured side by side in one run: a bare node `http` server, bare NestJS
// on Express (bench/hello-app.cjs) and bare NestJS on Fastify (the same app, HELLO_ADAPTER=fastify), each a
// GET answering a small JSON object, loaded in turn for `rounds` rounds so the machine's drift is
// shared. `node bench/framework-floor.mjs [rounds] [seconds]`.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { load, startServer } from './lib.mjs';

export async function frameworkFloor({ rounds = 3, seconds = 8 } = {}) {
  const node = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"detail":"hello"}');
  }).listen(0, '127.0.0.1');
  await once(node, 'listening');
  const express = await startServer('bench/hello-app.cjs', '/api/hello');
  const fastify = await startServer('bench/hello-app.cjs', '/api/hello', { HELLO_ADAPTER: 'fastify' });
  const targets = {
    'bare node http': `http://127.0.0.1:${node.address().port}/api/hello`,
    'bare NestJS on Express': `${express.base}/api/hello`,
    'bare NestJS on Fastify': `${fastify.base}/api/hello`,
  };
  const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  try {
    for (let round = 0; round < rounds; round += 1)
      for (const [name, url] of Object.entries(targets)) runs[name].push(await load(name, { url, duration: seconds }));
  } finally {
    await Promise.all([express.stop(), fastify.stop(), new Promise((resolve) => node.close(resolve))]);
  }
  return Object.entries(runs).map(([name, rows]) => ({
    name,
    rps: rows.map((row) => row.rps),
    p99_ms: rows.map((row) => row.p99_ms),
  }));
}

export function printFloor(rows) {
  console.log('\nThe framework floor: one GET answering a small JSON object, 50 connections, the rounds in turn\n');
  console.table(
    rows.map((row) => ({
      name: row.name,
      'req/s by round': row.rps.join(', '),
      'p99 ms by round': row.p99_ms.join(', '),
    })),
  );
  const [node, express, fastify] = rows.map((row) => row.rps);
  const by = (a, b) => a.map((rps, i) => (rps / b[i]).toFixed(2)).join(', ');
  console.log(`Fastify / Express by round: ${by(fastify, express)}; Express / node: ${by(express, node)}`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFloor(await frameworkFloor({ rounds: Number(process.argv[2] ?? 3), seconds: Number(process.argv[3] ?? 8) }));
