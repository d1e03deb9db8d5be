import { Delete, Get, Param, Query } from '@nestjs/common';
import {
  AdminError,
  type AdminSeries,
  adminSeriesCreate,
  adminSeriesSchema,
  type SeriesOccurrence,
  seriesPreviewQuery,
  seriesPreviewSchema,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { QuerySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import type { Term } from './series.service';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminSeriesService, seriesListQuery } from './admin-series.service';
import { AdminResourceController, ResourceReadsAndCreates } from '../resources/resource-reads';

const term = (body: Parsed<typeof adminSeriesCreate>): Term => ({
  userId: body.user_id,
  courtId: body.court_id,
  weekdays: body.weekdays,
  hour: body.hour,
  startsOn: body.starts_on,
  endsOn: body.ends_on,
});

/** The dashboard's `series` resource (docs/admin-api.md): sport schools' terms. Filters: id, user_id, court_id. */
@AdminResourceController('series')
export class AdminSeriesController extends ResourceReadsAndCreates<
  AdminSeries,
  typeof seriesListQuery,
  typeof adminSeriesCreate
>('series', seriesListQuery, adminSeriesSchema, adminSeriesCreate) {
  constructor(private readonly series: AdminSeriesService) {
    super({
      list: (query, site) => series.list(site, query),
      get: (id, site) => series.get(site, intId(id, AdminError.SeriesNotFound)),
      // Books every free occurrence in one transaction; the others are skipped and listed in `skips`.
      create: (body, site, admin) => series.create(site, admin, term(body)),
    });
  }

  /** Every occurrence of that term and what would stop it (a game, a closure, a passed hour). */
  @Get('preview')
  @QuerySchema(seriesPreviewQuery)
  @ResponseSchema(seriesPreviewSchema)
  preview(
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof seriesPreviewQuery>,
  ): Promise<SeriesOccurrence[]> {
    return this.series.preview(site, term(query));
  }

  /** Ends the term: its games not begun are cancelled, the past ones stay. */
  @Delete(':id')
  @ResponseSchema(adminSeriesSchema)
  delete(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Param('id') id: string): Promise<AdminSeries> {
    return this.series.delete(site, admin, intId(id, AdminError.SeriesNotFound));
  }
}
