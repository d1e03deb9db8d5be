import { Injectable, OnModuleInit } from '@nestjs/common';
import { Subject } from 'rxjs';
import { DomainEvents } from '../events/domain-events';

/**
 * Whose agents must hear of a change: a site's id, or null for every site (an account's games on
 * now, wherever they are).
 */
export type ScheduleScope = string | null;

/**
 * The one home of "the games a site's agent must know changed", from the domain events of every
 * write (events/domain-events.ts): games booked, freed or ended, paid, and accounts blocked, deleted
 * or restored. The ScheduleService (devices) coalesces the bursts and pushes a fresh schedule to
 * the agents concerned. Naming the site keeps one booking from re-sending every site's schedule.
 */
@Injectable()
export class ScheduleChanges implements OnModuleInit {
  readonly changes = new Subject<ScheduleScope>();

  constructor(private readonly events: DomainEvents) {}

  onModuleInit(): void {
    const bySite = (event: { games: { siteId: string }[] }): void => {
      for (const site of new Set(event.games.map((game) => game.siteId))) this.changed(site);
    };
    this.events.on('games.booked', { name: 'agent schedule', afterCommit: bySite });
    this.events.on('games.freed', { name: 'agent schedule', afterCommit: bySite });
    this.events.on('games.played', {
      name: 'agent schedule',
      // A start changes nothing the agent keeps; an end takes the game out (the door no longer opens).
      afterCommit: (event) => (event.ended ? bySite(event) : undefined),
    });
    // The door and the agent's offline PINs take a priced game only once it is paid.
    this.events.on('games.paid', { name: 'agent schedule', afterCommit: bySite });
    this.events.on('account.changed', { name: 'agent schedule', afterCommit: () => this.changed() });
  }

  /** Every site's agents (no scope), or one site's. */
  changed(scope?: string): void {
    this.changes.next(scope ?? null);
  }
}
