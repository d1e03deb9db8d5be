import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BookingsService } from '../bookings/bookings.service';
import { DomainEvents } from '../events/domain-events';
import { Clock } from '../common/clock';
import { Notifier } from '../notifications/notifier';
import { JOBS, QUEUES } from '../queues/queues';
import { SettingsService } from '../rules/settings.service';
import { SitesService } from '../sites/sites.service';
import { PaymentsService } from './payments.service';
import { amountOf, rentalReceipt } from './receipts';
import { Refunds } from './refunds';
import { YooKassaGateway } from './yookassa-gateway';

/** A payment still pending this long after it was made is read back from YooKassa (its notification may be lost). */
export const RECONCILE_AFTER_MS = 10 * 60_000;
/** How often the sweep runs (every replica schedules the same one: BullMQ keeps one scheduler per id). */
export const SWEEP_EVERY_MS = 60_000;

export interface SweepReport {
  released: number;
  reconciled: number;
  refundsDecided: number;
  refundsSent: number;
  settlements: number;
}

/** A key derived from one our database holds: the same call every time, without a column of its own. */
export function derivedKey(key: string, purpose: string): string {
  const hex = createHash('sha256').update(`${key}:${purpose}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Nothing about money is left to one message (docs/decisions/0080-payments.md): a hold past its end
 * is released, a payment pending after RECONCILE_AFTER_MS is read back, a cancelled paid game's
 * refund decided, a refund not final sent or read again, and a paid game whose hour has begun gets
 * its settlement receipt. Each step is idempotent (its state checked in SQL), so the job may run
 * twice or on two replicas.
 */
@Injectable()
export class PaymentSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('PaymentSweep');

  constructor(
    @InjectQueue(QUEUES.payments) private readonly queue: Queue,
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly gateway: YooKassaGateway,
    private readonly payments: PaymentsService,
    private readonly refunds: Refunds,
    private readonly bookings: BookingsService,
    private readonly events: DomainEvents,
    private readonly settings: SettingsService,
    private readonly sites: SitesService,
    private readonly notifier: Notifier,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue
      .upsertJobScheduler(JOBS.paymentSweep, { every: SWEEP_EVERY_MS }, { name: JOBS.paymentSweep })
      .catch((error: unknown) => this.logger.error({ error: String(error) }, 'payment sweep not scheduled'));
  }

  async run(): Promise<SweepReport> {
    const report: SweepReport = {
      released: await this.releaseExpired(),
      reconciled: await this.reconcile(),
      refundsDecided: await this.refunds.decideCancelled(null),
      refundsSent: await this.refunds.sendOpen(null),
      settlements: await this.settle(),
    };
    if (Object.values(report).some(Boolean)) this.logger.log(report, 'payment sweep');
    return report;
  }

  /** Every hold past its end, unpaid (the per-game job does this on time; this catches a lost one). */
  async releaseExpired(): Promise<number> {
    const due = await this.db.query<{ booking_id: number }[]>(
      `SELECT booking_id FROM game_payments WHERE paid_at IS NULL AND released_at IS NULL AND pay_until <= $1 LIMIT 500`,
      [this.clock.now()],
    );
    let released = 0;
    for (const { booking_id } of due) if (await this.release(booking_id)) released += 1;
    return released;
  }

  /**
   * The hold of an unpaid game ends: the game is cancelled (its hour freed for the waitlist), the
   * player told, and a payment still open at YooKassa cancelled (one that succeeds anyway is a late
   * payment: PaymentsService.succeeded). False when it was paid, released already, or not due.
   */
  async release(bookingId: number): Promise<boolean> {
    // A payment made in time whose notification is late or lost is the game's: YooKassa is asked
    // first, and without its answer the game is not let go (the next sweep tries again).
    if (!(await this.readBackOpen(bookingId))) return false;
    const now = this.clock.now();
    const game = await this.events.transaction(async (tx) => {
      const facts = await this.payments.gameFacts(tx, bookingId, { lock: true });
      if (!facts || facts.paid_at || facts.released_at || facts.pay_until > now) return null;
      await tx.query(`UPDATE game_payments SET released_at = $2 WHERE booking_id = $1`, [bookingId, now]);
      return (await this.bookings.releaseUnpaid(tx, bookingId, now)) ? facts : null;
    });
    if (!game) return false;
    this.logger.log({ booking: bookingId, user: game.user_id }, 'unpaid game released at the end of its hold');
    await this.notifier
      .notify(game.user_id, {
        type: 'payment',
        event: 'released',
        bookingId,
        startsAt: game.starts_at.toISOString(),
        courtId: game.court_id,
        amount: null,
      })
      .catch((error: unknown) =>
        this.logger.error({ booking: bookingId, error: String(error) }, 'release notice not queued'),
      );
    await this.cancelOpen(bookingId);
    return true;
  }

  /** YooKassa's word on the game's payments still pending here; false when it could not be had. */
  private async readBackOpen(bookingId: number): Promise<boolean> {
    if (!this.gateway.enabled) return true;
    const open = await this.db.query<{ id: number; provider_id: string }[]>(
      `SELECT id, provider_id FROM payments WHERE booking_id = $1 AND status = 'pending' AND provider_id IS NOT NULL`,
      [bookingId],
    );
    for (const payment of open) {
      try {
        await this.payments.settle(await this.gateway.client.getPayment(payment.provider_id));
      } catch (error) {
        this.logger.warn(
          { payment: payment.id, booking: bookingId, error: error instanceof Error ? error.message : String(error) },
          'hold not released: YooKassa did not say whether its payment went through',
        );
        return false;
      }
    }
    return true;
  }

  /** The game's payments still pending at YooKassa are cancelled (best effort: a pending one-stage payment may refuse). */
  private async cancelOpen(bookingId: number): Promise<void> {
    if (!this.gateway.enabled) return;
    const open = await this.db.query<{ id: number; provider_id: string; key: string }[]>(
      `SELECT id, provider_id, idempotence_key::text AS key FROM payments
        WHERE booking_id = $1 AND status = 'pending' AND provider_id IS NOT NULL`,
      [bookingId],
    );
    for (const payment of open) {
      try {
        await this.payments.settle(
          await this.gateway.client.cancelPayment(payment.provider_id, derivedKey(payment.key, 'cancel')),
        );
      } catch (error) {
        this.logger.log(
          { payment: payment.id, error: error instanceof Error ? error.message : String(error) },
          'open payment not cancelled at YooKassa: it expires there, and a late success is refunded',
        );
      }
    }
  }

  /** Payments pending for RECONCILE_AFTER_MS or more are read back: a lost notification loses nothing. */
  async reconcile(olderThanMs = RECONCILE_AFTER_MS): Promise<number> {
    if (!this.gateway.enabled) return 0;
    const pending = await this.db.query<{ id: number; provider_id: string }[]>(
      `SELECT id, provider_id FROM payments
        WHERE status = 'pending' AND provider_id IS NOT NULL AND created_at <= $1 ORDER BY created_at LIMIT 1000`,
      [new Date(this.clock.now().getTime() - olderThanMs)],
    );
    let read = 0;
    for (const payment of pending) {
      try {
        await this.payments.settle(await this.gateway.client.getPayment(payment.provider_id));
        read += 1;
      } catch (error) {
        this.logger.warn(
          { payment: payment.id, error: error instanceof Error ? error.message : String(error) },
          'payment not read back: tried again at the next sweep',
        );
      }
    }
    return read;
  }

  /**
   * 54-FZ: a prepaid service gets its settlement receipt (docs/decisions/0082-receipts.md) for what
   * the club keeps of it: once the hour has begun, or once a cancellation's refund is decided and
   * leaves something kept. Each with the payment's own settlement key.
   */
  async settle(): Promise<number> {
    if (!this.gateway.enabled) return 0;
    const due = await this.db.query<
      {
        id: number;
        provider_id: string;
        settlement_key: string;
        settlement_provider_id: string | null;
        amount_kopecks: number;
        email: string;
        site_id: string;
        court_id: number;
        starts_at: Date;
      }[]
    >(
      // Settled once provided (the hour begun) or once a cancellation's refund is decided and some
      // of the money stays with the club; for what is kept (paid less succeeded refunds), never
      // while a refund is on its way.
      `SELECT * FROM (
         SELECT p.id, p.provider_id, p.settlement_key::text AS settlement_key, p.settlement_provider_id,
                p.amount_kopecks - coalesce((SELECT sum(r.amount_kopecks) FROM refunds r
                                              WHERE r.payment_id = p.id AND r.status = 'succeeded'), 0)::int AS amount_kopecks,
                u.email, p.site_id, b.court_id, b.starts_at
           FROM payments p JOIN game_payments gp ON gp.booking_id = p.booking_id JOIN bookings b ON b.id = p.booking_id
                JOIN users u ON u.id = p.user_id
          WHERE p.status = 'succeeded' AND p.receipt_status IS NOT NULL
            AND (p.settlement_status IS NULL OR p.settlement_status = 'pending') AND gp.paid_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.status = 'pending')
            AND (b.cancelled_at IS NULL AND b.starts_at <= $1 OR b.cancelled_at IS NOT NULL AND gp.refund_decided_at IS NOT NULL)
       ) due WHERE amount_kopecks > 0
       ORDER BY starts_at LIMIT 500`,
      [this.clock.now()],
    );
    let sent = 0;
    for (const payment of due) {
      try {
        const site = (await this.sites.find(payment.site_id)) ?? { id: payment.site_id, timezone: 'Europe/Moscow' };
        const rules = await this.settings.paymentRules(site);
        const receipt = rentalReceipt(
          rules,
          payment.email,
          await this.payments.describe(payment),
          payment.amount_kopecks,
          'full_payment',
        );
        const doc = payment.settlement_provider_id
          ? await this.gateway.client.getReceipt(payment.settlement_provider_id)
          : await this.gateway.client.createReceipt(
              {
                type: 'payment',
                payment_id: payment.provider_id,
                customer: receipt.customer,
                items: receipt.items,
                settlements: [{ type: 'prepayment', amount: amountOf(payment.amount_kopecks) }],
                send: true,
                ...(receipt.tax_system_code ? { tax_system_code: receipt.tax_system_code } : {}),
              },
              payment.settlement_key,
            );
        await this.db.query(
          `UPDATE payments SET settlement_provider_id = $2, settlement_status = $3, updated_at = now() WHERE id = $1`,
          [payment.id, doc.id, doc.status],
        );
        sent += 1;
      } catch (error) {
        this.logger.warn(
          { payment: payment.id, error: error instanceof Error ? error.message : String(error) },
          'settlement receipt not registered yet: tried again at the next sweep',
        );
      }
    }
    return sent;
  }
}
