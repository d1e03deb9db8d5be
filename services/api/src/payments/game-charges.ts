import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import {
  bookingRules,
  refundDue,
  roublesOf,
  type GamePayment,
  type GamePaymentStatus,
  type PaymentDue,
} from '@kort/contracts';
import type { PricedGame } from '../bookings/booking-hooks';
import { Clock } from '../common/clock';
import type { Writer } from '../common/writer';
import { JOBS, QUEUES, recordKey } from '../queues/queues';
import { SettingsService } from '../rules/settings.service';
import type { SiteRef } from '../common/site-ref';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';

export interface PaymentHoldJob {
  bookingId: number;
}

/** The hold's release job: one per charge (its game and when it was made), whatever the replicas do. */
export const holdJobId = (bookingId: number, chargedAt: Date): string =>
  `payment-hold-${recordKey(bookingId, chargedAt)}`;

interface ChargeRow {
  booking_id: number;
  site_id: string;
  amount_kopecks: number;
  pay_until: Date;
  paid_at: Date | null;
  starts_at: Date;
  cancelled: boolean;
  /** What the player paid for the game (a second payment refunded as a double not counted) and what went back. */
  paid_kopecks: number;
  refunded_kopecks: number;
}

/**
 * What a priced game costs its player (game_payments, written in the booking's own transaction so a
 * priced game never exists without it), the hold until its payment, and how My games shows it.
 */
@Injectable()
export class GameCharges {
  private readonly logger = new Logger('Payments');

  constructor(
    @InjectQueue(QUEUES.payments) private readonly queue: Queue<PaymentHoldJob>,
    private readonly db: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly time: SiteTime,
    private readonly sites: SitesService,
  ) {}

  /** The game's charge, held for `payment_hold_minutes`; its release is queued at once. */
  async charge(tx: Writer, site: SiteRef, game: PricedGame): Promise<PaymentDue> {
    const rules = await this.settings.paymentRules(site);
    const now = this.clock.now();
    const payUntil = game.payUntil ?? new Date(now.getTime() + rules.payment_hold_minutes * 60_000);
    await tx.query(
      `INSERT INTO game_payments (booking_id, site_id, user_id, amount_kopecks, pay_until, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [game.id, site.id, game.userId, game.kopecks, payUntil, now],
    );
    // Queued before the commit: a rolled-back booking's job finds no charge and does nothing; a job
    // lost here is made up by the sweep (payment-sweep.ts), which releases every hold past its end.
    // Not awaited: Redis is never waited on while the booking's locks are held.
    void this.queue
      .add(
        JOBS.paymentHold,
        { bookingId: game.id },
        { jobId: holdJobId(game.id, now), delay: payUntil.getTime() - now.getTime() },
      )
      .catch((error: unknown) =>
        this.logger.error({ booking: game.id, error: String(error) }, 'payment hold release not queued'),
      );
    return {
      booking_id: game.id,
      amount: roublesOf(game.kopecks),
      currency: 'RUB',
      pay_until: this.time.of(site).iso(payUntil),
    };
  }

  /** The money of the player's priced games among these (My games), by game. */
  async describe(userId: number, bookingIds: number[]): Promise<Map<number, GamePayment>> {
    if (!bookingIds.length) return new Map();
    const rows = await this.db.query<ChargeRow[]>(
      `SELECT gp.booking_id, gp.site_id, gp.amount_kopecks, gp.pay_until, gp.paid_at, b.starts_at,
              b.cancelled_at IS NOT NULL AS cancelled,
              coalesce((SELECT sum(p.amount_kopecks) FROM payments p
                         WHERE p.booking_id = gp.booking_id AND p.status = 'succeeded'), 0)::int
              - coalesce((SELECT sum(r.amount_kopecks) FROM refunds r JOIN payments p ON p.id = r.payment_id
                           WHERE p.booking_id = gp.booking_id AND r.status <> 'canceled' AND r.cause = 'double'), 0)::int
                AS paid_kopecks,
              coalesce((SELECT sum(r.amount_kopecks) FROM refunds r JOIN payments p ON p.id = r.payment_id
                         WHERE p.booking_id = gp.booking_id AND r.status <> 'canceled' AND r.cause <> 'double'), 0)::int
                AS refunded_kopecks
         FROM game_payments gp JOIN bookings b ON b.id = gp.booking_id
        WHERE gp.user_id = $1 AND gp.booking_id = ANY($2::int[])`,
      [userId, bookingIds],
    );
    const now = this.clock.now();
    const described = new Map<number, GamePayment>();
    for (const row of rows) {
      const site = (await this.sites.find(row.site_id)) ?? { id: row.site_id, timezone: 'Europe/Moscow' };
      const rules = await this.settings.paymentRules(site);
      const left = row.paid_kopecks - row.refunded_kopecks;
      const status = statusOf(row);
      const cancellable =
        !row.cancelled && row.starts_at.getTime() - now.getTime() >= bookingRules.cancelBeforeMinutes * 60_000;
      described.set(row.booking_id, {
        status,
        amount: roublesOf(row.amount_kopecks),
        ...(status === 'pending' ? { pay_until: this.time.of(site).iso(row.pay_until) } : {}),
        paid: roublesOf(row.paid_kopecks),
        refunded: roublesOf(row.refunded_kopecks),
        ...(row.paid_at && cancellable && left > 0
          ? { refund_if_cancelled: roublesOf(refundDue(rules, left, row.starts_at, now)) }
          : {}),
      });
    }
    return described;
  }
}

function statusOf(row: ChargeRow): GamePaymentStatus {
  if (!row.paid_at) return 'pending';
  if (row.refunded_kopecks <= 0) return 'paid';
  return row.refunded_kopecks >= row.paid_kopecks ? 'refunded' : 'partially_refunded';
}
