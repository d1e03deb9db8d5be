import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminDevice, adminDeviceSchema } from '@kort/contracts';
import { ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { AdminDevicesService, devicesListQuery } from './admin-devices.service';
import { ListRoute, sendPage } from './list-query';

/** The dashboard's `devices` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/devices')
@AdminOnly()
export class AdminDevicesController {
  constructor(private readonly devices: AdminDevicesService) {}

  /** Read only. Filters: id, kind ('relay'|'sensor'), on. */
  @ListRoute(devicesListQuery, adminDeviceSchema)
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
