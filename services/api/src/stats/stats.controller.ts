import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import { DataSource } from 'typeorm';
import { AdminError, messages } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { QuerySchema } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { ReportLines, REPORTS_RUNNING, REPORTS_WAITING } from './report-line';
import { revenue, revenueCsv } from './revenue';
import { courtsCsv, demandCsv, devicesCsv, noShowsCsv, occupancyCsv } from './stats-csv';
import { parsePeriod, statsQuery, wantsCsv, type Period, type StatsQueryInput } from './stats-period';
import { StatsService } from './stats.service';

/** What every stats call is asked with. */
interface StatsCall {
  admin: User;
  site: SiteRecord;
  query: StatsQueryInput;
  accept: string | undefined;
  response: HttpResponse;
}

/**
 * The chosen site's statistics for the dashboard (docs/admin-api.md): `?from=YYYY-MM-DD&to=YYYY-MM-DD`,
 * the site's local days, inclusive. JSON, or CSV with `?format=csv` or `Accept: text/csv`. Each
 * admin's calls take their turn in the admin's line (report-line.ts).
 */
@ApiTags('admin')
@Controller('admin/stats')
@AdminOnly()
@ApiResponse({
  status: 429,
  description:
    `Refused (\`detail\` to show): ${REPORTS_RUNNING} of this admin's calls are counting and ${REPORTS_WAITING} ` +
    `wait: ${messages.statsBusy} (\`code\` ${AdminError.StatsBusy}). \`Retry-After\` says when to come back.`,
  headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})
export class StatsController {
  constructor(
    private readonly stats: StatsService,
    private readonly lines: ReportLines,
    private readonly db: DataSource,
  ) {}

  private async answer<T>(
    { admin, site, query, accept, response }: StatsCall,
    name: string,
    read: (site: SiteRecord, period: Period) => Promise<T>,
    toCsv: (stats: T) => string,
  ): Promise<T | string> {
    const period = parsePeriod(query, site.timezone);
    const csv = wantsCsv(query, accept);
    const stats = await this.lines.run(admin.id, () => read(site, period));
    if (!csv) return stats;
    response.header('Content-Type', 'text/csv; charset=utf-8');
    response.header('Content-Disposition', `attachment; filename="kort-${name}-${period.from}-${period.to}.csv"`);
    return toCsv(stats);
  }

  @Get('occupancy')
  @QuerySchema(statsQuery)
  occupancy(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'occupancy', (at, p) => this.stats.occupancy(at, p), occupancyCsv);
  }

  @Get('courts')
  @QuerySchema(statsQuery)
  courts(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'courts', (at, p) => this.stats.courts(at, p), courtsCsv);
  }

  @Get('demand')
  @QuerySchema(statsQuery)
  demand(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'demand', (at, p) => this.stats.demand(at, p), demandCsv);
  }

  @Get('no-shows')
  @QuerySchema(statsQuery)
  noShows(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'no-shows', (at, p) => this.stats.noShows(at, p), noShowsCsv);
  }

  @Get('devices')
  @QuerySchema(statsQuery)
  devices(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'devices', (at, p) => this.stats.devices(at, p), devicesCsv);
  }

  /** Paid, refunded and net by day and by court (payments/): a club that charges. */
  @Get('revenue')
  @QuerySchema(statsQuery)
  revenue(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: StatsQueryInput,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) response: HttpResponse,
  ) {
    const call = { admin, site, query, accept, response };
    return this.answer(call, 'revenue', (at, p) => revenue(this.db, at, p), revenueCsv);
  }
}
