import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { Notifier } from '../notifications/notifier';
import { QUEUES, REMINDER_CONCURRENCY } from '../queues/queues';
import type { BookingReminderJob } from './booking-reminders';

/** A game's reminder when it falls due: sent on the player's channels unless the game or the account is gone. */
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
