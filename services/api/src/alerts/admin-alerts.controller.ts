import { Param, Put } from '@nestjs/common';
import { FleetError, type AdminAlert } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { BodySchema, ResponseSchema } from '../common/request-schema';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { adminAlertSchema, alertsListQuery, alertUpdate } from './alert-schemas';
import { AlertsService } from './alerts.service';

/**
 * The dashboard's `alerts` resource (docs/admin-api.md): the site's door and Pi alerts, newest
 * first. Filters: id, state (one or a list: `["open","acknowledged"]` is every unresolved one), kind.
 */
@AdminResourceController('alerts')
export class AdminAlertsController extends ResourceReads<AdminAlert, typeof alertsListQuery>(
  'alerts',
  alertsListQuery,
  adminAlertSchema,
) {
  constructor(private readonly alerts: AlertsService) {
    super({
      list: (query, site) => alerts.list(site, query),
      get: (id, site) => alerts.get(site, intId(id, FleetError.AlertNotFound)),
    });
  }

  /** `{acknowledged: true}`: the admin takes the alert on (who and when, in the admin log); a second time changes nothing. */
  @Put(':id')
  @BodySchema(alertUpdate)
  @ResponseSchema(adminAlertSchema)
  acknowledge(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
  ): Promise<AdminAlert> {
    return this.alerts.acknowledge(site, admin, intId(id, FleetError.AlertNotFound));
  }
}
