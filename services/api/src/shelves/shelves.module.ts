import { Module } from '@nestjs/common';
import { AdminActionsModule } from '../admin/admin-actions.module';
import { DevicesModule } from '../devices/devices.module';
import { RulesModule } from '../rules/rules.module';
import { ShelvesController } from './shelves.controller';
import { ShelvesService } from './shelves.service';

@Module({
  imports: [AdminActionsModule, DevicesModule, RulesModule],
  controllers: [ShelvesController],
  providers: [ShelvesService],
})
export class ShelvesModule {}
