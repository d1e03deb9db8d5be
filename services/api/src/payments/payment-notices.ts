import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentsService } from './payments.service';
import { Refunds } from './refunds';
import { YooKassaGateway } from './yookassa-gateway';

/** What a notification may name: the event and the object's id, nothing else is believed. */
interface Notification {
  event: string;
  id: string;
}

function parse(body: unknown): Notification | null {
  if (typeof body !== 'object' || body === null) return null;
  const { type, event, object } = body as { type?: unknown; event?: unknown; object?: { id?: unknown } };
  if (type !== 'notification' || typeof event !== 'string' || typeof object?.id !== 'string') return null;
  if (!/^[\w-]{1,64}$/.test(object.id)) return null;
  return { event, id: object.id };
}

/**
 * A notification is a hint: the payment or refund it names is read back from YooKassa and only that
 * answer is acted on, so a forged or replayed one changes nothing and a duplicate is a no-op. Handled
 * after the 200 (YooKassa repeats a notification not answered 200 quickly); a failure here is made
 * up by the sweep's reconciliation.
 */
@Injectable()
export class PaymentNotices {
  private readonly logger = new Logger('Payments');
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: DataSource,
    private readonly gateway: YooKassaGateway,
    private readonly payments: PaymentsService,
    private readonly refunds: Refunds,
  ) {}

  received(body: unknown): void {
    const notification = parse(body);
    if (!notification) {
      this.logger.warn('YooKassa notification ignored: not a notification object');
      return;
    }
    const handling = this.handle(notification)
      .catch((error: unknown) =>
        this.logger.warn(
          {
            event: notification.event,
            id: notification.id,
            error: error instanceof Error ? error.message : String(error),
          },
          'YooKassa notification not handled: the sweep reads the object again',
        ),
      )
      .finally(() => this.inFlight.delete(handling));
    this.inFlight.add(handling);
  }

  /** Resolves once every notification received so far is handled (tests, and a graceful shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async handle({ event, id }: Notification): Promise<void> {
    if (!this.gateway.enabled) return;
    if (event.startsWith('payment.')) {
      const [known] = await this.db.query<{ id: number }[]>(`SELECT id FROM payments WHERE provider_id = $1`, [id]);
      if (!known) {
        this.logger.warn({ event, id }, 'YooKassa notification for a payment Kort did not make: ignored');
        return;
      }
      await this.payments.settle(await this.gateway.client.getPayment(id));
      return;
    }
    if (event.startsWith('refund.')) {
      const [refund] = await this.db.query<{ payment_id: number }[]>(
        `SELECT payment_id FROM refunds WHERE provider_id = $1`,
        [id],
      );
      if (!refund) {
        this.logger.warn({ event, id }, 'YooKassa notification for a refund Kort did not make: ignored');
        return;
      }
      await this.refunds.sendOpen(refund.payment_id);
      return;
    }
    this.logger.log({ event, id }, 'YooKassa notification of an event Kort does not use: ignored');
  }
}
