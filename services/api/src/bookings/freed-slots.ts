import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { JOBS, QUEUES, recordKey } from '../queues/queues';

/** A game that stopped holding its slot (cancelled, released, ended early): its site, court and hour. */
export interface FreedSlot {
  bookingId: number;
  /** Absent from jobs queued before sites: then the court's site. */
  siteId?: string;
  courtId: number;
  startsAt: string;
}
export interface HoldExpiryJob {
  entryId: number;
}

/**
 * Where freed slots go (BookingsService, NoShows): a job per freed game on the waitlist queue,
 * keyed by the booking (its id and creation instant: queues.ts, recordKey) so that a slot is offered
 * once whatever the replicas do.
 */
@Injectable()
export class FreedSlots {
  constructor(@InjectQueue(QUEUES.waitlist) private readonly queue: Queue<FreedSlot | HoldExpiryJob>) {}

  async freed(
    games: { id: number; siteId: string; courtId: number; startsAt: Date; createdAt: Date }[],
  ): Promise<void> {
    for (const game of games) {
      const slot: FreedSlot = {
        bookingId: game.id,
        siteId: game.siteId,
        courtId: game.courtId,
        startsAt: game.startsAt.toISOString(),
      };
      await this.queue.add(JOBS.waitlistOffer, slot, { jobId: `offer-${recordKey(game.id, game.createdAt)}` });
    }
  }

  async holdExpiresAt(entry: { id: number; createdAt: Date }, at: Date, now: Date): Promise<void> {
    await this.queue.add(
      JOBS.holdExpiry,
      { entryId: entry.id },
      { jobId: `hold-${recordKey(entry.id, entry.createdAt)}`, delay: Math.max(0, at.getTime() - now.getTime()) },
    );
  }
}
