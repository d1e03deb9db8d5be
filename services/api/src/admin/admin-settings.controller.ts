import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminSetting, adminSettingSchema, adminSettingUpdate } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AdminSettingsService, settingsListQuery } from './admin-settings.service';
import { ListRoute, sendPage } from './list-query';

/** The dashboard's `settings` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/settings')
@AdminOnly()
export class AdminSettingsController {
  constructor(private readonly settings: AdminSettingsService) {}

  /** storage_enabled, court_rules, club_contacts. */
  @ListRoute(settingsListQuery, adminSettingSchema)
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
