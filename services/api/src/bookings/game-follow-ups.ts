import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ChangeFeed } from '../cache/change-feed';
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
 * What follows a game booked and a game freed, whoever wrote it (events/domain-events.ts). What a
 * player would miss goes through the event outbox (events/event-outbox.ts): its fact commits with
 * the write, and the relay queues the jobs under ids unique for all time, so a crash between the
 * commit and the queueing loses nothing, and a drain repeated after a crash queues nothing twice.
 * - Booked (`game.booked`): the bookings' change announced to every replica's read caches (the
 *   common booking leaves it to this relay: decision 0128), then its reminder and its no-show check.
 * - Freed (`game.freed`): its hour offered to the site's waitlist, if it is still to be played and
 *   was a game (a hold the club cancelled is not offered: the club closed that hour; a hold the line
 *   let go passes on).
 * - Freed: its reminder and its check removed, after the commit (tidiness: left behind, they would
 *   find the game cancelled and do nothing).
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
    private readonly feed: ChangeFeed,
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
    this.outbox.on('game.freed', (events, tx) =>
      this.offer(
        events.map((event) => event.ref),
        tx,
      ),
    );
    this.events.on('games.freed', {
      name: 'waitlist offers',
      inTransaction: (event, tx) =>
        this.outbox.add(
          tx,
          this.offered(event).map((game) => ({ siteId: game.siteId, topic: 'game.freed' as const, ref: game.id })),
        ),
      afterCommit: (event) => {
        if (this.offered(event).length) this.outbox.kick();
      },
    });
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

  /** The games of the event whose hours go to their site's line. */
  private offered({ games, by }: GamesFreed): GamesFreed['games'] {
    const now = this.clock.now();
    return games.filter((game) => (!game.held || by === 'waitlist') && game.endsAt > now);
  }

  /** The relay's handler: each freed hour offered (a job per game, keyed by the game: FreedSlots). */
  private async offer(gameIds: number[], tx: Writer): Promise<void> {
    const games = await tx.query<
      { id: number; site_id: string; court_id: number; starts_at: Date; created_at: Date }[]
    >(`SELECT id, site_id, court_id, starts_at, created_at FROM bookings WHERE id = ANY($1::int[])`, [gameIds]);
    await this.freedSlots.freed(
      games.map((game) => ({
        id: game.id,
        siteId: game.site_id,
        courtId: game.court_id,
        startsAt: game.starts_at,
        createdAt: game.created_at,
      })),
    );
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
    // First, and apart from the jobs: a Redis that takes no jobs leaves no replica's caches stale.
    await this.feed.announce('bookings');
    const games = await tx.query<{ id: number; starts_at: Date; created_at: Date }[]>(
      `SELECT id, starts_at, created_at FROM bookings
        WHERE id = ANY($1::int[]) AND cancelled_at IS NULL AND user_id IS NOT NULL`,
      [gameIds],
    );
    const made = games.map((game) => ({ id: game.id, startsAt: game.starts_at, createdAt: game.created_at }));
    await Promise.all([this.reminders.schedule(made), this.noShows.scheduleChecks(made)]);
  }
}
