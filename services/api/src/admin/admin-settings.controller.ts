import { Body, Param, Put } from '@nestjs/common';
import { type AdminSetting, adminSettingSchema, adminSettingUpdate } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminSettingsService, settingsListQuery } from './admin-settings.service';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/** The dashboard's `settings` resource (docs/admin-api.md). storage_enabled, court_rules, club_contacts. */
@AdminResourceController('settings')
export class AdminSettingsController extends ResourceReads<AdminSetting, typeof settingsListQuery>(
  'settings',
  settingsListQuery,
  adminSettingSchema,
) {
  constructor(private readonly settings: AdminSettingsService) {
    super({
      list: (query, site) => settings.list(site, query),
      get: (id, site) => settings.get(site, id),
    });
  }

  /** `value`: storage_enabled 'true'|'false'; court_rules non-empty, ≤ 20000; club_contacts ≤ 2000. */
  @Put(':id')
  @BodySchema(adminSettingUpdate)
  @ResponseSchema(adminSettingSchema)
  update(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminSettingUpdate>,
  ): Promise<AdminSetting> {
    return this.settings.update(site, admin, id, body.value);
  }
}
