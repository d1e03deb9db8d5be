import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { DevicesModule } from '../devices/devices.module';
import { AdminActionsModule } from './admin-actions.module';
import { AdminBookingsService } from './admin-bookings.service';
import { AdminDevicesService } from './admin-devices.service';
import { AdminPlayersController } from './admin-players.controller';
import {
  AdminActionsController,
  AdminBookingsController,
  AdminCommandsController,
  AdminDevicesController,
  AdminSettingsController,
  AdminShelvesController,
  AdminUsersController,
} from './admin-resources.controller';
import { AdminSettingsService } from './admin-settings.service';
import { AdminShelvesService } from './admin-shelves.service';
import { AdminUsersService } from './admin-users.service';

/** The admin dashboard's REST resources and the spec's admin calls about players (docs/admin-api.md). */
@Module({
  imports: [AdminActionsModule, BookingsModule, DevicesModule],
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
  providers: [AdminUsersService, AdminBookingsService, AdminShelvesService, AdminDevicesService, AdminSettingsService],
})
export class AdminModule {}
