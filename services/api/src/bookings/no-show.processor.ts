import { Processor, WorkerHost } from '@nestjs/bullmq';
import { DelayedError, type Job } from 'bullmq';
import { QUEUES } from '../queues/queues';
import { NO_SHOW_RECHECK_MS, NoShows, type NoShowCheckJob, type NoShowVerdict } from './no-shows';

/** A game's no-show check at its release time, checked again later while the door's state is unknown. */
@Processor(QUEUES.noShows)
export class NoShowProcessor extends WorkerHost {
  constructor(private readonly noShows: NoShows) {
    super();
  }

  async process(job: Job<NoShowCheckJob>, token?: string): Promise<NoShowVerdict> {
    const verdict = await this.noShows.check(job.data.bookingId);
    if ((verdict === 'door-unknown' || verdict === 'not-yet') && token) {
      // Same job, later: its id keeps it the one check of this game.
      await job.moveToDelayed(Date.now() + NO_SHOW_RECHECK_MS, token);
      throw new DelayedError();
    }
    return verdict;
  }
}
