import type { Params } from 'nestjs-pino';
import pino from 'pino';
import type { AppConfig } from './config/app-config';

/**
 * JSON logs an operator can grep. nestjs-pino is the services' logger (their `Logger` calls), with
 * no middleware of its own: the one line per request (method, URL with secrets masked, status,
 * time) is lifecycle/request-observer.ts's. Bodies (passwords, codes) are never logged; the request
 * line carries no headers, so no cookie, CSRF token or authorization can reach it.
 *
 * Lines go to stdout in batches (4 KB, or every second when quieter), not one write(2) each: at a
 * few thousand requests a second a write per line was a tenth of the API's CPU. pino flushes what
 * is buffered when the process exits, SIGTERM and crashes included.
 */
export function loggerOptions(config: AppConfig): Params {
  const options = { level: config.logLevel };
  return {
    pinoHttp:
      config.nodeEnv === 'development' && process.stdout.isTTY
        ? { ...options, transport: { target: 'pino-pretty', options: { singleLine: true } } }
        : [options, destination()],
    // No request-scoped logger: it would run every request inside an AsyncLocalStorage context.
    forRoutes: [],
  };
}

/**
 * Batched writes to stdout's file descriptor, unless something has wrapped process.stdout (a test
 * that reads the log lines): then through it, as pino itself decides for its default destination.
 */
function destination(): pino.DestinationStream {
  const stdout = process.stdout as NodeJS.WriteStream & { constructor: { prototype: { write: unknown } } };
  if (stdout.write !== stdout.constructor.prototype.write) return process.stdout;
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
