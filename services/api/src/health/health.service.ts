import { getQueueToken } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { Readiness } from '../lifecycle/readiness';
import { QUEUES } from '../queues/queues';
import { REDIS } from '../redis/redis.module';

type Check = 'up' | 'down';

export interface HealthReport {
  /** 'draining': this replica is shutting down and takes no new work. */
  detail: 'ok' | 'degraded' | 'draining';
  postgres: Check;
  redis: Check;
  queues: Record<string, { waiting: number; delayed: number; failed: number } | 'down'>;
}

/**
 * What this replica's readiness is made of: PostgreSQL and Redis answering (each given 2 s), every
 * queue's depth, and whether the replica is draining. Healthy means both stores answer and it is
 * not draining; a queue that cannot be read is reported, not fatal.
 */
@Injectable()
export class HealthService {
  private readonly queues: Queue[];

  constructor(
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly readiness: Readiness,
    modules: ModuleRef,
  ) {
    // Every queue of queues.ts, so that a queue added there is watched here without a second list.
    this.queues = Object.values(QUEUES).map((name) => modules.get<Queue>(getQueueToken(name), { strict: false }));
  }

  async report(): Promise<HealthReport> {
    const [postgres, redis, queues] = await Promise.all([
      probe(() => this.db.query('SELECT 1')),
      probe(() => this.redis.ping()),
      this.queueDepths(),
    ]);
    const healthy = postgres === 'up' && redis === 'up';
    return { detail: this.readiness.draining ? 'draining' : healthy ? 'ok' : 'degraded', postgres, redis, queues };
  }

  private async queueDepths(): Promise<HealthReport['queues']> {
    const entries = await Promise.all(
      this.queues.map(async (queue) => {
        try {
          const counts = await withTimeout(queue.getJobCounts('waiting', 'delayed', 'failed'));
          return [
            queue.name,
            { waiting: counts.waiting ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 },
          ];
        } catch {
          return [queue.name, 'down'];
        }
      }),
    );
    return Object.fromEntries(entries) as HealthReport['queues'];
  }
}

async function probe(check: () => Promise<unknown>): Promise<Check> {
  try {
    await withTimeout(check());
    return 'up';
  } catch {
    return 'down';
  }
}

function withTimeout<T>(promise: Promise<T>, ms = 2000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
