import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import { Public } from '../common/route-policy';
import { HealthService, type HealthReport } from './health.service';

/**
 * Readiness (`/api/health/`): 200 when Postgres and Redis answer and the replica is not shutting
 * down, else 503 with what is wrong. Liveness (`/api/health/live`): 200 while the process serves
 * HTTP at all; a restart would not fix a database outage, so liveness does not look at it.
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly checks: HealthService) {}

  @Public()
  @Get()
  async health(@Res({ passthrough: true }) response: HttpResponse): Promise<HealthReport> {
    const report = await this.checks.report();
    response.status(report.detail === 'ok' ? 200 : 503);
    return report;
  }

  @Public()
  @Get('live')
  live(): { detail: 'ok' } {
    return { detail: 'ok' };
  }
}
