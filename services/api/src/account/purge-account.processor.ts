import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { QUEUES } from '../queues/queues';
import { AccountService, type PurgeAccountJob } from './account.service';

/** Runs PURGE_AFTER_MS after a self-deletion (queued by AccountService.deleteSelf). */
@Processor(QUEUES.accounts)
export class PurgeAccountProcessor extends WorkerHost {
  private readonly logger = new Logger('AccountPurge');

  constructor(private readonly account: AccountService) {
    super();
  }

  async process(job: Job<PurgeAccountJob>): Promise<void> {
    const purged = await this.account.purgeIfDue(job.data.userId);
    this.logger.log(
      { user: job.data.userId },
      purged ? 'personal data erased' : 'nothing to erase (restored, blocked by an admin, or not due)',
    );
  }
}
