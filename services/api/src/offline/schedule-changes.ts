import { Injectable } from '@nestjs/common';
import { Subject } from 'rxjs';

/**
 * The one home of "the games a site's agent must know changed": a booking made, cancelled by the
 * player or the club, a game ended, a player blocked, deleted or restored. Callers say so; the
 * ScheduleService (devices) coalesces the bursts and pushes a fresh schedule to the agent.
 */
@Injectable()
export class ScheduleChanges {
  /** A site's id, or null for "every site" (the caller does not know the game's site). */
  readonly changes = new Subject<string | null>();

  changed(siteId?: string): void {
    this.changes.next(siteId ?? null);
  }
}
