import { Injectable } from '@nestjs/common';
import { bookingRules, type BookingRules, type ClubRules, messages } from '@kort/contracts';
import { SettingsService } from '../rules/settings.service';
import { SiteTime } from '../time/site-time';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import { ClosuresService, type Closure } from './closures.service';
import type { Court } from './court.entity';
import { CourtsService } from './courts.service';

const GAME_MS = bookingRules.gameMinutes * 60_000;

/** A court closed for an hour, and why (players see the reason). */
export interface ClosedCourt {
  courtId: number;
  reason: string;
}

/**
 * The club's shape over a stretch of time: its hours and quotas, its courts open for booking, and
 * the closures in that stretch. Answers, for the game starting at a local date and hour, which courts
 * can take it and why the others cannot. The game's instant is worked out only when a closure could
 * be over it: the month's calendar asks this of every hour, and most months have no closure.
 */
export class ClubHours {
  constructor(
    readonly rules: BookingRules,
    /** The active courts, in the club's order. */
    readonly courts: readonly Court[],
    readonly closures: readonly Closure[],
    private readonly at: (date: string, hour: number) => Date,
  ) {}

  /** Whether the club's hours hold a game starting at this local hour. */
  withinHours(hour: number): boolean {
    return hour >= this.rules.opening_hour && hour < this.rules.closing_hour;
  }

  /** The closure over the game starting at `start` on that court (or over the whole club), if any. */
  closureOver(courtId: number, start: Date): Closure | undefined {
    const end = start.getTime() + GAME_MS;
    return this.closures.find(
      (closure) =>
        (closure.courtId === null || closure.courtId === courtId) &&
        closure.startsAt.getTime() < end &&
        closure.endsAt.getTime() > start.getTime(),
    );
  }

  /** The active courts a game at that local date and hour can be booked on. */
  openCourts(date: string, hour: number): number[] {
    if (!this.withinHours(hour)) return [];
    if (this.closures.length === 0) return this.courts.map((court) => court.id);
    const start = this.at(date, hour);
    return this.courts.filter((court) => !this.closureOver(court.id, start)).map((court) => court.id);
  }

  /** The active courts a closure keeps from that game, each with the closure's reason. */
  closedCourts(date: string, hour: number): ClosedCourt[] {
    if (!this.withinHours(hour) || this.closures.length === 0) return [];
    const start = this.at(date, hour);
    return this.courts.flatMap((court) => {
      const closure = this.closureOver(court.id, start);
      return closure ? [{ courtId: court.id, reason: closure.reason }] : [];
    });
  }

  /**
   * Why no court can take that game, or null when one can: the club's hours, a closure of the whole
   * club, or (every court closed on its own) the first court's closure.
   */
  closedBy(date: string, hour: number): { reason: string; wholeClub: boolean } | null {
    if (!this.withinHours(hour)) return { reason: messages.clubClosedHours, wholeClub: true };
    if (this.openCourts(date, hour).length > 0) return null;
    const start = this.at(date, hour);
    const end = start.getTime() + GAME_MS;
    const club = this.closures.find(
      (closure) =>
        closure.courtId === null && closure.startsAt.getTime() < end && closure.endsAt.getTime() > start.getTime(),
    );
    if (club) return { reason: club.reason, wholeClub: true };
    const [first] = this.closedCourts(date, hour);
    return { reason: first?.reason ?? messages.noCourtOpen, wholeClub: false };
  }
}

/** Reads a site's shape (ClubHours) for a stretch of time: its settings, its courts, its closures, in its zone. */
@Injectable()
export class ClubCalendar {
  constructor(
    private readonly settings: SettingsService,
    private readonly courts: CourtsService,
    private readonly closures: ClosuresService,
    private readonly time: SiteTime,
  ) {}

  async between(site: SiteRef, from: Date, to: Date, tx?: Writer): Promise<ClubHours> {
    const [rules, courts, closures] = await Promise.all([
      this.settings.bookingRules(site),
      this.courts.active(site),
      this.closures.overlapping(site.id, from, to, tx),
    ]);
    const clock = this.time.of(site);
    return new ClubHours(rules, courts, closures, (date, hour) => clock.at(date, hour));
  }

  bookingRules(site: SiteRef): Promise<BookingRules> {
    return this.settings.bookingRules(site);
  }

  /** The site's settings with the door window and the no-show rule: what the player app's texts repeat. */
  async clubRules(site: SiteRef): Promise<ClubRules> {
    return { ...(await this.settings.bookingRules(site)), ...this.settings.doorRules() };
  }
}
