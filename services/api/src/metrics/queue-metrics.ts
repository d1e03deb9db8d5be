import { getQueueToken, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Queue, Worker } from 'bullmq';
import { Counter, Gauge, Registry } from 'prom-client';
import { QUEUES } from '../queues/queues';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
/** Prometheus waits 10 s by default: a Redis outage must cost a scrape less than that. */
const READ_TIMEOUT_MS = 2000;

const METRIC_QUEUES = Symbol('METRIC_QUEUES');

/** Every queue of queues.ts: a new queue is measured without a change here. */
export const metricQueues = {
  provide: METRIC_QUEUES,
  inject: Object.values(QUEUES).map((name) => getQueueToken(name)),
  useFactory: (...queues: Queue[]): Queue[] => queues,
};

/**
 * Queue depth, read from Redis when Prometheus scrapes, and the outcome of every job this
 * process's workers run, counted from the workers' events (the processors stay as they are).
 */
@Injectable()
export class QueueMetrics implements OnApplicationBootstrap {
  private readonly finished: Counter<'queue' | 'outcome'>;

  constructor(
    registry: Registry,
    @Inject(METRIC_QUEUES) queues: Queue[],
    private readonly discovery: DiscoveryService,
  ) {
    new Gauge({
      name: 'kort_queue_jobs',
      help:
        'Jobs in each BullMQ queue by state, read from Redis at scrape time; a queue Redis does not ' +
        'report within 2 s is left out. The queues are shared: take max() across replicas, not sum().',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        await Promise.all(
          queues.map(async (queue) => {
            const counts = await withTimeout(queue.getJobCounts(...STATES)).catch(() => null);
            if (!counts) return; // absent rather than a stale or a made-up zero
            for (const state of STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          }),
        );
      },
    });
    this.finished = new Counter({
      name: 'kort_queue_jobs_finished_total',
      help:
        "Jobs finished by this process's workers, by queue and outcome (completed, failed); a retried " +
        'job counts a failure for each failed attempt. Per process: sum() across replicas.',
      labelNames: ['queue', 'outcome'],
      registers: [registry],
    });
  }

  /** @nestjs/bullmq creates the workers in onModuleInit: they all exist by now. */
  onApplicationBootstrap(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (!(instance instanceof WorkerHost)) continue;
      const worker = (instance as { worker: Worker }).worker;
      const queue = worker.name;
      // Zero from the start, so rate() sees the first job.
      this.finished.inc({ queue, outcome: 'completed' }, 0);
      this.finished.inc({ queue, outcome: 'failed' }, 0);
      worker.on('completed', () => this.finished.inc({ queue, outcome: 'completed' }));
      worker.on('failed', () => this.finished.inc({ queue, outcome: 'failed' }));
    }
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), READ_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
