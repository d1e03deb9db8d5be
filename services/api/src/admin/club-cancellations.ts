import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { AdminBooking } from '@kort/contracts';
import { BookingsService, type CancelledGame } from '../bookings/bookings.service';
import { Waitlist, type ClosedPlace } from '../bookings/waitlist';
import { ClubCalendar } from '../club/club-calendar';
import { ShapeCascade, type CascadeSteps, type Closed, type ClosedHours } from '../club/shape-cascade';
import type { Writer } from '../common/writer';
import { GameEvents } from '../devices/game-events';
import { Notifier } from '../notifications/notifier';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import { AdminBookingsService } from './admin-bookings.service';

/**
 * What the club changing its shape does to the games and the line (a closure, a court taken out of
 * booking; club/shape-cascade.ts names the steps, this supplies them): in the transaction, the games
 * inside cancelled and the waitlist of the hours no open court is left in ended; after it, the
 * equipment loans of the cancelled games, a notice with the reason to each player, and one to each
 * player taken out of line (on the players' channels). The games' own follow-ups (schedule,
 * reminders, refunds, offers) come from their games.freed event.
 */
@Injectable()
export class ClubCancellations implements CascadeSteps, OnModuleInit {
  private readonly logger = new Logger('ClubCancellations');

  constructor(
    private readonly cascade: ShapeCascade,
    private readonly bookings: BookingsService,
    private readonly bookingList: AdminBookingsService,
    private readonly waitlist: Waitlist,
    private readonly calendar: ClubCalendar,
    private readonly games: GameEvents,
    private readonly notifier: Notifier,
    private readonly time: SiteTime,
  ) {}

  onModuleInit(): void {
    this.cascade.supply(this);
  }

  preview(site: SiteRef, { courts, from, to, begun }: ClosedHours): Promise<AdminBooking[]> {
    return this.bookingList.toBeCancelled(site, courts, from, to, begun);
  }

  async close(tx: Writer, site: SiteRef, hours: ClosedHours, now: Date): Promise<Closed> {
    const games = await this.bookings.cancelWithin(tx, { ...hours, now });
    const places = await this.closeLine(tx, site, hours.from, hours.to, games, hours.reason);
    return {
      cancelled: games.length,
      placesEnded: places.length,
      tell: () => this.tell(games, places, hours.reason),
    };
  }

  /**
   * In the caller's transaction, after its change is written: the places in the site's line for
   * hours in [from, to) that no open court of the site is left in, and the offers whose held game
   * was cancelled, leave the line with the reason.
   */
  private async closeLine(
    tx: Writer,
    site: SiteRef,
    from: Date,
    to: Date | null,
    cancelled: CancelledGame[],
    reason: string,
  ): Promise<ClosedPlace[]> {
    const waited = await this.waitlist.hoursWaited(site, tx, from, to);
    const last = waited[waited.length - 1];
    let closedHours: Date[] = [];
    if (last) {
      const club = await this.calendar.between(site, waited[0]!, new Date(last.getTime() + 3_600_000), tx);
      const clock = this.time.of(site);
      closedHours = waited.filter(
        (start) => club.openCourts(clock.dateOf(start), clock.local(start).hour).length === 0,
      );
    }
    const holds = cancelled.filter((game) => game.held).map((game) => game.id);
    return this.waitlist.closeHours(site, tx, closedHours, holds, reason);
  }

  /** Once committed: the loans and the letters. Never throws: a failure is logged. */
  private async tell(cancelled: CancelledGame[], places: ClosedPlace[], reason: string): Promise<void> {
    for (const game of cancelled) {
      // A walk-in guest's game: no account to tell, no equipment loan to end.
      if (game.userId === null) continue;
      this.games.ended.next({ bookingId: game.id, userId: game.userId });
      // A hold was never the player's game: the line tells them (closeLine).
      if (!game.held) await this.tellPlayer({ ...game, userId: game.userId }, reason);
    }
    await this.waitlist.tellClosed(places);
  }

  private async tellPlayer(game: CancelledGame & { userId: number }, reason: string): Promise<void> {
    await this.notifier
      .notify(game.userId, {
        type: 'club-cancelled',
        bookingId: game.id,
        startsAt: game.startsAt.toISOString(),
        courtId: game.courtId,
        reason,
      })
      .catch((error: unknown) =>
        this.logger.error({ booking: game.id, error: String(error) }, 'cancellation notice not queued'),
      );
  }
}
