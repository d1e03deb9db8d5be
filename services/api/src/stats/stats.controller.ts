import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { QuerySchema } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import { courtsCsv, demandCsv, devicesCsv, noShowsCsv, occupancyCsv } from './stats-csv';
import { parsePeriod, statsQuery, wantsCsv, type Period, type StatsQueryInput } from './stats-period';
import { StatsService } from './stats.service';

/**
 * The chosen site's statistics for the dashboard (docs/admin-api.md): `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * the site's local days, inclusive. JSON, or CSV with `?format=csv` or `Accept: text/csv`.
 */
@ApiTags('admin')
@Controller('admin/stats')
@AdminOnly()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  private async answer<T>(
    site: SiteRecord,
    query: StatsQueryInput,
    accept: string | undefined,
    response: Response,
    name: string,
    read: (site: SiteRecord, period: Period) => Promise<T>,
    toCsv: (stats: T) => string,
  ): Promise<T | string> {
    const period = parsePeriod(query, site.timezone);
    const csv = wantsCsv(query, accept);
    const stats = await read(site, period);
    if (!csv) return stats;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="kort-${name}-${period.from}-${period.to}.csv"`);
    return toCsv(stats);
  }

  @Get('occupancy')
  @QuerySchema(statsQuery)
  occupancy(
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(
      site,
      query,
      accept,
      response,
      'occupancy',
      (at, p) => this.stats.occupancy(at, p),
      occupancyCsv,
    );
  }

  @Get('courts')
  @QuerySchema(statsQuery)
  courts(
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(site, query, accept, response, 'courts', (at, p) => this.stats.courts(at, p), courtsCsv);
  }

  @Get('demand')
  @QuerySchema(statsQuery)
  demand(
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(site, query, accept, response, 'demand', (at, p) => this.stats.demand(at, p), demandCsv);
  }

  @Get('no-shows')
  @QuerySchema(statsQuery)
  noShows(
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(site, query, accept, response, 'no-shows', (at, p) => this.stats.noShows(at, p), noShowsCsv);
  }

  @Get('devices')
  @QuerySchema(statsQuery)
  devices(
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(site, query, accept, response, 'devices', (at, p) => this.stats.devices(at, p), devicesCsv);
  }
}
