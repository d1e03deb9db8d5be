import { Body, Param, Put } from '@nestjs/common';
import { type AdminShelf, adminShelfSchema, adminShelfUpdate, ShelfError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminShelvesService, shelvesListQuery } from './admin-shelves.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/** The dashboard's `shelves` resource (docs/admin-api.md). Filters: id, kind, status, is_blocked, needs_clearing, renter_id. */
@AdminResourceController('shelves')
export class AdminShelvesController extends ResourceReads<AdminShelf, typeof shelvesListQuery>(
  'shelves',
  shelvesListQuery,
  adminShelfSchema,
) {
  constructor(private readonly shelves: AdminShelvesService) {
    super({
      list: (query, site) => shelves.list(site, query),
      get: (id, site) => shelves.get(site, intId(id, ShelfError.NotFound)),
    });
  }

  /** `is_blocked` and `needs_clearing` (false once cleared); other fields are ignored. */
  @Put(':id')
  @BodySchema(adminShelfUpdate)
  @ResponseSchema(adminShelfSchema)
  update(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminShelfUpdate>,
  ): Promise<AdminShelf> {
    return this.shelves.update(site, admin, intId(id, ShelfError.NotFound), body);
  }
}
