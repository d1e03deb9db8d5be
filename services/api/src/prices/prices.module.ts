import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminPricesController } from './admin-prices.controller';
import { PriceBook } from './price-book';
import { PricesService } from './prices.service';

/**
 * What a club charges for an hour on a court: its price rules (prices.service.ts), their dashboard
 * resource, and the price of an hour as players are told and charged (price-book.ts).
 */
@Module({
  imports: [AuditModule],
  controllers: [AdminPricesController],
  providers: [PricesService, PriceBook],
  exports: [PricesService, PriceBook],
})
export class PricesModule {}
