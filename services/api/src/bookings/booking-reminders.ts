import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { bookingRules } from '@kort/contracts';
import { Clock } from '../common/clock';
import { JOBS, QUEUES, recordKey } from '../queues/queues';
import { Booking } from './booking.entity';

export interface BookingReminderJob {
  bookingId: number;
}

const REMINDER_LEAD_MS = bookingRules.reminderBeforeMinutes * 60_000;

export const reminderJobId = (booking: Pick<Booking, 'id' | 'createdAt'>): string =>
  `booking-reminder-${recordKey(booking.id, booking.createdAt)}`;

/** A reminder 2 hours before each game (on the player's channels): a delayed job, removed when the game is cancelled. */
@Injectable()
export class BookingReminders {
  constructor(
    @InjectQueue(QUEUES.bookings) private readonly queue: Queue<BookingReminderJob>,
    private readonly clock: Clock,
  ) {}

  /**
   * Each game's reminder, `REMINDER_LEAD_MS` before it, in one round trip. A game booked closer
   * than that gets none: the player has just booked it.
   */
  async schedule(bookings: Pick<Booking, 'id' | 'startsAt' | 'createdAt'>[]): Promise<void> {
    const now = this.clock.now().getTime();
    const jobs = bookings
      .map((booking) => ({ booking, delay: booking.startsAt.getTime() - REMINDER_LEAD_MS - now }))
      .filter(({ delay }) => delay > 0)
      .map(({ booking, delay }) => ({
        name: JOBS.bookingReminder,
        data: { bookingId: booking.id },
        opts: { delay, jobId: reminderJobId(booking) },
      }));
    if (jobs.length) await this.queue.addBulk(jobs);
  }

  async cancel(booking: Pick<Booking, 'id' | 'createdAt'>): Promise<void> {
    await this.queue.remove(reminderJobId(booking));
  }
}
