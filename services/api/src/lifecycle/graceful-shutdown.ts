import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Readiness } from './readiness';

export interface ShutdownOptions {
  /** Longest wait for in-flight requests before their connections are cut. */
  deadlineMs: number;
  logger: LoggerService;
  /** Closes this replica's socket.io connections (RedisIoAdapter.disconnectLocalSockets). */
  disconnectSockets: () => number;
}

/**
 * How long a stopping replica keeps a kept-alive connection open for its client to close: nginx
 * closes one idle for 4 s (deploy/nginx/kort.conf.template), the replica's own keep-alive timeout
 * is 5 s (app.factory.ts).
 */
export const KEPT_ALIVE_GRACE_MS = 5_000;

/**
 * Stops one replica without losing work (docs/decisions/0048-draining.md), in this order:
 * 1. readiness turns 503, answers say `Connection: close`, and the listening socket closes: the
 *    proxy sends new requests to the other replica;
 * 2. requests already in flight finish, a device command waiting for its agent included, up to the
 *    deadline. Kept-alive connections are not closed under their client: nginx may be writing a
 *    request onto one (a POST it would not resend). Each stays until its client closes it, or its
 *    next request is answered with `Connection: close`, for at most KEPT_ALIVE_GRACE_MS; then the
 *    idle ones are closed and, at the deadline, the rest is cut;
 * 3. this replica's agents and dashboards are disconnected and reconnect, through the proxy, to
 *    another replica (after step 2: an agent leaving would fail a command still waiting for it);
 * 4. Nest's shutdown hooks: BullMQ workers finish their current jobs, then Redis and Postgres close.
 */
export async function shutDownGracefully(app: INestApplication, options: ShutdownOptions): Promise<void> {
  const started = Date.now();
  const readiness = app.get(Readiness);
  readiness.drain();
  const server = app.getHttpServer() as Server;
  // The listener only: http's own close() also closes the idle kept-alive connections at once.
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  options.logger.log({ inFlight: readiness.inFlight }, 'shutting down: no new connections, finishing requests');

  const deadline = started + options.deadlineMs;
  const graceEnd = Math.min(deadline, started + KEPT_ALIVE_GRACE_MS);
  while (
    (readiness.inFlight > 0 && Date.now() < deadline) ||
    (readiness.openConnections > 0 && Date.now() < graceEnd)
  ) {
    if (Date.now() >= graceEnd) server.closeIdleConnections();
    await sleep(50);
  }
  if (readiness.inFlight > 0) {
    options.logger.warn({ inFlight: readiness.inFlight }, 'requests still open at the deadline are cut');
  }
  const sockets = options.disconnectSockets();
  server.closeIdleConnections();
  // Websockets end with their disconnect; anything else left open is cut after a moment.
  const cut = setTimeout(() => server.closeAllConnections(), 1000);
  await closed;
  clearTimeout(cut);
  options.logger.log({ sockets, ms: Date.now() - started }, 'requests drained, sockets moved');
  await app.close();
}
