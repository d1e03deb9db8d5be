import type { NextFunction, Request, Response } from 'express';
import type { Logger as PinoLogger } from 'pino';
import type { Readiness } from './readiness';
import type { MetricsService } from '../metrics/metrics.service';

/** Probes and scrapes come every few seconds from the proxy and Prometheus: not worth a line each. */
const UNLOGGED = /^\/(api\/health|metrics)(\/|$)/;

/**
 * What happens to every request once it is answered, in one place and with one pair of listeners:
 * the in-flight count the graceful shutdown waits for, the request histogram, and the access log
 * line. The line is written here with pino rather than by pino-http under nestjs-pino's
 * request-scoped logger, which puts every request in an AsyncLocalStorage context (promise hooks on
 * every promise) and builds a child logger per request: the two cost a third of a simple request's
 * CPU (docs/decisions.md). The line keeps pino-http's shape: `req` {id, method, url}, `res`
 * {statusCode}, `responseTime`, "request completed"/"request errored".
 */
export function requestObserver(readiness: Readiness, metrics: MetricsService, root: PinoLogger) {
  // The root is pino-http's: its `req`/`res` serializers expect Node's objects, not these summaries.
  const log = root.child({}, { serializers: { req: same, res: same } });
  let nextId = 0;
  return (request: Request, response: Response, next: NextFunction): void => {
    const release = readiness.started(response);
    const started = performance.now();
    const record = metrics.timeRequest();
    // Read now: routers mounted on a path strip it from the request while they handle it.
    const path = request.path;
    const id = (nextId += 1);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      release();
      const status = response.statusCode;
      record({ method: request.method, route: routeOf(request, path), status: String(status) });
      if (UNLOGGED.test(path)) return;
      const line = {
        req: { id, method: request.method, url: redactUrl(request.originalUrl) },
        res: { statusCode: status },
        responseTime: Math.round(performance.now() - started),
      };
      if (!response.writableFinished) log.warn(line, 'request aborted');
      else if (status >= 500) log.error(line, 'request errored');
      else if (status >= 400) log.warn(line, 'request completed');
      else log.info(line, 'request completed');
    };
    response.once('finish', finish);
    response.once('close', finish);
    next();
  };
}

const same = <T>(value: T): T => value;

/** Secrets that travel in URLs: query codes and tokens, the calendar feed's path. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](code|token)=)[^&]*/gi, '$1[redacted]').replace(/(\/api\/calendar\/)[^/?]+/, '$1[redacted]');
}

/**
 * The pattern Express matched (`/api/admin/users/:id`), read once the answer is sent, never the raw
 * URL: ids and query strings would make a series each. Nest answers unknown API paths from a
 * catch-all route (`*path`): all of them are one `unmatched`, as are API requests refused before
 * routing. Everything outside the API and `/metrics` is one `web`.
 */
function routeOf(request: Request, path: string): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string' && !pattern.includes('*')) return `${request.baseUrl}${pattern}`;
  return /^\/(api|metrics)(\/|$)/.test(path) ? 'unmatched' : 'web';
}
