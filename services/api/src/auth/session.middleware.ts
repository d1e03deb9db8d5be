import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { RedisStore } from 'connect-redis';
import type { IncomingMessage, ServerResponse } from 'node:http';
import session from 'express-session';
import { createClient } from 'redis';
import { SESSION_COOKIE } from '@kort/contracts';
import { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';

const SESSION_REDIS = Symbol('SESSION_REDIS');
type SessionRedis = ReturnType<typeof createClient>;

/** A signed-in session's lifetime (and its cookie's) is extended at most this often. */
export const SESSION_REFRESH_MS = 60_000;
const SESSION_MAX_AGE_MS = 14 * 24 * 3600 * 1000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Social login's start (a GET) is the one read that begins a session: it keeps the OAuth state. */
const STARTS_SESSION_ON_GET = /^\/api\/auth\//i;
const SESSION_COOKIE_IN_HEADER = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * `sessionid` sessions in Redis (docs/security.md). connect-redis speaks node-redis, so
 * the store has its own node-redis client beside the API's ioredis one (with ioredis, its `set` fails).
 * Sessions are stored only once something is put in them (login, password recovery).
 *
 * One Redis round trip per signed-in request, the read: no touch on every answer
 * (docs/decisions/0051-request-cost.md). A signed-in session is extended (saved with a fresh TTL,
 * its cookie sent again) when it was last extended over a minute ago, so an active player's 14 days
 * still roll. A read without a session cookie gets no session object at all: it has none to read,
 * and every handler that writes one runs on a POST, except social login's start.
 */
@Injectable()
export class SessionMiddleware {
  private readonly handler: ReturnType<typeof session>;

  constructor(
    config: AppConfig,
    @Inject(SESSION_REDIS) client: SessionRedis,
    private readonly clock: Clock,
  ) {
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new RedisStore({ client, prefix: `${config.redisPrefix}sess:`, disableTouch: true }),
      resave: false,
      saveUninitialized: false,
      rolling: false,
      proxy: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        path: '/',
        maxAge: SESSION_MAX_AGE_MS,
      },
    });
  }

  /**
   * On Node's own request and response: the API's hook hands it Fastify's raw pair, and socket.io's
   * handshake (the /live gateway runs this too) has nothing else. `next` is called once, even when
   * express-session reports a late save failure after the answer has gone.
   */
  use(request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void): void {
    // The raw header: a handshake has no parsed cookies.
    const hasCookie = SESSION_COOKIE_IN_HEADER.test(request.headers.cookie ?? '');
    if (!hasCookie && SAFE_METHODS.has(request.method ?? '') && !STARTS_SESSION_ON_GET.test(request.url ?? '')) {
      return next();
    }
    let called = false;
    (this.handler as unknown as RawHandler)(request, response, (error?: unknown) => {
      if (called) return;
      called = true;
      if (!error) refresh(request, this.clock.now().getTime());
      next(error);
    });
  }
}

type RawHandler = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
type SessionRequest = IncomingMessage & { session?: session.Session & Partial<session.SessionData> };

/** Marks a signed-in session due for extension as changed: express-session then saves it. */
function refresh(request: SessionRequest, now: number): void {
  const current = request.session;
  if (!current?.userId) return;
  if (now - (current.refreshedAt ?? 0) < SESSION_REFRESH_MS) return;
  current.refreshedAt = now;
  current.touch(); // the cookie's expiry from now, which is also the TTL the store saves with
}

@Module({
  providers: [
    SessionMiddleware,
    {
      provide: SESSION_REDIS,
      inject: [AppConfig],
      useFactory: async (config: AppConfig): Promise<SessionRedis> => {
        const client: SessionRedis = createClient({ url: config.redisUrl });
        client.on('error', () => undefined); // reconnects by itself; ioredis reports the outage
        await client.connect();
        return client;
      },
    },
  ],
  exports: [SessionMiddleware],
})
export class SessionModule implements OnApplicationShutdown {
  constructor(@Inject(SESSION_REDIS) private readonly client: SessionRedis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close().catch(() => this.client.destroy());
  }
}
