import { BeforeApplicationShutdown, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { LIVE_KEY, LIVE_TTL_MS, databasePlace } from './install-identity';

/**
 * Keeps `<prefix>install:live` naming this replica's database while it runs (install-identity.ts):
 * a copy of the database started on the same prefix meanwhile is refused. A missed refresh (Redis
 * away) is caught up on the next one.
 */
@Injectable()
export class InstallHeartbeat implements OnModuleInit, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private readonly place: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.place = databasePlace(config.databaseUrl);
  }

  onModuleInit(): void {
    void this.beat();
    this.timer = setInterval(() => void this.beat(), LIVE_TTL_MS / 3);
    this.timer.unref();
  }

  /** Before the Redis connection closes (RedisModule's onApplicationShutdown). */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    // Only our own mark: another database's (never ours to remove) stays.
    const mine = await this.redis.get(LIVE_KEY).catch(() => null);
    if (mine === this.place) await this.redis.del(LIVE_KEY).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    await this.redis.set(LIVE_KEY, this.place, 'PX', LIVE_TTL_MS).catch(() => undefined);
  }
}
