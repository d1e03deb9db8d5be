import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { bookingRules } from '@kort/contracts';
import { Clock } from '../common/clock';
import { Notifier } from '../notifications/notifier';
import { JOBS, QUEUES, REMINDER_CONCURRENCY } from '../queues/queues';
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

@Processor(QUEUES.bookings, { concurrency: REMINDER_CONCURRENCY })
export class BookingReminderProcessor extends WorkerHost {
  private readonly logger = new Logger('BookingReminders');

  constructor(
    private readonly db: DataSource,
    private readonly notifier: Notifier,
  ) {
    super();
  }

  async process(job: Job<BookingReminderJob>): Promise<void> {
    // One query: at the hour's start a club's reminders all fall due together.
    const [game] = await this.db.query<{ id: number; user_id: number; starts_at: Date; court_id: number }[]>(
      `SELECT b.id, b.user_id, b.starts_at, b.court_id FROM bookings b JOIN users u ON u.id = b.user_id
        WHERE b.id = $1 AND b.cancelled_at IS NULL AND b.held_until IS NULL AND u.deleted_at IS NULL`,
      [job.data.bookingId],
    );
    if (!game) {
      this.logger.log({ booking: job.data.bookingId }, 'reminder skipped: game cancelled or account gone');
      return;
    }
    await this.notifier.notify(game.user_id, {
      type: 'reminder',
      bookingId: game.id,
      startsAt: game.starts_at.toISOString(),
      courtId: game.court_id,
    });
  }
}
