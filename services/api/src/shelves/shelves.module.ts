import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { DevicesModule } from '../devices/devices.module';
import { RulesModule } from '../rules/rules.module';
import { ShelvesController } from './shelves.controller';
import { ShelfStateService } from './shelf-state.service';
import { ShelvesService } from './shelves.service';

@Module({
  imports: [AuditModule, BookingsModule, DevicesModule, RulesModule],
  controllers: [ShelvesController],
  providers: [ShelvesService, ShelfStateService],
  exports: [ShelfStateService],
})
export class ShelvesModule {}
