import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, QUEUES } from '../queues/queues';
import type { FreedSlot, HoldExpiryJob } from './freed-slots';
import { Waitlist } from './waitlist';

/** The waitlist's jobs: a freed hour offered to the first in line, an offer's hold running out. */
@Processor(QUEUES.waitlist)
export class WaitlistProcessor extends WorkerHost {
  constructor(private readonly waitlist: Waitlist) {
    super();
  }

  async process(job: Job<FreedSlot | HoldExpiryJob>): Promise<unknown> {
    if (job.name === JOBS.holdExpiry) return this.waitlist.expire((job.data as HoldExpiryJob).entryId);
    return this.waitlist.offer(job.data as FreedSlot);
  }
}
