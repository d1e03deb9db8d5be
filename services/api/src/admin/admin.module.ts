import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { DevicesModule } from '../devices/devices.module';
import { RulesModule } from '../rules/rules.module';
import { ShelvesModule } from '../shelves/shelves.module';
import { UsersModule } from '../users/users.module';
import { AuditModule } from '../audit/audit.module';
import { AdminBookingsService } from './admin-bookings.service';
import { AdminDevicesService } from './admin-devices.service';
import { AdminPlayersController } from './admin-players.controller';
import { AdminActionLog } from './admin-action-log.service';
import { AdminActionsController } from './admin-actions.controller';
import { AdminBookingsController } from './admin-bookings.controller';
import { AdminCommandsController } from './admin-commands.controller';
import { AdminDevicesController } from './admin-devices.controller';
import { AdminSettingsController } from './admin-settings.controller';
import { AdminShelvesController } from './admin-shelves.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminSettingsService } from './admin-settings.service';
import { AdminShelvesService } from './admin-shelves.service';
import { AdminUsersService } from './admin-users.service';

/** The admin dashboard's REST resources and the spec's admin calls about players (docs/admin-api.md). */
@Module({
  imports: [AuditModule, BookingsModule, DevicesModule, RulesModule, ShelvesModule, UsersModule],
  controllers: [
    AdminPlayersController,
    AdminUsersController,
    AdminBookingsController,
    AdminShelvesController,
    AdminDevicesController,
    AdminCommandsController,
    AdminSettingsController,
    AdminActionsController,
  ],
  providers: [
    AdminUsersService,
    AdminBookingsService,
    AdminShelvesService,
    AdminDevicesService,
    AdminSettingsService,
    AdminActionLog,
  ],
})
export class AdminModule {}
