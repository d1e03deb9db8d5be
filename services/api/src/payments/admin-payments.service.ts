import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  type AdminPayment,
  type AdminRefundBody,
  formatRoubles,
  kopecksOf,
  PAYMENT_STATUSES,
  PaymentError,
  roublesOf,
} from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { KortError } from '../common/kort-error';
import { intIds, intValue, listQuery, type ListQuery } from '../resources/list-query';
import {
  containsPattern,
  sqlPage,
  sqlRecord,
  type Page,
  type SqlParams,
  type SqlResource,
} from '../resources/sql-list';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { Refunds } from './refunds';

const SORTABLE = ['id', 'created_at', 'starts_at', 'amount', 'status', 'paid_at'] as const;
type PaymentField = (typeof SORTABLE)[number];

const paymentsFilter = z.strictObject({
  id: intIds.optional(),
  /** The site-local day of the game, YYYY-MM-DD. */
  day: z.iso.date().optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  user_id: intValue.optional(),
  booking_id: intValue.optional(),
  q: z.string().max(100).optional(),
});
type PaymentsFilter = z.output<typeof paymentsFilter>;

export const paymentsListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'created_at', order: 'DESC' },
  filter: paymentsFilter,
});

const paymentsSource = (params: SqlParams, site: SiteRef): string => `
  SELECT p.id, p.site_id, p.booking_id, p.user_id, u.name AS player, u.email, b.court_id, b.starts_at,
         p.amount_kopecks AS amount, p.method, p.status, p.provider_id, p.receipt_status, p.settlement_status,
         p.created_at, p.paid_at,
         coalesce((SELECT json_agg(json_build_object('id', r.id, 'amount', r.amount_kopecks, 'status', r.status,
                                   'cause', r.cause, 'reason', r.reason, 'created_at', r.created_at,
                                   'receipt_status', r.receipt_status) ORDER BY r.id)
                     FROM refunds r WHERE r.payment_id = p.id), '[]'::json) AS refunds
    FROM payments p JOIN users u ON u.id = p.user_id JOIN bookings b ON b.id = p.booking_id
   WHERE p.site_id = ${params.add(site.id)}`;

interface RefundJson {
  id: number;
  amount: number;
  status: 'pending' | 'succeeded' | 'canceled';
  cause: AdminPayment['refunds'][number]['cause'];
  reason: string;
  created_at: string;
  receipt_status: 'pending' | 'succeeded' | 'canceled' | null;
}

function toPayment(row: Record<string, unknown>): AdminPayment {
  const refunds = row.refunds as RefundJson[];
  const amount = row.amount as number;
  const counted = refunds
    .filter((refund) => refund.status !== 'canceled')
    .reduce((sum, refund) => sum + refund.amount, 0);
  const receipts = row.receipt_status as AdminPayment['receipts'][number]['status'] | null;
  return {
    id: row.id as number,
    site_id: row.site_id as string,
    booking_id: row.booking_id as number,
    user_id: row.user_id as number,
    player: row.player as string,
    email: row.email as string,
    court_id: row.court_id as number,
    starts_at: (row.starts_at as Date).toISOString(),
    amount: roublesOf(amount),
    method: row.method as AdminPayment['method'],
    status: row.status as AdminPayment['status'],
    refunded: roublesOf(counted),
    refundable: roublesOf(row.status === 'succeeded' ? Math.max(0, amount - counted) : 0),
    provider_id: (row.provider_id as string | null) ?? null,
    receipts: [
      { kind: 'payment', status: receipts ?? 'off' },
      {
        kind: 'settlement',
        status:
          receipts === null
            ? 'off'
            : ((row.settlement_status as 'pending' | 'succeeded' | 'canceled' | null) ?? 'not_yet'),
      },
      ...refunds.map((refund) => ({ kind: 'refund' as const, status: refund.receipt_status ?? ('off' as const) })),
    ],
    refunds: refunds.map((refund) => ({
      id: refund.id,
      amount: roublesOf(refund.amount),
      status: refund.status,
      cause: refund.cause,
      reason: refund.reason,
      created_at: new Date(refund.created_at).toISOString(),
    })),
    created_at: (row.created_at as Date).toISOString(),
    paid_at: row.paid_at ? (row.paid_at as Date).toISOString() : null,
  };
}

/** The dashboard's `payments` resource (docs/admin-api.md): a site's payments, their refunds and receipts. */
@Injectable()
export class AdminPayments {
  private readonly logger = new Logger('AdminPayments');
  private readonly resource: SqlResource<PaymentField, PaymentsFilter>;

  constructor(
    private readonly db: DataSource,
    private readonly refunds: Refunds,
    private readonly actions: AdminActions,
    time: SiteTime,
  ) {
    this.resource = {
      source: paymentsSource,
      columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<PaymentField, string>,
      tiebreak: 'r.id',
      conditions: (filter, params, site) => {
        const where: string[] = [];
        if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
        if (filter.day) {
          const local = time.of(site);
          const day = local.day(local.at(filter.day, 12));
          where.push(`r.starts_at >= ${params.add(day.start)} AND r.starts_at < ${params.add(day.end)}`);
        }
        if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
        if (filter.user_id !== undefined) where.push(`r.user_id = ${params.add(filter.user_id)}`);
        if (filter.booking_id !== undefined) where.push(`r.booking_id = ${params.add(filter.booking_id)}`);
        if (filter.q) {
          const pattern = params.add(containsPattern(filter.q));
          where.push(`(r.player ILIKE ${pattern} OR r.email ILIKE ${pattern} OR r.provider_id ILIKE ${pattern})`);
        }
        return where;
      },
    };
  }

  list(site: SiteRef, query: ListQuery<PaymentField, PaymentsFilter>): Promise<Page<AdminPayment>> {
    return sqlPage(this.db, site, this.resource, query, toPayment);
  }

  /** The site's payment; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminPayment> {
    return sqlRecord(this.db, site, this.resource, id, toPayment, PaymentError.NotFound);
  }

  /** «Вернуть деньги»: the amount given or all that is left, once, logged in the site's action log. */
  async refund(site: SiteRef, admin: User, id: number, body: AdminRefundBody): Promise<AdminPayment> {
    const kopecks = body.amount === undefined ? null : kopecksOf(body.amount);
    const refundId = await this.db.transaction(async (tx) => {
      const [payment] = await tx.query<{ id: number; site_id: string; amount_kopecks: number; status: string }[]>(
        `SELECT id, site_id, amount_kopecks, status FROM payments WHERE id = $1 AND site_id = $2 FOR UPDATE`,
        [id, site.id],
      );
      if (!payment) throw new KortError(PaymentError.NotFound);
      if (payment.status !== 'succeeded') throw new KortError(PaymentError.RefundNotPaid);
      const made = await this.refunds.byAdmin(tx, payment, kopecks, body.reason, admin.id);
      const [refund] = await tx.query<{ amount_kopecks: number }[]>(
        `SELECT amount_kopecks FROM refunds WHERE id = $1`,
        [made],
      );
      await this.actions.record(
        site,
        tx,
        admin.id,
        'payment.refund',
        'payment',
        id,
        `Возврат ${formatRoubles(refund!.amount_kopecks)}: ${body.reason}`,
      );
      return made;
    });
    this.logger.log({ payment: id, refund: refundId, admin: admin.id, site: site.id }, 'refund made by an admin');
    await this.refunds.sendOpen(id);
    return this.get(site, id);
  }
}
