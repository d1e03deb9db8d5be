import { Inject, Injectable, Module, NestMiddleware, OnApplicationShutdown } from '@nestjs/common';
import { RedisStore } from 'connect-redis';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { createClient } from 'redis';
import { SESSION_COOKIE } from '@kort/contracts';
import { AppConfig } from '../config/app-config';

const SESSION_REDIS = Symbol('SESSION_REDIS');
type SessionRedis = ReturnType<typeof createClient>;

/**
 * `sessionid` sessions in Redis (ARCHITECTURE.md section 3). connect-redis speaks node-redis, so
 * the store has its own node-redis client beside the API's ioredis one (STACK-NOTES pitfall 5).
 * Sessions are stored only once something is put in them (login, password recovery).
 */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: ReturnType<typeof session>;

  constructor(config: AppConfig, @Inject(SESSION_REDIS) client: SessionRedis) {
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.sessionSecret,
      store: new RedisStore({ client, prefix: `${config.redisPrefix}sess:` }),
      resave: false,
      saveUninitialized: false,
      rolling: true,
      proxy: true,
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: 'auto',
        path: '/',
        maxAge: 14 * 24 * 3600 * 1000,
      },
    });
  }

  use(request: Request, response: Response, next: NextFunction): void {
    this.handler(request, response, next);
  }
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
