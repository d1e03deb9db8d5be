import { INestApplication, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import bodyParser from 'body-parser';
import cookieParser from 'cookie-parser';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppModule, type AppOptions } from './app.module';
import { RequestError, SESSION_COOKIE } from '@kort/contracts';
import { answerOf } from './common/all-exceptions.filter';
import { CsrfService } from './common/csrf';
import { recordRoutes, registerTrust, urlPath } from './common/http';
import { requestObserver } from './lifecycle/request-observer';
import { SessionMiddleware } from './auth/session.middleware';
import { AgentAdmission } from './devices/agent-admission';
import { claimRedis, readInstall } from './install/install-identity';
import { RedisIoAdapter } from './devices/redis-io.adapter';
import { Readiness } from './lifecycle/readiness';
import { MetricsService } from './metrics/metrics.service';
import { openApiDocument } from './openapi';
import { allowOnly } from './web/access-list';
import { securityHeaders } from './web/security-headers';
import { WebApps } from './web/serve-web-apps';

export const BODY_LIMIT = '100kb';

const socketAdapters = new WeakMap<INestApplication, RedisIoAdapter>();

/** Closes the app's own socket.io connections (the graceful shutdown's second step). */
export function disconnectLocalSockets(app: INestApplication): number {
  return socketAdapters.get(app)?.disconnectLocalSockets() ?? 0;
}

/**
 * Builds the whole API (used by main.ts and by the tests, so both run the same pipeline). Signals
 * are main.ts's business: it drains the replica before Nest's shutdown hooks run.
 */
export async function createApp(options: AppOptions): Promise<INestApplication> {
  const { config } = options;
  // Whose Redis keys these are, before anything writes one (install/install-identity.ts).
  const install = await readInstall(config.databaseUrl);
  config.installPrefix = install.redisPrefix;
  const claim = await claimRedis(config.redisUrl, config.redisPrefix, install, config.databaseUrl);
  const trust = trustProxySetting(options.config.trustProxy);
  const headers = securityHeaders();
  const adapter = new FastifyAdapter({
    trustProxy: trust,
    // Node's own defaults (Fastify's are 72 s and none): a replica behind nginx keeps its habits.
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    routerOptions: {
      // The spec's paths end in '/', and Express matched with or without it, in any case.
      ignoreTrailingSlash: true,
      caseSensitive: false,
      maxParamLength: 16_384,
      // Express 5's 'simple' parser: repeated keys make an array, nothing nested.
      querystringParser: (query: string) => querystring.parse(query),
    },
    // A path the router cannot read (a broken %-escape) gets the API's answer, not Fastify's own.
    frameworkErrors: (_error: Error, request: FastifyRequest, reply: FastifyReply) => {
      headers(request, reply); // the hooks do not run for it
      const [status, body] = answerOf(RequestError.Failed);
      void reply.code(status).type('application/json; charset=utf-8').send(body);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(options), adapter, {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  new NestLogger('Install').log(
    { install: install.id, prefix: config.redisPrefix, chosen: config.redisPrefixSetting !== undefined },
    claim === 'claimed'
      ? 'the Redis keys under the prefix had no install: now marked as this one'
      : "the Redis keys under the prefix are this install's",
  );
  const fastify = app.getHttpAdapter().getInstance();
  registerTrust(fastify, trust);
  recordRoutes(fastify);
  // express-session and cookie-parser keep their work on Node's request: read it through.
  for (const key of ['session', 'sessionID', 'sessionStore', 'cookies'] as const)
    fastify.decorateRequest(key, {
      getter(this: FastifyRequest) {
        return (this.raw as unknown as Record<string, never>)[key];
      },
      setter(this: FastifyRequest, value: unknown) {
        (this.raw as unknown as Record<string, unknown>)[key] = value;
      },
    });
  fastify.decorateRequest('user', undefined);
  fastify.decorateRequest('site', undefined);
  // `/metrics` sits beside the API, where Prometheus expects it.
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  const sockets = new RedisIoAdapter(app, options.config, app.get(AgentAdmission));
  socketAdapters.set(app, sockets);
  app.useWebSocketAdapter(sockets);

  const observer = requestObserver(app.get(Readiness), app.get(MetricsService), PinoLogger.root);
  fastify.addHook('onRequest', (request, reply, done) => {
    observer.onRequest(request, reply);
    done();
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    observer.preValidation(request);
    done();
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    headers(request, reply);
    done();
  });
  const metricsAccess = allowOnly(options.config.access.metrics);
  const docsAccess = allowOnly(options.config.access.apiDocs);
  const webApps = new WebApps(options.config.webApps);
  const session = app.get(SessionMiddleware);
  const csrf = app.get(CsrfService);
  const cookies = cookieParser() as unknown as RawMiddleware;
  fastify.addHook('onRequest', (request, reply, done) => {
    const path = urlPath(request);
    if (/^\/metrics(\/|$)/i.test(path)) return metricsAccess(request, reply) ? done() : undefined;
    // Swagger UI at /api/docs/, the document at /api/docs-json and /api/docs-yaml.
    if (/^\/api\/docs/i.test(path)) return docsAccess(request, reply) ? done() : undefined;
    if (!/^\/api(\/|$)/i.test(path)) {
      const answer = webApps.answerFor(request.method, path);
      if (!answer) return done();
      void reply.hijack();
      return answer(request.raw, reply.raw);
    }
    apiRequest(request, reply, done);
  });

  /** The API's own chain: no-store, a body Fastify would refuse unread, cookies, the session, the CSRF cookie. */
  function apiRequest(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    void reply.header('Cache-Control', 'no-store');
    // A Content-Type Fastify cannot read would be refused with a 415 before any parser runs; the
    // API reads every body as JSON whatever it says, as it always has.
    if (unreadableType(request.headers['content-type'])) delete request.raw.headers['content-type'];
    cookies(request.raw, reply.raw, () =>
      session.use(request.raw, reply.raw, (error) => {
        if (error) return done(error instanceof Error ? error : new Error('the session could not be read'));
        csrf.middleware(request, reply, () => done());
      }),
    );
  }

  // Every body through body-parser, as on Express: JSON whatever its type, 100 kB; an agent bundle's
  // upload raw, up to 64 MB, and read only for a request that carries a session and the CSRF header
  // (anything else is refused by the request gate with its body unread).
  const json = bodyParser.json({ limit: BODY_LIMIT, type: () => true }) as unknown as RawMiddleware;
  const raw = bodyParser.raw({ limit: BUNDLE_LIMIT, type: () => true }) as unknown as RawMiddleware;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, _payload, done) => {
    const body = request.raw as IncomingMessage & { body?: unknown };
    const parsed = (error?: unknown) =>
      error
        ? done(error instanceof Error ? error : new Error('the body could not be read'), undefined)
        : done(null, body.body);
    if (request.method === 'OPTIONS') return done(null, undefined);
    if (request.method === 'POST' && BUNDLE_PATH.test(urlPath(request))) {
      const signedIn = SESSION_IN_COOKIES.test(request.headers.cookie ?? '') && !!request.headers['x-csrftoken'];
      return signedIn ? raw(request.raw, {} as ServerResponse, parsed) : done(null, undefined);
    }
    json(request.raw, {} as ServerResponse, parsed);
  });

  const document = openApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { useGlobalPrefix: false });
  return app;
}

type RawMiddleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/** TRUST_PROXY=false/true are booleans; anything else is its list of addresses. */
function trustProxySetting(value: string): boolean | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/** A Content-Type header Fastify would refuse to read (not `type/subtype`). */
function unreadableType(value: string | undefined): boolean {
  return value !== undefined && !/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+\s*(;.*)?$/i.test(value.trim());
}

const BUNDLE_PATH = /^\/api\/admin\/agent-releases\/?$/i;
const BUNDLE_LIMIT = '64mb';
const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
