import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { adminPaymentSchema, adminRefundBody, type AdminPayment, PaymentError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminPayments, paymentsListQuery } from './admin-payments.service';

/** The dashboard's `payments` resource (docs/admin-api.md): read-only, and an admin's refund. */
@AdminResourceController('payments')
export class AdminPaymentsController extends ResourceReads<AdminPayment, typeof paymentsListQuery>(
  'payments',
  paymentsListQuery,
  adminPaymentSchema,
) {
  constructor(private readonly payments: AdminPayments) {
    super({
      list: (query, site) => payments.list(site, query),
      get: (id, site) => payments.get(site, intId(id, PaymentError.NotFound)),
    });
  }

  @Post(':id/refund')
  @HttpCode(200)
  @BodySchema(adminRefundBody)
  @ResponseSchema(adminPaymentSchema)
  refund(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminRefundBody>,
  ): Promise<AdminPayment> {
    return this.payments.refund(site, admin, intId(id, PaymentError.NotFound), body);
  }
}
