import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JOBS, QUEUES } from '../queues/queues';
import type { PaymentHoldJob } from './game-charges';
import { PaymentSweep, type SweepReport } from './payment-sweep';

/** A game's hold ending (its own job, on time) and the periodic sweep behind every step. */
@Processor(QUEUES.payments)
export class PaymentsProcessor extends WorkerHost {
  constructor(private readonly sweep: PaymentSweep) {
    super();
  }

  async process(job: Job<PaymentHoldJob | undefined>): Promise<boolean | SweepReport> {
    if (job.name === JOBS.paymentHold) return this.sweep.release((job.data as PaymentHoldJob).bookingId);
    return this.sweep.run();
  }
}
