import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Writer } from '../common/writer';
import { EventOutbox } from '../events/event-outbox';
import { BookingReminders } from './booking-reminders';
import { NoShows } from './no-shows';

/**
 * What follows a new game, through the event outbox (events/event-outbox.ts): its reminder and its
 * no-show check. The fact `game.booked` commits with the game; the relay queues both jobs under ids
 * unique for all time, so a crash between the commit and the queueing loses neither, and a drain
 * repeated after a crash queues neither twice.
 */
@Injectable()
export class GameFollowUps implements OnModuleInit {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: EventOutbox,
    private readonly reminders: BookingReminders,
    private readonly noShows: NoShows,
  ) {}

  onModuleInit(): void {
    this.outbox.on('game.booked', (events, tx) =>
      this.follow(
        events.map((event) => event.ref),
        tx,
      ),
    );
  }

  /** In the game's own transaction; `kick` once it has committed. */
  async booked(tx: Writer, siteId: string, gameIds: number[]): Promise<void> {
    await this.outbox.add(
      tx,
      gameIds.map((ref) => ({ siteId, topic: 'game.booked' as const, ref })),
    );
  }

  /**
   * The fact of games written in the same statement (GameInserts.underQuotasAtOnce): one event per
   * row of `source` with an `id`, at the site the statement's `site` expression names.
   */
  static bookedIn(source: string, site: string): string {
    return EventOutbox.insertOf(`SELECT ${site}, 'game.booked', id FROM ${source} WHERE id IS NOT NULL`);
  }

  /** After the game's commit: the relay drains now. */
  kick(): void {
    this.outbox.kick();
  }

  /**
   * Games committed by a writer of their own (a term's games, a confirmed hold, a late payment):
   * their facts go in just after, with the site each game's court is at.
   */
  async bookedAfterCommit(gameIds: number[]): Promise<void> {
    const rows = await this.db.query<{ id: number; site_id: string }[]>(
      `SELECT b.id, c.site_id FROM bookings b JOIN courts c ON c.id = b.court_id WHERE b.id = ANY($1::int[])`,
      [gameIds],
    );
    await this.outbox.add(
      this.db.manager,
      rows.map((row) => ({ siteId: row.site_id, topic: 'game.booked' as const, ref: row.id })),
    );
    this.outbox.kick();
  }

  /** The relay's handler: each game still on gets its reminder and its check. */
  private async follow(gameIds: number[], tx: Writer): Promise<void> {
    const games = await tx.query<{ id: number; starts_at: Date; created_at: Date }[]>(
      `SELECT id, starts_at, created_at FROM bookings WHERE id = ANY($1::int[]) AND cancelled_at IS NULL`,
      [gameIds],
    );
    const made = games.map((game) => ({ id: game.id, startsAt: game.starts_at, createdAt: game.created_at }));
    await Promise.all([this.reminders.schedule(made), this.noShows.scheduleChecks(made)]);
  }
}
