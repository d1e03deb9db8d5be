import { Body, Controller, Delete, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  type AdminAction,
  adminActionSchema,
  type AdminBooking,
  adminBookingSchema,
  type AdminCommand,
  adminCommandSchema,
  type AdminDevice,
  adminDeviceSchema,
  AdminError,
  type AdminSetting,
  adminSettingSchema,
  adminSettingUpdate,
  type AdminShelf,
  adminShelfSchema,
  adminShelfUpdate,
  type AdminUser,
  adminUserSchema,
  adminUserUpdate,
  BookingError,
  ShelfError,
} from '@kort/contracts';
import { CurrentUser } from '../common/request-user';
import { BodySchema, QuerySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { actionsListQuery, AdminActions } from './admin-actions.service';
import { AdminBookingsService, bookingsListQuery } from './admin-bookings.service';
import { AdminDevicesService, commandsListQuery, devicesListQuery } from './admin-devices.service';
import { AdminSettingsService, settingsListQuery } from './admin-settings.service';
import { AdminShelvesService, shelvesListQuery } from './admin-shelves.service';
import { AdminUsersService, usersListQuery } from './admin-users.service';
import { sendPage } from './list-query';
import { intId, uuidId } from './record-id';

/**
 * The dashboard's REST resources in ra-data-simple-rest's convention (docs/admin-api.md). Every
 * route is admin-only; PUT and DELETE go through the CSRF guard like any non-GET call.
 */

/** A list answer: a JSON array of records and the Content-Range header with the total. */
function ListResponse(record: z.ZodType) {
  return ApiOkResponse({
    schema: z.toJSONSchema(z.array(record), { io: 'output', unrepresentable: 'any' }) as object,
    headers: {
      'Content-Range': {
        description: '`<resource> <start>-<end>/<total>`: ra-data-simple-rest reads the total after the slash',
        schema: { type: 'string' },
      },
    },
  });
}

@ApiTags('admin')
@Controller('admin/users')
@AdminOnly()
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  /** getList, getMany (`filter={"id":[…]}`) and getManyReference. Filters: id, q, role, blocked, deleted. */
  @Get()
  @QuerySchema(usersListQuery)
  @ListResponse(adminUserSchema)
  async list(
    @Query() query: Parsed<typeof usersListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminUser[]> {
    return sendPage(response, 'users', await this.users.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminUserSchema)
  getOne(@Param('id') id: string): Promise<AdminUser> {
    return this.users.get(intId(id, AdminError.UserNotFound));
  }

  /** `blocked`: true blocks (as delete_user), false restores; `is_sport_school`. Other fields are ignored. */
  @Put(':id')
  @BodySchema(adminUserUpdate)
  @ResponseSchema(adminUserSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminUserUpdate>,
  ): Promise<AdminUser> {
    return this.users.update(admin, intId(id, AdminError.UserNotFound), body);
  }
}

@ApiTags('admin')
@Controller('admin/bookings')
@AdminOnly()
export class AdminBookingsController {
  constructor(private readonly bookings: AdminBookingsService) {}

  /** Filters: id, day (YYYY-MM-DD, local), court_id, user_id, status. Newest start first by default. */
  @Get()
  @QuerySchema(bookingsListQuery)
  @ListResponse(adminBookingSchema)
  async list(
    @Query() query: Parsed<typeof bookingsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminBooking[]> {
    return sendPage(response, 'bookings', await this.bookings.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminBookingSchema)
  getOne(@Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.get(intId(id, BookingError.GameNotFound));
  }

  /** The club cancels the game (any time before it is over) and the player is mailed. */
  @Delete(':id')
  @ResponseSchema(adminBookingSchema)
  delete(@CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.cancel(admin, intId(id, BookingError.GameNotFound));
  }
}

@ApiTags('admin')
@Controller('admin/shelves')
@AdminOnly()
export class AdminShelvesController {
  constructor(private readonly shelves: AdminShelvesService) {}

  /** Filters: id, kind, status, is_blocked, needs_clearing, renter_id. */
  @Get()
  @QuerySchema(shelvesListQuery)
  @ListResponse(adminShelfSchema)
  async list(
    @Query() query: Parsed<typeof shelvesListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminShelf[]> {
    return sendPage(response, 'shelves', await this.shelves.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminShelfSchema)
  getOne(@Param('id') id: string): Promise<AdminShelf> {
    return this.shelves.get(intId(id, ShelfError.NotFound));
  }

  /** `is_blocked` and `needs_clearing` (false once cleared); other fields are ignored. */
  @Put(':id')
  @BodySchema(adminShelfUpdate)
  @ResponseSchema(adminShelfSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminShelfUpdate>,
  ): Promise<AdminShelf> {
    return this.shelves.update(admin, intId(id, ShelfError.NotFound), body);
  }
}

@ApiTags('admin')
@Controller('admin/devices')
@AdminOnly()
export class AdminDevicesController {
  constructor(private readonly devices: AdminDevicesService) {}

  /** Read only. Filters: id, kind ('relay'|'sensor'), on. */
  @Get()
  @QuerySchema(devicesListQuery)
  @ListResponse(adminDeviceSchema)
  async list(
    @Query() query: Parsed<typeof devicesListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminDevice[]> {
    return sendPage(response, 'devices', await this.devices.devicesList(query));
  }

  @Get(':id')
  @ResponseSchema(adminDeviceSchema)
  getOne(@Param('id') id: string): Promise<AdminDevice> {
    return this.devices.device(id);
  }
}

@ApiTags('admin')
@Controller('admin/commands')
@AdminOnly()
export class AdminCommandsController {
  constructor(private readonly devices: AdminDevicesService) {}

  /** The audit log, newest first by default. Filters: id, action, device, status, requested_by, origin, offline, booking_id, from, to. */
  @Get()
  @QuerySchema(commandsListQuery)
  @ListResponse(adminCommandSchema)
  async list(
    @Query() query: Parsed<typeof commandsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminCommand[]> {
    return sendPage(response, 'commands', await this.devices.commandsList(query));
  }

  @Get(':id')
  @ResponseSchema(adminCommandSchema)
  getOne(@Param('id') id: string): Promise<AdminCommand> {
    return this.devices.command(uuidId(id, AdminError.CommandNotFound));
  }
}

@ApiTags('admin')
@Controller('admin/settings')
@AdminOnly()
export class AdminSettingsController {
  constructor(private readonly settings: AdminSettingsService) {}

  /** storage_enabled, court_rules, club_contacts. */
  @Get()
  @QuerySchema(settingsListQuery)
  @ListResponse(adminSettingSchema)
  async list(
    @Query() query: Parsed<typeof settingsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSetting[]> {
    return sendPage(response, 'settings', await this.settings.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminSettingSchema)
  getOne(@Param('id') id: string): Promise<AdminSetting> {
    return this.settings.get(id);
  }

  /** `value`: storage_enabled 'true'|'false'; court_rules non-empty, ≤ 20000; club_contacts ≤ 2000. */
  @Put(':id')
  @BodySchema(adminSettingUpdate)
  @ResponseSchema(adminSettingSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminSettingUpdate>,
  ): Promise<AdminSetting> {
    return this.settings.update(admin, id, body.value);
  }
}

@ApiTags('admin')
@Controller('admin/actions')
@AdminOnly()
export class AdminActionsController {
  constructor(private readonly actions: AdminActions) {}

  /**
   * Admin actions that move no device (blocks, restores, shelf marks, cancellations, settings),
   * newest first by default. Filters: id, action, admin_id, target_type, target_id, from, to.
   */
  @Get()
  @QuerySchema(actionsListQuery)
  @ListResponse(adminActionSchema)
  async list(
    @Query() query: Parsed<typeof actionsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminAction[]> {
    return sendPage(response, 'actions', await this.actions.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminActionSchema)
  getOne(@Param('id') id: string): Promise<AdminAction> {
    return this.actions.get(intId(id, AdminError.ActionNotFound));
  }
}
