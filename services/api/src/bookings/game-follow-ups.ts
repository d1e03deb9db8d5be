import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { Writer } from '../common/writer';
import { Clock } from '../common/clock';
import { DomainEvents, type FreedBy, type GamesFreed } from '../events/domain-events';
import { EventOutbox } from '../events/event-outbox';
import { BookingReminders } from './booking-reminders';
import { FreedSlots } from './freed-slots';
import { NoShows } from './no-shows';

/** Those who let a game go whose reminder and no-show check are still queued (a no-show's check is the one running; a hold has neither). */
const JOBS_QUEUED: ReadonlySet<FreedBy> = new Set(['player', 'club', 'unpaid']);

/**
 * What follows a game booked and a game freed, whoever wrote it (events/domain-events.ts).
 * - Booked: its reminder and its no-show check, through the event outbox (events/event-outbox.ts).
 *   The fact `game.booked` commits with the game; the relay queues both jobs under ids unique for
 *   all time, so a crash between the commit and the queueing loses neither, and a drain repeated
 *   after a crash queues neither twice.
 * - Freed: its hour offered to the site's waitlist (not a hold the club cancelled: the club closed
 *   that hour; a hold the line let go passes on), its reminder and its check removed.
 */
@Injectable()
export class GameFollowUps implements OnModuleInit {
  private readonly logger = new Logger('GameFollowUps');

  constructor(
    private readonly events: DomainEvents,
    private readonly outbox: EventOutbox,
    private readonly reminders: BookingReminders,
    private readonly noShows: NoShows,
    private readonly freedSlots: FreedSlots,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.outbox.on('game.booked', (events, tx) =>
      this.follow(
        events.map((event) => event.ref),
        tx,
      ),
    );
    this.events.on('games.booked', {
      name: 'reminders and no-show checks',
      inTransaction: (event, tx) =>
        this.outbox.add(
          tx,
          event.games.map((game) => ({ siteId: game.siteId, topic: 'game.booked' as const, ref: game.id })),
        ),
      // The relay drains now rather than at its next poll.
      afterCommit: () => this.outbox.kick(),
    });
    this.events.on('games.freed', { name: 'waitlist offers', afterCommit: (event) => this.offer(event) });
    this.events.on('games.freed', {
      name: 'reminders and checks removed',
      afterCommit: (event) => this.unqueue(event),
    });
  }

  /**
   * The fact of games written in the same statement (GameInserts.underQuotasAtOnce): one event per
   * row of `source` with an `id`, at the site the statement's `site` expression names.
   */
  static bookedIn(source: string, site: string): string {
    return EventOutbox.insertOf(`SELECT ${site}, 'game.booked', id FROM ${source} WHERE id IS NOT NULL`);
  }

  /** The hours still to play go to their site's line. */
  private async offer({ games, by }: GamesFreed): Promise<void> {
    const now = this.clock.now();
    await this.freedSlots.freed(games.filter((game) => (!game.held || by === 'waitlist') && game.endsAt > now));
  }

  /** A reminder or a check left behind would find the game cancelled and do nothing: removing them is tidiness. */
  private async unqueue({ games, by }: GamesFreed): Promise<void> {
    if (!JOBS_QUEUED.has(by)) return;
    for (const game of games) {
      await this.reminders
        .cancel(game)
        .catch((error: unknown) =>
          this.logger.warn({ booking: game.id, error: String(error) }, 'reminder not removed'),
        );
      await this.noShows
        .cancelCheck(game)
        .catch((error: unknown) =>
          this.logger.warn({ booking: game.id, error: String(error) }, 'no-show check not removed'),
        );
    }
  }

  /** The relay's handler: each player's game still on gets its reminder and its check (a walk-in guest's has neither). */
  private async follow(gameIds: number[], tx: Writer): Promise<void> {
    const games = await tx.query<{ id: number; starts_at: Date; created_at: Date }[]>(
      `SELECT id, starts_at, created_at FROM bookings
        WHERE id = ANY($1::int[]) AND cancelled_at IS NULL AND user_id IS NOT NULL`,
      [gameIds],
    );
    const made = games.map((game) => ({ id: game.id, startsAt: game.starts_at, createdAt: game.created_at }));
    await Promise.all([this.reminders.schedule(made), this.noShows.scheduleChecks(made)]);
  }
}
