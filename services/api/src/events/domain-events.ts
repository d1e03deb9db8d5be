import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Writer } from '../common/writer';

/** A game that stopped holding its slot, as its row read when it did. */
export interface FreedGame {
  id: number;
  siteId: string;
  /** Null: a walk-in guest's game. */
  userId: number | null;
  courtId: number;
  startsAt: Date;
  endsAt: Date;
  /** With the id, the key of the game's jobs (queues.ts, recordKey). */
  createdAt: Date;
  /** A waitlist offer's hold, never the player's game yet. */
  held: boolean;
}

/**
 * Who let the games go: the player (their cancellation, their account deleted), the club (the
 * dashboard, a closure, a court taken out, a term ended, a block), the payment's hold running out,
 * the no-show check, or the waitlist (an offer left or expired).
 */
export type FreedBy = 'player' | 'club' | 'unpaid' | 'no-show' | 'waitlist';

/** New games for players or guests (a hold confirmed included), written and committed. */
export interface GamesBooked {
  type: 'games.booked';
  games: { id: number; siteId: string }[];
}
/** Waitlist offers' holds: the slot is taken, not yet anyone's game. */
export interface GamesHeld {
  type: 'games.held';
  games: { id: number; siteId: string }[];
}
export interface GamesFreed {
  type: 'games.freed';
  games: FreedGame[];
  by: FreedBy;
}
/** The door proved games started (their first opening), or the player ended one. */
export interface GamesPlayed {
  type: 'games.played';
  games: { id: number; siteId: string }[];
  ended: boolean;
}
/** Priced games paid: the door and the agent's offline PINs take them from now. */
export interface GamesPaid {
  type: 'games.paid';
  games: { id: number; siteId: string }[];
}
/** The club's shape at a site: its courts, closures, settings, or the site's own row. */
export interface ClubShapeChanged {
  type: 'club.changed';
  siteId: string;
  part: 'courts' | 'closures' | 'settings' | 'sites';
}
/**
 * An account stopped or started working (a block, a deletion, a restore): its games on now, at any
 * site, open the door or no longer do.
 */
export interface AccountChanged {
  type: 'account.changed';
  userId: number;
}

export type DomainEvent =
  GamesBooked | GamesHeld | GamesFreed | GamesPlayed | GamesPaid | ClubShapeChanged | AccountChanged;
export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** What a subscriber does with an event of its type. */
export interface Subscriber<E extends DomainEvent> {
  /** Named in the log when it fails. */
  name: string;
  /**
   * In the writer's transaction, as the event is recorded: the durable half (a row in the event
   * outbox), which commits with the fact or not at all. Throwing rolls the write back.
   */
  inTransaction?: (event: E, tx: Writer) => Promise<void>;
  /** Once the write has committed, before the writer answers. A failure is logged, never thrown. */
  afterCommit?: (event: E) => Promise<void> | void;
}

/**
 * The one path from a committed write to what follows it (docs/decisions/0114-domain-events.md).
 * A writer opens its transaction here (`transaction`) and the owners of the rows it changes
 * `record` what happened on that transaction; once it has committed, every subscriber of each event
 * runs, in the order they subscribed, and the writer answers after them. A write of one statement
 * outside a transaction says `committed` instead. Subscribers (each module at its init): the
 * replica's read caches, the agents' schedule, the games' follow-ups (the event outbox's reminders
 * and no-show checks, the waitlist's offers), payments' refunds.
 */
@Injectable()
export class DomainEvents {
  private readonly logger = new Logger('DomainEvents');
  private readonly subscribers = new Map<DomainEventType, Subscriber<DomainEvent>[]>();
  /** The events recorded on each open transaction (its EntityManager). */
  private readonly pending = new WeakMap<object, DomainEvent[]>();

  constructor(private readonly db: DataSource) {}

  on<T extends DomainEventType>(type: T, subscriber: Subscriber<EventOf<T>>): void {
    this.subscribers.set(type, [...(this.subscribers.get(type) ?? []), subscriber as Subscriber<DomainEvent>]);
  }

  /** A transaction whose recorded events are dispatched once it has committed (none when it rolls back). */
  async transaction<R>(work: (tx: EntityManager) => Promise<R>): Promise<R> {
    const events: DomainEvent[] = [];
    const result = await this.db.transaction(async (tx) => {
      this.pending.set(tx, events);
      return work(tx);
    });
    await this.dispatch(events);
    return result;
  }

  /**
   * On a transaction opened by `transaction`: the event's durable half now, the rest after the
   * commit. An event with no games is dropped.
   */
  async record(tx: Writer, event: DomainEvent): Promise<void> {
    const events = this.pending.get(tx);
    if (!events) throw new Error(`${event.type} recorded on a transaction not opened by DomainEvents`);
    if (isEmpty(event)) return;
    for (const subscriber of this.subscribers.get(event.type) ?? []) {
      if (subscriber.inTransaction) await subscriber.inTransaction(event, tx);
    }
    events.push(event);
  }

  /**
   * A write of one statement, committed on its own: what follows it, now. Its durable half, if it
   * has one, is part of the statement (GameFollowUps.bookedIn).
   */
  async committed(...events: DomainEvent[]): Promise<void> {
    await this.dispatch(events.filter((event) => !isEmpty(event)));
  }

  private async dispatch(events: DomainEvent[]): Promise<void> {
    for (const event of events) {
      for (const subscriber of this.subscribers.get(event.type) ?? []) {
        if (!subscriber.afterCommit) continue;
        try {
          await subscriber.afterCommit(event);
        } catch (error) {
          this.logger.error(
            { event: event.type, subscriber: subscriber.name, error: String(error) },
            'a follow-up of a committed write failed',
          );
        }
      }
    }
  }
}

function isEmpty(event: DomainEvent): boolean {
  return 'games' in event && event.games.length === 0;
}
