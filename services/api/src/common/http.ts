import type { INestApplication } from '@nestjs/common';
import { serialize } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import proxyaddr from 'proxy-addr';

/**
 * What Kort's handlers and services use of HTTP beyond Nest's decorators, in one place: the request
 * and response types, and the few calls whose spelling is the framework's (cookies, redirects,
 * revalidation, the https test, the path, raw bytes, the router's route list). They import these
 * and never Fastify (docs/decisions/0107-fastify.md). The request chain itself is app.factory.ts's
 * and web/'s.
 */
export type HttpRequest = FastifyRequest;
export type HttpResponse = FastifyReply;

/** A cookie's attributes; `maxAge` in milliseconds (sent as Max-Age and Expires, as Express did). */
export interface Cookie {
  httpOnly?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  secure?: boolean;
  path?: string;
  maxAge?: number;
}

/**
 * Adds a Set-Cookie to the answer, beside any other: Fastify's `header('set-cookie')` appends, and
 * express-session adds the session's own when the head is written.
 */
export function setCookie(response: HttpResponse, name: string, value: string, cookie: Cookie): void {
  const { maxAge, ...rest } = cookie;
  const timed =
    maxAge === undefined ? {} : { expires: new Date(Date.now() + maxAge), maxAge: Math.floor(maxAge / 1000) };
  response.header('set-cookie', serialize(name, value, { path: '/', ...rest, ...timed }));
}

/** Tells the browser to drop a cookie (an expiry in the past, at the cookie's path). */
export function clearCookie(response: HttpResponse, name: string, cookie: Pick<Cookie, 'path'>): void {
  response.header('set-cookie', serialize(name, '', { path: '/', ...cookie, expires: new Date(1) }));
}

/** Answers with a redirect to `url` (302 unless said: Nest has set 200 by then, and Fastify keeps it). */
export function redirect(response: HttpResponse, url: string, status: 301 | 302 | 303 = 302): void {
  void response.redirect(url, status);
}

/** Answers with these bytes as they are, nothing added (the headers set before stay). */
export function sendBytes(response: HttpResponse, status: number, bytes?: Buffer): void {
  void response.code(status).send(bytes ?? null);
}

/** The client's copy is current: its If-None-Match holds the answer's ETag (a GET or HEAD answered 2xx). */
export function isFresh(request: HttpRequest, response: HttpResponse): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const status = response.statusCode;
  if ((status < 200 || status >= 300) && status !== 304) return false;
  return fresh(request.headers, { etag: response.getHeader('etag') });
}

/**
 * The request came over https: to us directly, or to the proxy TRUST_PROXY trusts, which says so
 * in X-Forwarded-Proto (its first value, as Express read it; Fastify's `protocol` takes the last).
 */
export function isHttps(request: HttpRequest): boolean {
  const socket = request.raw.socket as { encrypted?: boolean } | undefined;
  if (socket?.encrypted) return true;
  const trust = trustOf(request.server);
  if (!trust(request.raw.socket?.remoteAddress ?? '', 0)) return false;
  const header = request.headers['x-forwarded-proto'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',', 1)[0]?.trim();
  return first === 'https';
}

/** The request's whole path, without its query. */
export function urlPath(request: Pick<HttpRequest, 'url'>): string {
  return request.url.split('?', 1)[0] ?? '/';
}

const trusts = new WeakMap<object, (address: string, hop: number) => boolean>();

/** The app's TRUST_PROXY rule (app.factory.ts registers it), or «trust no proxy». */
function trustOf(server: FastifyInstance): (address: string, hop: number) => boolean {
  return trusts.get(server) ?? (() => false);
}

/** TRUST_PROXY as Express and Fastify read it: false, true, or a list of addresses and ranges. */
export function registerTrust(server: FastifyInstance, setting: boolean | string): void {
  trusts.set(
    server,
    setting === true
      ? () => true
      : setting === false
        ? () => false
        : proxyaddr.compile(setting.split(',').map((entry) => entry.trim())),
  );
}

export interface RouterEndpoint {
  /** One method for an endpoint. */
  methods: string[];
  path: string;
  /** Names of the functions the router calls: `Controller.method` for a Nest handler. */
  handlers: string[];
}

const registries = new WeakMap<object, RouterEndpoint[]>();

/** Starts listing every route the app's router will serve (app.factory.ts, before any is added). */
export function recordRoutes(server: FastifyInstance): void {
  const endpoints: RouterEndpoint[] = [];
  registries.set(server, endpoints);
  server.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD for every GET by itself: the GET is the route.
      if (method === 'HEAD') continue;
      endpoints.push({ methods: [method], path: route.url, handlers: [route.handler.name] });
    }
  });
}

/**
 * Every route the app's HTTP router serves, whoever registered it: Nest's handlers, Swagger's
 * documents, the web apps (the authorization matrix checks that each is known).
 */
export function listRouterEndpoints(app: INestApplication): RouterEndpoint[] {
  return registries.get(app.getHttpAdapter().getInstance() as object) ?? [];
}
