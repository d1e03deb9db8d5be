import { Injectable } from '@nestjs/common';
import type { AdminBooking } from '@kort/contracts';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';

/** Hours the club takes out of booking: these courts from `from` until `to` (null: from then on). */
export interface ClosedHours {
  courts: number[];
  from: Date;
  to: Date | null;
  /** A game under way is cancelled too (a closure), or kept (a court taken out of booking). */
  begun: boolean;
  /** Told to each player whose game is cancelled or whose place in line ends. */
  reason: string;
}

/** What closing hours did in the caller's transaction: the games cancelled, and what to tell once it commits. */
export interface Closed {
  cancelled: number;
  /** Places in line ended: their hours have no open court left. */
  placesEnded: number;
  /** After the commit: the letters and the equipment loans. Never throws. */
  tell: () => Promise<void>;
}

/** The steps of the cascade, supplied by the folder that owns them. */
export interface CascadeSteps {
  /** The games closing those hours would cancel now (shown before saving), soonest first. */
  preview(site: SiteRef, hours: ClosedHours): Promise<AdminBooking[]>;
  /** In the caller's transaction, once the club's change is written and its shape lock held. */
  close(tx: Writer, site: SiteRef, hours: ClosedHours, now: Date): Promise<Closed>;
}

/**
 * What the club closing hours (a closure, a court taken out of booking) does to the games and the
 * waitlist: the games inside cancelled, the places in line of hours left with no open court ended,
 * their players told (docs/decisions/0118-club-shape-in-club.md). Those are the games' rules, and the
 * games' folders stand above the club's shape (bookings/ reads the club's calendar), so club/ names
 * the steps it needs here and the folder above that owns them supplies them at init
 * (admin/club-cancellations.ts). Called before they are supplied, it fails loudly: a closure saved
 * without its cascade would leave games booked in closed hours.
 */
@Injectable()
export class ShapeCascade implements CascadeSteps {
  private steps: CascadeSteps | undefined;

  supply(steps: CascadeSteps): void {
    this.steps = steps;
  }

  preview(site: SiteRef, hours: ClosedHours): Promise<AdminBooking[]> {
    return this.supplied().preview(site, hours);
  }

  close(tx: Writer, site: SiteRef, hours: ClosedHours, now: Date): Promise<Closed> {
    return this.supplied().close(tx, site, hours, now);
  }

  private supplied(): CascadeSteps {
    if (!this.steps) throw new Error('the club shape cascade was not supplied (admin/club-cancellations.ts)');
    return this.steps;
  }
}
