import type { NextFunction, Request, Response } from 'express';
import type { MetricsService } from './metrics.service';

/**
 * Times every request (registered first in app.factory.ts, so the web apps' files, bad JSON and
 * session errors count too) by the route pattern it matched, never the raw URL: ids and query
 * strings would make a series each.
 */
export function httpMetrics(metrics: MetricsService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const done = metrics.timeRequest();
    // Read now: routers mounted on a path strip it from the request while they handle it.
    const path = request.path;
    response.once('finish', () =>
      done({ method: request.method, route: routeOf(request, path), status: String(response.statusCode) }),
    );
    next();
  };
}

/**
 * The pattern Express matched (`/api/admin/users/:id`), read once the answer is sent. Nest answers
 * unknown API paths from a catch-all route (`*path`): all of them are one `unmatched`, as are API
 * requests refused before routing. Everything outside the API and `/metrics` is one `web`.
 */
function routeOf(request: Request, path: string): string {
  const pattern = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string' && !pattern.includes('*')) return `${request.baseUrl}${pattern}`;
  return /^\/(api|metrics)(\/|$)/.test(path) ? 'unmatched' : 'web';
}
