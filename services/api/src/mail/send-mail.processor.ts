import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnModuleDestroy } from '@nestjs/common';
import type { Job } from 'bullmq';
import { MAIL_CONCURRENCY, QUEUES } from '../queues/queues';
import { MailSender, type OutgoingMail } from './mail-sender';

@Processor(QUEUES.mail, { concurrency: MAIL_CONCURRENCY })
export class SendMailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');

  constructor(private readonly sender: MailSender) {
    super();
  }

  async process(job: Job<OutgoingMail>): Promise<void> {
    await this.sender.send(job.data);
    this.logger.log({ job: job.id, to: maskEmail(job.data.to) }, 'mail sent');
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job<OutgoingMail> | undefined, error: Error): void {
    this.logger.warn(
      { job: job?.id, to: job ? maskEmail(job.data.to) : undefined, attempt: job?.attemptsMade, error: error.message },
      'mail not sent, will retry while attempts remain',
    );
  }

  onModuleDestroy(): void {
    this.sender.close();
  }
}

/** Enough of an address for an operator to recognise it, not enough to harvest it from logs. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
