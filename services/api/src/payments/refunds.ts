import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatRoubles, PaymentError, refundDue, roublesOf } from '@kort/contracts';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import type { Writer } from '../common/writer';
import { Notifier } from '../notifications/notifier';
import { SettingsService } from '../rules/settings.service';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';
import { amountOf, rentalDescription, rentalReceipt } from './receipts';
import { YooKassaGateway } from './yookassa-gateway';
import { YooKassaError } from './yookassa/yookassa-client';
import type { YooRefund } from './yookassa/yookassa-types';

export type RefundCause = 'player_cancel' | 'club_cancel' | 'admin' | 'double' | 'late';

/** What a refund is made from: a succeeded payment. */
interface RefundedPayment {
  id: number;
  site_id: string;
  amount_kopecks: number;
}

interface OpenRefund {
  id: number;
  amount_kopecks: number;
  cause: RefundCause;
  reason: string;
  idempotence_key: string;
  provider_id: string | null;
  payment_provider_id: string;
  receipts: boolean;
  /** The settlement receipt is registered: a refund now returns a service provided, not a prepayment. */
  settled: boolean;
  user_id: number;
  email: string;
  booking_id: number;
  site_id: string;
  court_id: number;
  court_name: string;
  starts_at: Date;
}

/** A cancelled game whose money was paid and whose refund is not decided yet. */
interface CancelledPaid {
  booking_id: number;
  site_id: string;
  starts_at: Date;
  cancelled_at: Date;
  cancelled_by: string | null;
}

/**
 * Money going back (docs/decisions/0080-payments.md): a row per refund with its own
 * Idempotence-Key, written before YooKassa is asked (in the transaction that decides it), sent
 * after the commit and again by the sweep until YooKassa's answer is final. A cancelled paid game is
 * decided once (game_payments.refund_decided_at): the player's own cancellation by the club's rule
 * as of when it was made, the club's in full, a no-show release not at all.
 */
@Injectable()
export class Refunds {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly db: DataSource,
    private readonly gateway: YooKassaGateway,
    private readonly settings: SettingsService,
    private readonly sites: SitesService,
    private readonly time: SiteTime,
    private readonly notifier: Notifier,
    private readonly clock: Clock,
  ) {}

  /** Writes a refund of the payment in the caller's transaction; sendOpen sends it once committed. */
  async create(
    tx: Writer,
    payment: RefundedPayment,
    kopecks: number,
    cause: RefundCause,
    reason: string,
    adminId: number | null = null,
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO refunds (site_id, payment_id, amount_kopecks, cause, reason, admin_id, receipt_status)
       SELECT $1, $2, $3, $4, $5, $6, CASE WHEN p.receipt_status IS NULL THEN NULL ELSE 'pending' END
         FROM payments p WHERE p.id = $2 RETURNING id`,
      [payment.site_id, payment.id, kopecks, cause, reason, adminId],
    );
    return row!.id;
  }

  /** What is left of a payment to refund (refunds not canceled count against it), the payment locked. */
  async leftOf(tx: Writer, paymentId: number): Promise<number> {
    const [row] = await tx.query<{ left: number }[]>(
      `SELECT p.amount_kopecks - coalesce((SELECT sum(r.amount_kopecks) FROM refunds r
                                            WHERE r.payment_id = p.id AND r.status <> 'canceled'), 0)::int AS left
         FROM payments p WHERE p.id = $1 AND p.status = 'succeeded'`,
      [paymentId],
    );
    return row?.left ?? 0;
  }

  /**
   * The refunds of cancelled paid games not decided yet (these games, or every one: the sweep).
   * Each game is decided in its own transaction, its charge locked (SKIP LOCKED: another replica
   * deciding it already is left to it).
   */
  async decideCancelled(bookingIds: number[] | null): Promise<number> {
    const games = await this.db.query<CancelledPaid[]>(
      `SELECT gp.booking_id, gp.site_id, b.starts_at, b.cancelled_at, b.cancelled_by
         FROM game_payments gp JOIN bookings b ON b.id = gp.booking_id
        WHERE gp.paid_at IS NOT NULL AND gp.refund_decided_at IS NULL AND b.cancelled_at IS NOT NULL
          AND b.no_show_at IS NULL AND ($1::int[] IS NULL OR gp.booking_id = ANY($1::int[]))
        LIMIT 500`,
      [bookingIds],
    );
    let decided = 0;
    for (const game of games) {
      const paymentIds = await this.db.transaction(async (tx) => {
        const [locked] = await tx.query<{ booking_id: number }[]>(
          `SELECT booking_id FROM game_payments WHERE booking_id = $1 AND refund_decided_at IS NULL
             FOR UPDATE SKIP LOCKED`,
          [game.booking_id],
        );
        if (!locked) return [];
        const site = (await this.sites.find(game.site_id)) ?? { id: game.site_id, timezone: 'UTC' };
        const rules = await this.settings.paymentRules(site);
        const payments = await tx.query<RefundedPayment[]>(
          // Locked as an admin's refund locks them: what is left is read once nobody else is refunding.
          `SELECT id, site_id, amount_kopecks FROM payments WHERE booking_id = $1 AND status = 'succeeded'
            ORDER BY id FOR UPDATE`,
          [game.booking_id],
        );
        const made: number[] = [];
        for (const payment of payments) {
          const left = await this.leftOf(tx, payment.id);
          const byPlayer = game.cancelled_by === 'player';
          const kopecks = byPlayer ? refundDue(rules, left, game.starts_at, game.cancelled_at) : left;
          if (kopecks <= 0) continue;
          await this.create(
            tx,
            payment,
            kopecks,
            byPlayer ? 'player_cancel' : 'club_cancel',
            byPlayer ? 'Игрок отменил игру' : 'Клуб отменил игру',
          );
          made.push(payment.id);
        }
        await tx.query(`UPDATE game_payments SET refund_decided_at = $2 WHERE booking_id = $1`, [
          game.booking_id,
          this.clock.now(),
        ]);
        return made;
      });
      decided += 1;
      // Sent after the answer (a closure cancelling many paid games does not wait on YooKassa);
      // the sweep sends whatever this misses.
      for (const paymentId of paymentIds) void this.sendOpen(paymentId);
    }
    return decided;
  }

  /**
   * An admin's refund (POST /api/admin/payments/{id}/refund): the amount given or all that is left,
   * never more, recorded in the caller's transaction with its action.
   */
  async byAdmin(
    tx: Writer,
    payment: RefundedPayment,
    kopecks: number | null,
    reason: string,
    adminId: number,
  ): Promise<number> {
    const left = await this.leftOf(tx, payment.id);
    if (left <= 0 && kopecks === null) throw new KortError(PaymentError.RefundTooMuch);
    const amount = kopecks ?? left;
    if (amount > left) {
      throw new KortError(PaymentError.RefundTooMuch, {
        detail: `Вернуть можно не больше, чем осталось от платежа: ${formatRoubles(left)}`,
      });
    }
    return this.create(tx, payment, amount, 'admin', reason, adminId);
  }

  /** Sends the payment's refunds not answered for good (all open ones when no payment is named). */
  async sendOpen(paymentId: number | null = null): Promise<number> {
    if (!this.gateway.enabled) return 0;
    const open = await this.db.query<OpenRefund[]>(
      `SELECT r.id, r.amount_kopecks, r.cause, r.reason, r.idempotence_key::text AS idempotence_key, r.provider_id,
              p.provider_id AS payment_provider_id, p.receipt_status IS NOT NULL AS receipts, p.user_id, u.email,
              p.settlement_status = 'succeeded' AS settled,
              p.booking_id, p.site_id, b.court_id, c.name AS court_name, b.starts_at
         FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN users u ON u.id = p.user_id
              JOIN bookings b ON b.id = p.booking_id JOIN courts c ON c.id = b.court_id
        WHERE r.status = 'pending' AND ($1::int IS NULL OR r.payment_id = $1) AND p.provider_id IS NOT NULL
        ORDER BY r.id LIMIT 500`,
      [paymentId],
    );
    let sent = 0;
    for (const refund of open) {
      try {
        const answer = refund.provider_id
          ? await this.gateway.client.getRefund(refund.provider_id)
          : await this.send(refund);
        await this.settleRefund(answer, refund);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof YooKassaError && !error.retryable) {
          // Refused for good (more than is left at YooKassa, the shop's balance): the club returns
          // this money by hand; the dashboard shows the refund as refused.
          await this.db.query(
            `UPDATE refunds SET status = 'canceled', done_at = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
            [refund.id, this.clock.now()],
          );
          this.logger.error({ refund: refund.id, payment: paymentId, error: message }, 'YooKassa refused a refund');
          continue;
        }
        this.logger.warn(
          { refund: refund.id, error: message },
          'refund not sent yet: the sweep tries again with the same key',
        );
      }
    }
    return sent;
  }

  private async send(refund: OpenRefund): Promise<YooRefund> {
    const site = (await this.sites.find(refund.site_id)) ?? { id: refund.site_id, timezone: 'Europe/Moscow' };
    const rules = await this.settings.paymentRules(site);
    const description = rentalDescription(
      refund.court_id,
      refund.court_name,
      ...this.when(site.timezone, refund.starts_at),
    );
    const answer = await this.gateway.client.createRefund(
      {
        payment_id: refund.payment_provider_id,
        amount: amountOf(refund.amount_kopecks),
        description: `Возврат: ${refund.reason}`.slice(0, 250),
        ...(refund.receipts
          ? {
              receipt: rentalReceipt(
                rules,
                refund.email,
                description,
                refund.amount_kopecks,
                refund.settled ? 'full_payment' : 'full_prepayment',
              ),
            }
          : {}),
      },
      refund.idempotence_key,
    );
    await this.db.query(
      `UPDATE refunds SET provider_id = $2, updated_at = now() WHERE id = $1 AND provider_id IS NULL`,
      [refund.id, answer.id],
    );
    return answer;
  }

  /** YooKassa's word on a refund: final states are recorded once, and the player told of the money. */
  async settleRefund(
    answer: YooRefund,
    refund: Pick<OpenRefund, 'id' | 'user_id' | 'booking_id' | 'amount_kopecks' | 'court_id' | 'starts_at' | 'cause'>,
  ): Promise<void> {
    if (answer.status === 'pending') return;
    const [, changed] = await this.db.query<[unknown[], number]>(
      `UPDATE refunds SET status = $2, done_at = $4, updated_at = now(),
              receipt_status = CASE WHEN receipt_status IS NULL THEN NULL ELSE coalesce($3::text, receipt_status) END
        WHERE id = $1 AND status = 'pending'`,
      [refund.id, answer.status, answer.receipt_registration ?? null, this.clock.now()],
    );
    if (!changed) return;
    this.logger.log(
      { refund: refund.id, status: answer.status, amount: roublesOf(refund.amount_kopecks) },
      'refund settled',
    );
    if (answer.status !== 'succeeded') {
      this.logger.error(
        { refund: refund.id, cause: refund.cause },
        'YooKassa canceled a refund: the club returns it by hand',
      );
      return;
    }
    await this.notifier
      .notify(refund.user_id, {
        type: 'payment',
        event: 'refunded',
        bookingId: refund.booking_id,
        refundId: refund.id,
        startsAt: refund.starts_at.toISOString(),
        courtId: refund.court_id,
        amount: roublesOf(refund.amount_kopecks),
      })
      .catch((error: unknown) =>
        this.logger.error({ refund: refund.id, error: String(error) }, 'refund notice not queued'),
      );
  }

  private when(timezone: string, startsAt: Date): [string, string] {
    const clock = this.time.of({ timezone });
    return [clock.longDate(startsAt), clock.time(startsAt)];
  }
}
