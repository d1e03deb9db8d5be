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
    return (await this.increment(key, windowSeconds)) <= limit;
  }

  /** Counts one hit in the key's window (which starts with its first hit); the hits so far. */
  async increment(key: string, windowSeconds: number): Promise<number> {
    const redisKey = `limit:${key}`;
    const [[, count]] = (await this.redis.multi().incr(redisKey).expire(redisKey, windowSeconds, 'NX').exec()) as [
      [null, number],
      [null, number],
    ];
    return count;
  }

  /** The hits in the key's current window, without counting one. */
  async count(key: string): Promise<number> {
    return Number((await this.redis.get(`limit:${key}`)) ?? 0);
  }

  /** Counts one hit and answers 429 past the limit. */
  async enforce(key: string, limit: number, windowSeconds: number): Promise<void> {
    if (!(await this.hit(key, limit, windowSeconds))) throw new KortError(RequestError.TooManyRequests);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`limit:${key}`);
  }
}
