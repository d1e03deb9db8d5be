import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { QuerySchema } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { SiteTime } from '../time/site-time';
import { courtsCsv, demandCsv, devicesCsv, noShowsCsv, occupancyCsv } from './stats-csv';
import { parsePeriod, statsQuery, wantsCsv, type Period, type StatsQueryInput } from './stats-period';
import { StatsService } from './stats.service';

/**
 * The club's statistics for the dashboard (docs/admin-api.md): `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * the club's local days, inclusive. JSON, or CSV with `?format=csv` or `Accept: text/csv`.
 */
@ApiTags('admin')
@Controller('admin/stats')
@AdminOnly()
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly time: SiteTime,
  ) {}

  private async answer<T>(
    query: StatsQueryInput,
    accept: string | undefined,
    response: Response,
    name: string,
    read: (period: Period) => Promise<T>,
    toCsv: (stats: T) => string,
  ): Promise<T | string> {
    const period = parsePeriod(query, this.time.zone);
    const csv = wantsCsv(query, accept);
    const stats = await read(period);
    if (!csv) return stats;
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="kort-${name}-${period.from}-${period.to}.csv"`);
    return toCsv(stats);
  }

  @Get('occupancy')
  @QuerySchema(statsQuery)
  occupancy(
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(query, accept, response, 'occupancy', (p) => this.stats.occupancy(p), occupancyCsv);
  }

  @Get('courts')
  @QuerySchema(statsQuery)
  courts(
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(query, accept, response, 'courts', (p) => this.stats.courts(p), courtsCsv);
  }

  @Get('demand')
  @QuerySchema(statsQuery)
  demand(
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(query, accept, response, 'demand', (p) => this.stats.demand(p), demandCsv);
  }

  @Get('no-shows')
  @QuerySchema(statsQuery)
  noShows(
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(query, accept, response, 'no-shows', (p) => this.stats.noShows(p), noShowsCsv);
  }

  @Get('devices')
  @QuerySchema(statsQuery)
  devices(
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    return this.answer(query, accept, response, 'devices', (p) => this.stats.devices(p), devicesCsv);
  }
}
