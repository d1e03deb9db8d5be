import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  BookingError,
  messages,
  PaymentError,
  type CreatePaymentBody,
  type PaymentCreated,
  type PaymentMethod,
  type PaymentStatus,
} from '@kort/contracts';
import { GameInserts } from '../bookings/game-inserts';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import type { Writer } from '../common/writer';
import { AppConfig } from '../config/app-config';
import { DomainEvents } from '../events/domain-events';
import { Notifier } from '../notifications/notifier';
import { SettingsService } from '../rules/settings.service';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { amountOf, rentalDescription, rentalReceipt } from './receipts';
import { Refunds } from './refunds';
import { YooKassaGateway } from './yookassa-gateway';
import { YooKassaError } from './yookassa/yookassa-client';
import type { YooPayment } from './yookassa/yookassa-types';

/** A payment row as the pay call and the settlement read it. */
interface PaymentRow {
  id: number;
  site_id: string;
  booking_id: number;
  user_id: number;
  method: PaymentMethod;
  attempt: number;
  amount_kopecks: number;
  idempotence_key: string;
  provider_id: string | null;
  status: PaymentStatus;
  confirmation_url: string | null;
  receipt_status: string | null;
}

const PAYMENT_COLUMNS = `id, site_id, booking_id, user_id, method, attempt, amount_kopecks, idempotence_key::text AS idempotence_key,
  provider_id, status, confirmation_url, receipt_status`;

/** The game a payment is for, with what its receipt and its letter need. */
export interface GameFacts {
  booking_id: number;
  site_id: string;
  user_id: number;
  email: string;
  court_id: number;
  starts_at: Date;
  cancelled_at: Date | null;
  cancelled_by: string | null;
  amount_kopecks: number;
  pay_until: Date;
  paid_at: Date | null;
  released_at: Date | null;
  /** A waitlist offer not confirmed yet. */
  held_until: Date | null;
}

/**
 * Paying for a game through YooKassa (docs/decisions/0080-payments.md). One payment per game,
 * method and attempt, its Idempotence-Key written before YooKassa is asked and sent every time it
 * is asked again: a double tap, a retry after a timeout or a crash between YooKassa's answer and
 * ours all reach the same payment. A payment's state changes only on an object read back from
 * YooKassa (settle), never on what a notification's body says.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly db: DataSource,
    private readonly gateway: YooKassaGateway,
    private readonly settings: SettingsService,
    private readonly sites: SitesService,
    private readonly courts: CourtsService,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly inserts: GameInserts,
    private readonly refunds: Refunds,
    private readonly notifier: Notifier,
    private readonly events: DomainEvents,
  ) {}

  /**
   * POST /api/payments/: the player's payment of their held game, made once per method and attempt.
   * A payment already made is read back first: one YooKassa canceled (the player declined, or it
   * expired) makes way for a new attempt.
   */
  async pay(user: User, body: CreatePaymentBody): Promise<PaymentCreated> {
    const client = this.gateway.client;
    for (let tries = 0; ; tries += 1) {
      const { row, game } = await this.db.transaction((tx) => this.claim(tx, user, body.booking_id, body.method));
      if (!row.provider_id || !row.confirmation_url) return this.create(row, game);
      const current = await client.getPayment(row.provider_id).catch(() => null);
      if (!current || current.status === 'pending' || tries > 0) return answer(row);
      // Settled at YooKassa since: recorded, and a canceled one gives way to the next attempt.
      await this.settle(current);
      if (current.status === 'succeeded') throw new KortError(PaymentError.AlreadyPaid);
    }
  }

  /** Asks YooKassa for the claimed payment with its stored key; the answer's id and page are kept. */
  private async create(row: PaymentRow, game: GameFacts): Promise<PaymentCreated> {
    const site = (await this.sites.find(game.site_id))!;
    const rules = await this.settings.paymentRules(site);
    const description = await this.describe(game);
    let payment: YooPayment;
    try {
      payment = await this.gateway.client.createPayment(
        {
          amount: amountOf(row.amount_kopecks),
          capture: true,
          confirmation: { type: 'redirect', return_url: `${this.config.publicUrl}/profile?payment=${game.booking_id}` },
          payment_method_data: { type: row.method },
          description: description.slice(0, 128),
          metadata: { booking_id: String(game.booking_id), payment_id: String(row.id) },
          ...(rules.receipts_enabled
            ? { receipt: rentalReceipt(rules, game.email, description, row.amount_kopecks, 'full_prepayment') }
            : {}),
        },
        row.idempotence_key,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!retryable(error)) {
        // YooKassa refused the request itself (the method off at the shop, a receipt it rejects):
        // the same key would get the same refusal for a day, so this attempt ends here.
        await this.db.query(
          `UPDATE payments SET status = 'canceled', canceled_at = $2, updated_at = now() WHERE id = $1 AND status = 'pending'`,
          [row.id, this.clock.now()],
        );
        this.logger.error(
          { payment: row.id, booking: game.booking_id, error: message },
          'YooKassa refused the payment',
        );
        throw new KortError(PaymentError.Refused);
      }
      this.logger.warn(
        { payment: row.id, booking: game.booking_id, error: message },
        'YooKassa did not create the payment: the same call later sends the same key',
      );
      throw new KortError(PaymentError.Unavailable);
    }
    const confirmationUrl = payment.confirmation?.confirmation_url ?? null;
    await this.db.query(
      `UPDATE payments SET provider_id = $2, confirmation_url = coalesce($3, confirmation_url), updated_at = now()
        WHERE id = $1 AND (provider_id IS NULL OR provider_id = $2)`,
      [row.id, payment.id, confirmationUrl],
    );
    this.logger.log(
      { payment: row.id, booking: game.booking_id, method: row.method, provider: payment.id },
      'payment created at YooKassa',
    );
    if (payment.status !== 'pending') await this.settle(payment);
    return { payment_id: row.id, confirmation_url: confirmationUrl ?? '', status: statusOf(payment) };
  }

  /**
   * The payment to send the player to: the live one of that method (pending, or just made), or a
   * new attempt after a canceled one. The game's row is locked, so parallel calls queue here and
   * find the first one's row and key.
   */
  private async claim(
    tx: Writer,
    user: User,
    bookingId: number,
    method: PaymentMethod,
  ): Promise<{ row: PaymentRow; game: GameFacts }> {
    const game = await this.gameFacts(tx, bookingId, { lock: true });
    // Someone else's game is not found, as every owned object is.
    if (!game || game.user_id !== user.id) throw new KortError(BookingError.GameNotFound);
    if (game.paid_at) throw new KortError(PaymentError.AlreadyPaid);
    if (game.released_at || game.pay_until <= this.clock.now()) throw new KortError(PaymentError.HoldExpired);
    if (game.cancelled_at) throw new KortError(PaymentError.NotDue);
    // A waitlist offer is paid once confirmed (paid and left unconfirmed, its hold would drop it).
    if (game.held_until) throw new KortError(PaymentError.NotDue, { detail: messages.paymentConfirmOfferFirst });
    const [last] = await tx.query<PaymentRow[]>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE booking_id = $1 AND method = $2 ORDER BY attempt DESC LIMIT 1`,
      [bookingId, method],
    );
    if (last && last.status !== 'canceled') {
      if (last.status === 'succeeded') throw new KortError(PaymentError.AlreadyPaid);
      return { row: last, game };
    }
    const rules = await this.settings.paymentRules({ id: game.site_id, timezone: 'UTC' });
    const [row] = await tx.query<PaymentRow[]>(
      `INSERT INTO payments (site_id, booking_id, user_id, method, attempt, amount_kopecks, receipt_status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${PAYMENT_COLUMNS}`,
      [
        game.site_id,
        bookingId,
        user.id,
        method,
        (last?.attempt ?? 0) + 1,
        game.amount_kopecks,
        rules.receipts_enabled ? 'pending' : null,
        this.clock.now(),
      ],
    );
    return { row: row!, game };
  }

  /**
   * YooKassa's word on a payment, read back by id (a notification, the reconciliation, the pay call
   * itself): the one place a payment's state moves. Idempotent: a state already recorded is a no-op.
   */
  async settle(payment: YooPayment): Promise<void> {
    if (payment.status === 'succeeded') return this.succeeded(payment);
    if (payment.status === 'canceled') {
      const [, changed] = await this.db.query<[unknown[], number]>(
        `UPDATE payments SET status = 'canceled', canceled_at = $2, updated_at = now()
          WHERE provider_id = $1 AND status = 'pending'`,
        [payment.id, this.clock.now()],
      );
      if (changed)
        this.logger.log({ provider: payment.id, reason: payment.cancellation_details?.reason }, 'payment canceled');
    }
  }

  /**
   * A payment succeeded: the game is paid. Paid twice (two methods), the second is refunded in
   * full. Paid after its hold ran out: the same hour is booked again if still free, else refunded in
   * full (docs/decisions/0081-late-payments.md).
   */
  private async succeeded(payment: YooPayment): Promise<void> {
    const outcome = await this.events.transaction(async (tx) => {
      // The game's charge is locked before the payment, as every other path locks them: two
      // payments of one game succeeding at once queue here instead of deadlocking.
      const [known] = await tx.query<{ booking_id: number }[]>(
        `SELECT booking_id FROM payments WHERE provider_id = $1`,
        [payment.id],
      );
      if (!known) return null;
      await tx.query(`SELECT 1 FROM game_payments WHERE booking_id = $1 FOR UPDATE`, [known.booking_id]);
      // An UPDATE … RETURNING answers [rows, count] through TypeORM's query().
      const [[row]] = await tx.query<[PaymentRow[], number]>(
        `UPDATE payments SET status = 'succeeded', paid_at = $3, updated_at = now(),
                receipt_status = CASE WHEN receipt_status IS NULL THEN NULL ELSE coalesce($2::text, receipt_status) END
          WHERE provider_id = $1 AND status = 'pending' RETURNING ${PAYMENT_COLUMNS}`,
        [payment.id, payment.receipt_registration ?? null, this.clock.now()],
      );
      if (!row) return null;
      const game = (await this.gameFacts(tx, row.booking_id, { lock: true }))!;
      if (game.paid_at) {
        await this.refunds.create(tx, row, row.amount_kopecks, 'double', 'Игра уже оплачена другим платежом');
        return { kind: 'double' as const, row, game };
      }
      if (!game.cancelled_at) {
        await tx.query(`UPDATE game_payments SET paid_at = $2 WHERE booking_id = $1`, [
          game.booking_id,
          this.clock.now(),
        ]);
        // The door and the agent's offline PINs take the game only once it is paid.
        await this.events.record(tx, { type: 'games.paid', games: [{ id: game.booking_id, siteId: game.site_id }] });
        return { kind: 'paid' as const, row, game };
      }
      if (game.cancelled_by === 'unpaid' && game.starts_at > this.clock.now()) {
        const again = await this.inserts.tryInsert(tx, {
          userId: game.user_id,
          courtId: game.court_id,
          startsAt: game.starts_at,
        });
        if ('id' in again) {
          await tx.query(
            `UPDATE game_payments SET booking_id = $2, paid_at = $3, released_at = NULL WHERE booking_id = $1`,
            [game.booking_id, again.id, this.clock.now()],
          );
          await this.events.record(tx, { type: 'games.booked', games: [{ id: again.id, siteId: game.site_id }] });
          return { kind: 'rebooked' as const, row, game, bookingId: again.id };
        }
      }
      await this.refunds.create(tx, row, row.amount_kopecks, 'late', 'Оплата пришла после того, как игра снята');
      return { kind: 'late' as const, row, game };
    });
    if (!outcome) return;
    this.logger.log(
      { payment: outcome.row.id, booking: outcome.game.booking_id, outcome: outcome.kind },
      'payment succeeded',
    );
    if (outcome.kind === 'rebooked') await this.notify(outcome.game, 'late-booked', outcome.bookingId);
    await this.refunds.sendOpen(outcome.row.id);
  }

  /** The game behind a charge (optionally locked: the charge's row, for the caller's transaction). */
  async gameFacts(tx: Writer, bookingId: number, { lock = false } = {}): Promise<GameFacts | null> {
    const [game] = await tx.query<GameFacts[]>(
      `SELECT gp.booking_id, gp.site_id, gp.user_id, u.email, b.court_id, b.starts_at, b.cancelled_at, b.cancelled_by,
              gp.amount_kopecks, gp.pay_until, gp.paid_at, gp.released_at, b.held_until
         FROM game_payments gp JOIN bookings b ON b.id = gp.booking_id JOIN users u ON u.id = gp.user_id
        WHERE gp.booking_id = $1 ${lock ? 'FOR UPDATE OF gp' : ''}`,
      [bookingId],
    );
    return game ?? null;
  }

  /** «Аренда корта 2, 4 декабря 2026, 18:00», in the game's own site's zone. */
  async describe(game: Pick<GameFacts, 'site_id' | 'court_id' | 'starts_at'>): Promise<string> {
    const site = (await this.sites.find(game.site_id)) ?? { timezone: 'Europe/Moscow' };
    const clock = this.time.of(site);
    return rentalDescription(
      game.court_id,
      (await this.courts.find(game.court_id))?.name,
      clock.longDate(game.starts_at),
      clock.time(game.starts_at),
    );
  }

  private async notify(game: GameFacts, event: 'late-booked', bookingId: number): Promise<void> {
    await this.notifier
      .notify(game.user_id, {
        type: 'payment',
        event,
        bookingId,
        startsAt: game.starts_at.toISOString(),
        courtId: game.court_id,
        amount: null,
      })
      .catch((error: unknown) =>
        this.logger.error({ booking: bookingId, error: String(error) }, 'payment notice not queued'),
      );
  }
}

function answer(row: PaymentRow): PaymentCreated {
  return { payment_id: row.id, confirmation_url: row.confirmation_url ?? '', status: row.status };
}

function statusOf(payment: YooPayment): PaymentStatus {
  return payment.status === 'succeeded' ? 'succeeded' : payment.status === 'canceled' ? 'canceled' : 'pending';
}

/** Whether a failure of YooKassa is worth a later retry (not a refusal of the request itself). */
export function retryable(error: unknown): boolean {
  return !(error instanceof YooKassaError) || error.retryable;
}
