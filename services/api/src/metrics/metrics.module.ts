import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { metricQueues, QueueMetrics } from './queue-metrics';

/**
 * Prometheus metrics at `/metrics` (docs/decisions/0045-metrics.md). A registry of each app's own, not
 * prom-client's global one: the tests run many apps in one process. Node's default metrics
 * (`process_*`, `nodejs_*`) sit beside ours (`http_*`, `kort_*`).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [MetricsController],
  providers: [
    {
      provide: Registry,
      useFactory: (): Registry => {
        const registry = new Registry();
        collectDefaultMetrics({ register: registry });
        return registry;
      },
    },
    MetricsService,
    QueueMetrics,
    metricQueues,
  ],
  exports: [MetricsService],
})
export class MetricsModule {}
