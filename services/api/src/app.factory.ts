import { INestApplication, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppModule, type AppOptions } from './app.module';
import { SESSION_COOKIE } from '@kort/contracts';
import { bodyParserError } from './common/all-exceptions.filter';
import { CsrfService } from './common/csrf';
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
import { serveWebApps } from './web/serve-web-apps';

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
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(options), {
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
  app.set('trust proxy', trustProxySetting(options.config.trustProxy));
  // No ETag on API answers: a hash of every body, for clients that never revalidate JSON. The web
  // apps' files keep theirs (serve-static sets its own).
  app.set('etag', false);
  // Nothing to gain from telling every client (and scanner) the framework.
  app.disable('x-powered-by');
  // `/metrics` sits beside the API, where Prometheus expects it.
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  const sockets = new RedisIoAdapter(app, options.config, app.get(AgentAdmission));
  socketAdapters.set(app, sockets);
  app.useWebSocketAdapter(sockets);

  app.use(requestObserver(app.get(Readiness), app.get(MetricsService), PinoLogger.root));
  app.use(securityHeaders());
  app.use('/metrics', allowOnly(options.config.access.metrics));
  const docsAccess = allowOnly(options.config.access.apiDocs);
  // Swagger UI at /api/docs/, the document at /api/docs-json and /api/docs-yaml.
  app.use((request: Request, response: Response, next: NextFunction) =>
    request.path.startsWith('/api/docs') ? docsAccess(request, response, next) : next(),
  );
  serveWebApps(app, options.config.webApps);
  app.use('/api', noStore, cookieParser(), jsonBody(), jsonErrors);
  const session = app.get(SessionMiddleware);
  app.use('/api', (request: Request, response: Response, next: NextFunction) => session.use(request, response, next));
  app.use('/api', app.get(CsrfService).middleware);

  const document = openApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { useGlobalPrefix: false });
  return app;
}

/** TRUST_PROXY=false/true are booleans to Express; anything else is its list of addresses. */
function trustProxySetting(value: string): boolean | string {
  if (value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

/**
 * API answers are a player's or an admin's own data: no browser, proxy or shared cache keeps them
 * (a phone left on the Back button, a club's Wi-Fi proxy). A route that may be kept says so (the
 * calendar feed), and Swagger UI's files are the reference's, not anyone's data.
 */
function noStore(request: Request, response: Response, next: NextFunction): void {
  if (!request.path.startsWith('/docs')) response.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * JSON bodies for the API; a GET, HEAD or OPTIONS has none, so it is not read for one. An agent
 * bundle's upload is the one raw body (releases/agent-releases.controller.ts), up to BUNDLE_LIMIT.
 */
function jsonBody() {
  const parse = express.json({ limit: BODY_LIMIT, type: () => true });
  const raw = express.raw({ limit: BUNDLE_LIMIT, type: () => true });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (BODILESS.has(request.method)) return next();
    if (request.method === 'POST' && BUNDLE_PATH.test(request.path)) {
      // 64 MB is read only for a request that carries a session and the CSRF header; anything else
      // is refused by the request gate with its body unread.
      const signedIn = SESSION_IN_COOKIES.test(request.headers.cookie ?? '') && !!request.headers['x-csrftoken'];
      return signedIn ? raw(request, response, next) : next();
    }
    parse(request, response, next);
  };
}
// Matched under the `/api` mount, where Express strips the mount from `request.path`.
const BUNDLE_PATH = /^\/admin\/agent-releases\/?$/;
const BUNDLE_LIMIT = '64mb';
const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** body-parser reports bad JSON to Express, outside Nest's filters: answer it the same way. */
function jsonErrors(error: unknown, _request: Request, response: Response, next: NextFunction): void {
  const answer = bodyParserError(error);
  if (!answer) return next(error);
  response.status(answer[0]).json(answer[1]);
}
