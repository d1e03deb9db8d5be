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

  /** Games booked less than 2 hours ahead get no reminder: the player has just booked them. */
  async schedule(booking: Pick<Booking, 'id' | 'startsAt' | 'createdAt'>): Promise<void> {
    const delay = booking.startsAt.getTime() - REMINDER_LEAD_MS - this.clock.now().getTime();
    if (delay <= 0) return;
    await this.queue.add(JOBS.bookingReminder, { bookingId: booking.id }, { delay, jobId: reminderJobId(booking) });
  }

  async cancel(booking: Pick<Booking, 'id' | 'createdAt'>): Promise<void> {
    await this.queue.remove(reminderJobId(booking));
  }
}
