import type { FastifyReply, FastifyRequest } from 'fastify';
import { urlPath } from '../common/http';
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
  return {
    /** First of the onRequest hooks: counted in, timed, and written down once answered or abandoned. */
    onRequest(request: FastifyRequest, reply: FastifyReply): void {
      const response = reply.raw;
      const release = readiness.started(response);
      const started = performance.now();
      const record = metrics.timeRequest();
      const path = urlPath(request);
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
          req: { id, method: request.method, url: redactUrl(request.url) },
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
    },
    /** A request that got this far was routed to a handler (its body read and accepted). */
    preValidation(request: FastifyRequest): void {
      routed.add(request);
    },
  };
}

/** Requests that reached their handler's validation: their route is the one they name. */
const routed = new WeakSet<FastifyRequest>();

const same = <T>(value: T): T => value;

/** Secrets that travel in URLs: query codes and tokens, the calendar feed's path. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](code|token)=)[^&]*/gi, '$1[redacted]').replace(/(\/api\/calendar\/)[^/?]+/, '$1[redacted]');
}

/**
 * The pattern the router matched (`/api/admin/users/:id`), never the raw URL: ids and query strings
 * would make a series each. API requests refused before routing (a bad body, an unknown path) are
 * one `unmatched`; everything outside the API and `/metrics` is one `web`.
 */
function routeOf(request: FastifyRequest, path: string): string {
  const pattern = routed.has(request) ? request.routeOptions.url : undefined;
  const api = /^\/(api|metrics)(\/|$)/i.test(path);
  if (api && typeof pattern === 'string' && !pattern.includes('*')) return pattern;
  return api ? 'unmatched' : 'web';
}
