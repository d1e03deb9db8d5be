import type { INestApplication } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';

/**
 * What Kort's handlers and services use of HTTP beyond Nest's decorators, in one place: the request
 * and response types, and the few calls whose spelling differs from one HTTP framework to another
 * (cookies, redirects, revalidation, the https test, the path, raw bytes). They import these and never
 * the framework, so the move from Express to Fastify (docs/decisions/0107-fastify.md) rewrites this
 * file rather than every handler. The request chain itself (app.factory.ts, web/, the session and
 * CSRF middleware) is the framework's and moves with it.
 */
export type HttpRequest = Request;
export type HttpResponse = Response;

/** A cookie's attributes; `maxAge` in milliseconds (sent as Max-Age and Expires). */
export type Cookie = Pick<CookieOptions, 'httpOnly' | 'sameSite' | 'secure' | 'path' | 'maxAge'>;

/** Adds a Set-Cookie to the answer (beside any other: the session's, a second token's). */
export function setCookie(response: HttpResponse, name: string, value: string, cookie: Cookie): void {
  response.cookie(name, value, cookie);
}

/** Tells the browser to drop a cookie (an expiry in the past, at the cookie's path). */
export function clearCookie(response: HttpResponse, name: string, cookie: Pick<Cookie, 'path'>): void {
  response.clearCookie(name, cookie);
}

/** Answers with a redirect to `url` (302 unless said). */
export function redirect(response: HttpResponse, url: string, status: 301 | 302 | 303 = 302): void {
  response.redirect(status, url);
}

/** Answers with these bytes as they are, nothing added (the headers set before stay). */
export function sendBytes(response: HttpResponse, status: number, bytes?: Buffer): void {
  response.status(status).end(bytes);
}

/** The client's copy is current: its If-None-Match holds the answer's ETag (a GET or HEAD answered 2xx). */
export function isFresh(request: HttpRequest): boolean {
  return request.fresh;
}

/**
 * The request came over https: to us directly, or to the proxy TRUST_PROXY trusts, which says so
 * in X-Forwarded-Proto (its first value).
 */
export function isHttps(request: HttpRequest): boolean {
  return request.secure;
}

/** The request's whole path, without its query, whatever mount it is read under. */
export function urlPath(request: HttpRequest): string {
  return (request.originalUrl || request.url).split('?', 1)[0] ?? '/';
}

export interface RouterEndpoint {
  /** One method for an endpoint; Nest binds a middleware (`forRoutes`) to every method at once. */
  methods: string[];
  path: string;
  /** Names of the functions the router calls: `Controller.method` for a Nest handler. */
  handlers: string[];
}

/**
 * Every route the app's HTTP router serves, whoever registered it: Nest's handlers, Swagger's
 * documents, and Nest's middleware bindings (the authorization matrix checks that each is known).
 */
export function listRouterEndpoints(app: INestApplication): RouterEndpoint[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route
      ? [
          {
            methods: Object.keys(route.methods).map((method) => method.toUpperCase()),
            path: route.path,
            handlers: route.stack.map((handler) => handler.name),
          },
        ]
      : [],
  );
}

interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean>; stack: { name: string }[] };
}
