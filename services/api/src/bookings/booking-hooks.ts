import { Injectable } from '@nestjs/common';
import type { GamePayment, PaymentDue } from '@kort/contracts';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';

/** A priced game just written, in the booking's transaction. */
export interface PricedGame {
  id: number;
  userId: number;
  courtId: number;
  startsAt: Date;
  kopecks: number;
  /** A waitlist offer is paid within its own hold; a booking within the site's payment_hold_minutes. */
  payUntil?: Date;
}

/**
 * What the club charges for a game (payments/): written in the game's own transaction, so a priced
 * game never exists without what its player owes. Null: the install takes no payments (no shop),
 * and the game is booked as a free one.
 */
export interface GameCharges {
  charge(tx: Writer, site: SiteRef, game: PricedGame): Promise<PaymentDue | null>;
  /** The money of the player's priced games among these, for My games. */
  describe(userId: number, bookingIds: number[]): Promise<Map<number, GamePayment>>;
}

/**
 * The bookings' seam for what sits above them (payments/ registers at start): a game's charge,
 * written inside the booking's transaction, and its money for My games. The games freed reach
 * payments as a domain event (events/domain-events.ts). The bookings never import payments;
 * payments import the bookings.
 */
@Injectable()
export class BookingHooks {
  private charges: GameCharges | null = null;

  setCharges(charges: GameCharges): void {
    this.charges = charges;
  }

  charge(tx: Writer, site: SiteRef, game: PricedGame): Promise<PaymentDue | null> {
    return this.charges ? this.charges.charge(tx, site, game) : Promise.resolve(null);
  }

  describe(userId: number, bookingIds: number[]): Promise<Map<number, GamePayment>> {
    return this.charges && bookingIds.length
      ? this.charges.describe(userId, bookingIds)
      : Promise.resolve(new Map<number, GamePayment>());
  }
}
