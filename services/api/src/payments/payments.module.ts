import { Module, type OnModuleInit } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BookingHooks } from '../bookings/booking-hooks';
import { BookingsModule } from '../bookings/bookings.module';
import { ClubModule } from '../club/club.module';
import { DomainEvents } from '../events/domain-events';
import { NotificationsModule } from '../notifications/notifications.module';
import { RulesModule } from '../rules/rules.module';
import { SitesModule } from '../sites/sites.module';
import { AdminPaymentsController } from './admin-payments.controller';
import { AdminPayments } from './admin-payments.service';
import { GameCharges } from './game-charges';
import { YooKassaAddresses } from './notify-senders';
import { PaymentNotices } from './payment-notices';
import { PaymentSweep } from './payment-sweep';
import { PaymentsController } from './payments.controller';
import { PaymentsProcessor } from './payments.processor';
import { PaymentsService } from './payments.service';
import { Refunds } from './refunds';
import { YooKassaGateway } from './yookassa-gateway';

/**
 * A club that charges (docs/decisions/0080-payments.md): a priced game's charge and hold, payment
 * through YooKassa, refunds by the club's rule, 54-FZ receipts, the sweep that loses nothing, and
 * the dashboard's payments. It sits above the bookings and reaches into them only through their
 * hooks (bookings/booking-hooks.ts).
 */
@Module({
  imports: [BookingsModule, ClubModule, AuditModule, NotificationsModule, RulesModule, SitesModule],
  controllers: [PaymentsController, AdminPaymentsController],
  providers: [
    YooKassaGateway,
    GameCharges,
    PaymentsService,
    Refunds,
    PaymentNotices,
    PaymentSweep,
    PaymentsProcessor,
    AdminPayments,
    YooKassaAddresses,
  ],
  exports: [PaymentsService, PaymentSweep, PaymentNotices],
})
export class PaymentsModule implements OnModuleInit {
  constructor(
    private readonly hooks: BookingHooks,
    private readonly gateway: YooKassaGateway,
    private readonly charges: GameCharges,
    private readonly refunds: Refunds,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.hooks.setCharges({
      // No shop: a priced hour is booked as a free one (docs/decisions/0080-payments.md).
      charge: (tx, site, game) => (this.gateway.enabled ? this.charges.charge(tx, site, game) : Promise.resolve(null)),
      describe: (userId, bookingIds) => this.charges.describe(userId, bookingIds),
    });
    this.events.on('games.freed', {
      name: 'refunds',
      // A no-show's game is not refunded, and a waitlist hold let go was never paid for as a game.
      afterCommit: async ({ games, by }) => {
        if (by !== 'no-show' && by !== 'waitlist') await this.refunds.decideCancelled(games.map((game) => game.id));
      },
    });
  }
}
