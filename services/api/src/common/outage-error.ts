/** Network errors on the way to PostgreSQL or Redis: the server is not there (yet, or any more). */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a PostgreSQL shutting down, crashed or starting up (class 08 is checked apart). */
const POSTGRES_GOING = new Set(['57P01', '57P02', '57P03']);
/** What ioredis and node-redis throw while their server is away. */
const REDIS_AWAY = new Set([
  'MaxRetriesPerRequestError',
  'ClientClosedError',
  'ClientOfflineError',
  'SocketClosedUnexpectedlyError',
  'ConnectionTimeoutError',
]);
/**
 * node-postgres's own words for a connection lost or never made, ioredis's for a closed one, and
 * node-redis's (the session store's) for a socket that went away.
 */
const LOST =
  /^(Connection terminated|Connection is closed|timeout exceeded when trying to connect|Socket closed unexpectedly)/;

/**
 * Whether an error means PostgreSQL or Redis is unavailable (restarting, unreachable), however the
 * driver or TypeORM wrapped it: the request may succeed later, so it is a 503, not a bug.
 */
export function isOutage(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, name, message, driverError, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (typeof code === 'string' && (NETWORK.has(code) || POSTGRES_GOING.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (typeof name === 'string' && REDIS_AWAY.has(name)) return true;
  // node-redis names its errors by class only: their `name` stays 'Error'.
  if (REDIS_AWAY.has((error as { constructor?: { name?: unknown } }).constructor?.name as string)) return true;
  if (typeof message === 'string' && LOST.test(message)) return true;
  return isOutage(driverError, depth + 1) || isOutage(cause, depth + 1);
}
