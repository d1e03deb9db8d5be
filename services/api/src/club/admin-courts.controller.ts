import { Body, Delete, Get, Param, Put } from '@nestjs/common';
import {
  type AdminBooking,
  type AdminCourt,
  adminCourtCreate,
  adminCourtSchema,
  adminCourtUpdate,
  AdminError,
  closurePreviewSchema,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminCourtsService, courtsListQuery } from './admin-courts.service';
import { AdminResourceController, ResourceReadsAndCreates } from '../resources/resource-reads';

/** The dashboard's `courts` resource (docs/admin-api.md). Filters: id, active; in the club's order by default. */
@AdminResourceController('courts')
export class AdminCourtsController extends ResourceReadsAndCreates<
  AdminCourt,
  typeof courtsListQuery,
  typeof adminCourtCreate
>('courts', courtsListQuery, adminCourtSchema, adminCourtCreate) {
  constructor(private readonly courts: AdminCourtsService) {
    super({
      list: (query, site) => courts.list(site, query),
      get: (id, site) => courts.get(site, intId(id, AdminError.CourtNotFound)),
      create: (body, site, admin) => courts.create(site, admin, body),
    });
  }

  /** The games `active: false` would cancel now: bookings records, soonest first. */
  @Get(':id/future-games')
  @ResponseSchema(closurePreviewSchema)
  futureGames(@CurrentSite() site: SiteRecord, @Param('id') id: string): Promise<AdminBooking[]> {
    return this.courts.futureGames(site, intId(id, AdminError.CourtNotFound));
  }

  /** `name`, `sort_order`, `active` (false cancels its games not begun; their players are mailed). */
  @Put(':id')
  @BodySchema(adminCourtUpdate)
  @ResponseSchema(adminCourtSchema)
  update(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminCourtUpdate>,
  ): Promise<AdminCourt> {
    return this.courts.update(site, admin, intId(id, AdminError.CourtNotFound), body);
  }

  /** Only a court that never had a game; 409 otherwise (make it inactive instead). */
  @Delete(':id')
  @ResponseSchema(adminCourtSchema)
  delete(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Param('id') id: string): Promise<AdminCourt> {
    return this.courts.delete(site, admin, intId(id, AdminError.CourtNotFound));
  }
}
