import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job, Queue } from 'bullmq';
import type { Repository } from 'typeorm';
import { bookingRules } from '@kort/contracts';
import { Clock } from '../common/clock';
import { Notifier } from '../notifications/notifier';
import { JOBS, QUEUES } from '../queues/queues';
import { User } from '../users/user.entity';
import { Booking } from './booking.entity';

export interface BookingReminderJob {
  bookingId: number;
}

const REMINDER_LEAD_MS = bookingRules.reminderBeforeMinutes * 60_000;

export const reminderJobId = (bookingId: number): string => `booking-reminder-${bookingId}`;

/** A reminder 2 hours before each game (on the player's channels): a delayed job, removed when the game is cancelled. */
@Injectable()
export class BookingReminders {
  constructor(
    @InjectQueue(QUEUES.bookings) private readonly queue: Queue<BookingReminderJob>,
    private readonly clock: Clock,
  ) {}

  /** Games booked less than 2 hours ahead get no reminder: the player has just booked them. */
  async schedule(booking: Pick<Booking, 'id' | 'startsAt'>): Promise<void> {
    const delay = booking.startsAt.getTime() - REMINDER_LEAD_MS - this.clock.now().getTime();
    if (delay <= 0) return;
    await this.queue.add(JOBS.bookingReminder, { bookingId: booking.id }, { delay, jobId: reminderJobId(booking.id) });
  }

  async cancel(bookingId: number): Promise<void> {
    await this.queue.remove(reminderJobId(bookingId));
  }
}

@Processor(QUEUES.bookings)
export class BookingReminderProcessor extends WorkerHost {
  private readonly logger = new Logger('BookingReminders');

  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly notifier: Notifier,
  ) {
    super();
  }

  async process(job: Job<BookingReminderJob>): Promise<void> {
    const booking = await this.bookings.findOneBy({ id: job.data.bookingId });
    const user = booking && (await this.users.findOneBy({ id: booking.userId }));
    if (!booking || booking.cancelledAt || !user || user.deletedAt) {
      this.logger.log({ booking: job.data.bookingId }, 'reminder skipped: game cancelled or account gone');
      return;
    }
    await this.notifier.notify(user.id, {
      type: 'reminder',
      bookingId: booking.id,
      startsAt: booking.startsAt.toISOString(),
      courtId: booking.courtId,
    });
  }
}
