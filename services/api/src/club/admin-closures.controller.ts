import { Delete, Get, Param, Query } from '@nestjs/common';
import {
  type AdminBooking,
  type AdminClosure,
  adminClosureCreate,
  adminClosureSchema,
  AdminError,
  closurePreviewQuery,
  closurePreviewSchema,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { QuerySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminClosuresService, closuresListQuery } from './admin-closures.service';
import { AdminResourceController, ResourceReadsAndCreates } from '../resources/resource-reads';

/**
 * The dashboard's `closures` resource (docs/admin-api.md). Filters: id, court_id (null: the whole
 * club's), day (local), from and to (overlapping); by start by default.
 */
@AdminResourceController('closures')
export class AdminClosuresController extends ResourceReadsAndCreates<
  AdminClosure,
  typeof closuresListQuery,
  typeof adminClosureCreate
>('closures', closuresListQuery, adminClosureSchema, adminClosureCreate) {
  constructor(private readonly closures: AdminClosuresService) {
    super({
      list: (query, site) => closures.list(site, query),
      get: (id, site) => closures.get(site, intId(id, AdminError.ClosureNotFound)),
      // Saves the closure: the games inside are cancelled (players mailed with the reason), its waitlist cleared.
      create: (body, site, admin) =>
        closures.create(site, admin, {
          courtId: body.court_id,
          startsAt: body.starts_at,
          endsAt: body.ends_at,
          reason: body.reason,
        }),
    });
  }

  /** The games saving that closure would cancel: bookings records, soonest first. */
  @Get('preview')
  @QuerySchema(closurePreviewQuery)
  @ResponseSchema(closurePreviewSchema)
  preview(
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof closurePreviewQuery>,
  ): Promise<AdminBooking[]> {
    return this.closures.preview(site, { courtId: query.court_id, startsAt: query.starts_at, endsAt: query.ends_at });
  }

  /** A future closure is deleted (its hours free again); one under way ends at the next hour; an ended one 409. */
  @Delete(':id')
  @ResponseSchema(adminClosureSchema)
  delete(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Param('id') id: string): Promise<AdminClosure> {
    return this.closures.delete(site, admin, intId(id, AdminError.ClosureNotFound));
  }
}
