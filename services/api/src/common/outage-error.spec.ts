import { SocketClosedUnexpectedlyError } from '@redis/client/dist/lib/errors';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { isOutage } from './outage-error';

/** A local port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('isOutage', () => {
  it("recognises node-redis's lost socket (the session store while Redis restarts): a 503, not a 500", () => {
    const lost = new SocketClosedUnexpectedlyError();
    expect(lost.name).toBe('Error'); // why its class, not its name, is what is read
    expect(isOutage(lost)).toBe(true);
    expect(isOutage(new Error('Socket closed unexpectedly'))).toBe(true);
  });

  it('recognises PostgreSQL that is not there, as the driver and TypeORM report it', async () => {
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/kort` });
    const refused: unknown = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    await client.end().catch(() => undefined);
    expect(isOutage(refused)).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isOutage(new QueryFailedError('SELECT 1', [], shutdown))).toBe(true);
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isOutage(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
  });

  it('recognises Redis that is not there, as ioredis and node-redis report it', () => {
    // ioredis (redis.module.ts) once its reconnections ran out; node-redis (the session store).
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    expect(isOutage(named('MaxRetriesPerRequestError', 'Reached the max retries per request limit'))).toBe(true);
    expect(isOutage(named('ClientClosedError', 'The client is closed'))).toBe(true);
    expect(isOutage(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
  });

  it('leaves bugs and refusals alone', () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(isOutage(new QueryFailedError('INSERT', [], unique))).toBe(false);
    expect(isOutage(new EntityNotFoundError('Command', { id: 'x' }))).toBe(false);
    expect(isOutage(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isOutage('Connection terminated')).toBe(false);
    expect(isOutage(null)).toBe(false);
  });
});
