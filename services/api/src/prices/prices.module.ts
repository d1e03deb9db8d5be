import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminPricesController } from './admin-prices.controller';
import { PricesService } from './prices.service';

/** What a club charges for an hour on a court: its price rules (prices.service.ts) and their dashboard resource. */
@Module({
  imports: [AuditModule],
  controllers: [AdminPricesController],
  providers: [PricesService],
  exports: [PricesService],
})
export class PricesModule {}
