import { Injectable } from '@nestjs/common';
import { Subject } from 'rxjs';

/**
 * Whose agents must hear of a change: a site's id, the games changed (their sites' agents), or
 * null for every site (the caller cannot name them: a blocked player's running games, wherever).
 */
export type ScheduleScope = string | { games: readonly number[] } | null;

/**
 * The one home of "the games a site's agent must know changed": a booking made, cancelled by the
 * player or the club, a game ended, a player blocked, deleted or restored. Callers say so; the
 * ScheduleService (devices) coalesces the bursts and pushes a fresh schedule to the agents
 * concerned. Naming the site (or the games) keeps one booking from re-sending every site's schedule.
 */
@Injectable()
export class ScheduleChanges {
  readonly changes = new Subject<ScheduleScope>();

  changed(scope?: string | { games: readonly number[] }): void {
    this.changes.next(scope ?? null);
  }
}
