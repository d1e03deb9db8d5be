import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/**
 * The API's ioredis connection (rate limits and, through BullMQ, the queues). Keys are prefixed
 * (the install's own prefix unless REDIS_PREFIX chooses one: install/install-identity.ts).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new Redis(config.redisUrl, { keyPrefix: config.redisPrefix, maxRetriesPerRequest: 3 }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
