import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, QUEUES } from '../queues/queues';
import { AgentOfflineCheck } from './agent-offline-check';
import { AlertMessages, type AlertJob } from './alert-messages';

/** An alert's Telegram message, and the periodic check for agents away too long. */
@Processor(QUEUES.alerts)
export class AlertsProcessor extends WorkerHost {
  constructor(
    private readonly messages: AlertMessages,
    private readonly offline: AgentOfflineCheck,
  ) {
    super();
  }

  async process(job: Job<AlertJob | undefined>): Promise<unknown> {
    if (job.name === JOBS.alertTelegram) return this.messages.send(job as Job<AlertJob>);
    return this.offline.run();
  }
}
