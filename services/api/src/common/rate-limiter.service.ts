import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RequestError } from '@kort/contracts';
import { REDIS } from '../redis/redis.module';
import { KortError } from './kort-error';

/**
 * Fixed-window counters in Redis, shared by every API replica. Used where guessing must be slow:
 * login, the e-mail lookup of login step 1, registration.
 */
@Injectable()
export class RateLimiter {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Counts one hit; true while the key stays within `limit` hits per `windowSeconds`. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<boolean> {
    const redisKey = `limit:${key}`;
    const [[, count]] = (await this.redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').exec()) as [
      [null, number],
      [null, number],
    ];
    return count <= limit;
  }

  /** Counts one hit and answers 429 past the limit. */
  async enforce(key: string, limit: number, windowSeconds: number): Promise<void> {
    if (!(await this.hit(key, limit, windowSeconds))) throw new KortError(RequestError.TooManyRequests);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`limit:${key}`);
  }
}
