import { Body, Delete, Param, Put } from '@nestjs/common';
import { AdminError, type AdminPrice, adminPriceCreate, adminPriceSchema, adminPriceUpdate } from '@kort/contracts';
import { AdminResourceController, ResourceReadsAndCreates } from '../resources/resource-reads';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { PricesService, pricesListQuery } from './prices.service';

/** The dashboard's `prices` resource (docs/admin-api.md): the site's price rules, in the order they are tried. */
@AdminResourceController('prices')
export class AdminPricesController extends ResourceReadsAndCreates<
  AdminPrice,
  typeof pricesListQuery,
  typeof adminPriceCreate
>('prices', pricesListQuery, adminPriceSchema, adminPriceCreate) {
  constructor(private readonly prices: PricesService) {
    super({
      list: (query, site) => prices.list(site, query),
      get: (id, site) => prices.get(site, intId(id, AdminError.PriceNotFound)),
      create: (body, site, admin) => prices.create(site, admin, body),
    });
  }

  @Put(':id')
  @BodySchema(adminPriceUpdate)
  @ResponseSchema(adminPriceSchema)
  update(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminPriceUpdate>,
  ): Promise<AdminPrice> {
    return this.prices.update(site, admin, intId(id, AdminError.PriceNotFound), body);
  }

  @Delete(':id')
  @ResponseSchema(adminPriceSchema)
  delete(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Param('id') id: string): Promise<AdminPrice> {
    return this.prices.delete(site, admin, intId(id, AdminError.PriceNotFound));
  }
}
