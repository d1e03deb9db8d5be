import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { FreedGame } from '../events/domain-events';
import { EventOutbox } from '../events/event-outbox';
import { JOBS, QUEUES, recordKey } from '../queues/queues';

/** What a write that frees games returns of each (`RETURNING ${FREED_COLUMNS}`), for its event. */
export const FREED_COLUMNS = `id, site_id, user_id, court_id, starts_at, ends_at, created_at, held_until IS NOT NULL AS held`;
export interface FreedRow {
  id: number;
  site_id: string;
  user_id: number | null;
  court_id: number;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
  held: boolean;
}
export const freedGame = (row: FreedRow): FreedGame => ({
  id: row.id,
  siteId: row.site_id,
  userId: row.user_id,
  courtId: row.court_id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  createdAt: row.created_at,
  held: row.held,
});

/**
 * The fact of games freed in a one-statement write, for the line's offer (GameFollowUps, `game.freed`;
 * NoShows.check: a player's game, never a hold): one event per row of `source` whose game ends after
 * `now`. A write in a transaction records its games.freed event instead.
 */
export const offeredIn = (source: string, now: string): string =>
  EventOutbox.insertOf(`SELECT site_id, 'game.freed', id FROM ${source} WHERE ends_at > ${now}`);

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
 * Where freed slots go (GameFollowUps, on every games.freed): a job per freed game on the waitlist queue,
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
