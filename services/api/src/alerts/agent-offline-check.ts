import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '../config/app-config';
import { JOBS, QUEUES } from '../queues/queues';
import { AlertsService } from './alerts.service';

/** How often the check runs (every replica schedules the same one: BullMQ keeps one scheduler per id). */
export const OFFLINE_CHECK_EVERY_MS = 30_000;

/**
 * The API's own alert about an agent: away (its site marked offline) longer than
 * AGENT_OFFLINE_ALERT_MIN is `agent.offline`; back online, it is resolved (at once by the edge
 * gateway's connect, and here for any the connect missed). Safe on any number of replicas: each step
 * is one statement the partial unique index keeps from raising a site's alert twice.
 */
@Injectable()
export class AgentOfflineCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('Alerts');

  constructor(
    @InjectQueue(QUEUES.alerts) private readonly queue: Queue,
    private readonly alerts: AlertsService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(JOBS.agentOfflineCheck, { every: OFFLINE_CHECK_EVERY_MS }, { name: JOBS.agentOfflineCheck })
      .catch((error: unknown) => this.logger.error({ error: String(error) }, 'agent offline check not scheduled'));
  }

  async run(): Promise<{ raised: number; resolved: number }> {
    return {
      resolved: await this.alerts.resolveBackOnline(null),
      raised: await this.alerts.raiseAway(this.config.agentOfflineAlertMin),
    };
  }
}
