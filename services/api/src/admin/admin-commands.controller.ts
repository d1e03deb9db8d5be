import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminCommand, adminCommandSchema, AdminError } from '@kort/contracts';
import { ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { AdminDevicesService, commandsListQuery } from './admin-devices.service';
import { ListRoute, sendPage } from './list-query';
import { uuidId } from './record-id';

/** The dashboard's `commands` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/commands')
@AdminOnly()
export class AdminCommandsController {
  constructor(private readonly devices: AdminDevicesService) {}

  /** The audit log, newest first by default. Filters: id, action, device, status, requested_by, origin, offline, booking_id, from, to. */
  @ListRoute(commandsListQuery, adminCommandSchema)
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
