import type { INestApplication, LoggerService } from '@nestjs/common';
import type { Server } from 'node:http';
import { Readiness } from './readiness';

export interface ShutdownOptions {
  /** Longest wait for in-flight requests before their connections are cut. */
  deadlineMs: number;
  logger: LoggerService;
  /** Closes this replica's socket.io connections (RedisIoAdapter.disconnectLocalSockets). */
  disconnectSockets: () => number;
}

/**
 * Stops one replica without losing work (issue 8), in this order:
 * 1. readiness turns 503 and the listening socket closes: the proxy sends new requests elsewhere
 *    (a refused connection is retried on the next upstream);
 * 2. this replica's agents and dashboards are disconnected and reconnect through the proxy to
 *    another replica;
 * 3. requests already in flight finish (idle keep-alive connections are closed as they go idle);
 *    whatever is still open at the deadline is cut;
 * 4. Nest's shutdown hooks: BullMQ workers finish their current jobs, then Redis and Postgres close.
 */
export async function shutDownGracefully(app: INestApplication, options: ShutdownOptions): Promise<void> {
  const started = Date.now();
  app.get(Readiness).drain();
  const server = app.getHttpServer() as Server;
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  const sockets = options.disconnectSockets();
  options.logger.log({ sockets }, 'shutting down: no new connections, waiting for requests in flight');

  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), options.deadlineMs);
  });
  const outcome = await Promise.race([drained.then(() => 'drained' as const), deadline]);
  clearInterval(idle);
  clearTimeout(timer);
  if (outcome === 'deadline') {
    options.logger.warn({ deadlineMs: options.deadlineMs }, 'requests still open at the deadline were cut');
    server.closeAllConnections();
  }
  options.logger.log({ ms: Date.now() - started }, 'requests drained');
  await app.close();
}
