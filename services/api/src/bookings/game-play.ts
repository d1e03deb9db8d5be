import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Writer } from '../common/writer';
import { DomainEvents } from '../events/domain-events';

/**
 * A game's play, as the door proves it: its first opening (`started_at`) and the player's end
 * (`ended_at`). The owner of those two columns of `bookings` (docs/architecture.md).
 */
@Injectable()
export class GamePlay {
  constructor(
    private readonly db: DataSource,
    private readonly events: DomainEvents,
  ) {}

  /**
   * The games' first proven door opening (a code at the door, or the agent's report), if none yet:
   * in the caller's transaction (DomainEvents'), or on its own. A game already started is not
   * written again: every later opening of its door would otherwise rewrite the row, fire its
   * triggers and drop the readers' caches for nothing.
   */
  async markStarted(starts: { id: number; at: Date }[], tx?: Writer): Promise<void> {
    if (!starts.length) return;
    const [started] = await (tx ?? this.db).query<[{ id: number; site_id: string }[], number]>(
      `UPDATE bookings b SET started_at = s.at
         FROM unnest($1::int[], $2::timestamptz[]) AS s(id, at) WHERE b.id = s.id AND b.started_at IS NULL
       RETURNING b.id, b.site_id`,
      [starts.map((start) => start.id), starts.map((start) => start.at)],
    );
    const event = { type: 'games.played' as const, games: started.map(toGame), ended: false };
    await (tx ? this.events.record(tx, event) : this.events.committed(event));
  }

  /** The player ended the game (no-op when it already was). */
  async markEnded(bookingId: number, at: Date): Promise<void> {
    const [ended] = await this.db.query<[{ id: number; site_id: string }[], number]>(
      `UPDATE bookings SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL RETURNING id, site_id`,
      [bookingId, at],
    );
    await this.events.committed({ type: 'games.played', games: ended.map(toGame), ended: true });
  }
}

const toGame = (row: { id: number; site_id: string }): { id: number; siteId: string } => ({
  id: row.id,
  siteId: row.site_id,
});
