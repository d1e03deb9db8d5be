import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JOBS, QUEUES } from '../queues/queues';
import type { OutgoingMail } from './mail-sender';

/** Queues a letter; the SendMailProcessor delivers it with retries, off the request path. */
@Injectable()
export class MailService {
  constructor(@InjectQueue(QUEUES.mail) private readonly queue: Queue<OutgoingMail>) {}

  async enqueue(mail: OutgoingMail): Promise<void> {
    await this.queue.add(JOBS.sendMail, mail);
  }
}
