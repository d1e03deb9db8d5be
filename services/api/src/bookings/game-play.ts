import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { Writer } from '../common/writer';

/**
 * A game's play, as the door proves it: its first opening (`started_at`) and the player's end
 * (`ended_at`). The owner of those two columns of `bookings` (docs/architecture.md).
 */
@Injectable()
export class GamePlay {
  constructor(
    private readonly db: DataSource,
    private readonly feed: ChangeFeed,
  ) {}

  /**
   * The games' first proven door opening (a code at the door, or the agent's report), if none yet.
   * A game already started is not written again: every later opening of its door would otherwise
   * rewrite the row, fire its triggers and drop the readers' caches for nothing.
   */
  async markStarted(starts: { id: number; at: Date }[], tx: Writer = this.db.manager): Promise<void> {
    if (!starts.length) return;
    const [, started] = await tx.query<[unknown[], number]>(
      `UPDATE bookings b SET started_at = s.at
         FROM unnest($1::int[], $2::timestamptz[]) AS s(id, at) WHERE b.id = s.id AND b.started_at IS NULL`,
      [starts.map((start) => start.id), starts.map((start) => start.at)],
    );
    if (started) this.feed.wrote('bookings');
  }

  /** The player ended the game (no-op when it already was). */
  async markEnded(bookingId: number, at: Date): Promise<void> {
    await this.db.query(`UPDATE bookings SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL`, [bookingId, at]);
    this.feed.wrote('bookings');
  }
}
