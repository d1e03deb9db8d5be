import { Body, Param, Put } from '@nestjs/common';
import { type AdminSetting, adminSettingSchema, adminSettingUpdate } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import type { User } from '../users/user.entity';
import { AdminSettingsService, settingsListQuery } from './admin-settings.service';
import { AdminResourceController, ResourceReads } from './resource-reads';

/** The dashboard's `settings` resource (docs/admin-api.md). storage_enabled, court_rules, club_contacts. */
@AdminResourceController('settings')
export class AdminSettingsController extends ResourceReads<AdminSetting, typeof settingsListQuery>(
  'settings',
  settingsListQuery,
  adminSettingSchema,
) {
  constructor(private readonly settings: AdminSettingsService) {
    super({
      list: (query) => settings.list(query),
      get: (id) => settings.get(id),
    });
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
