import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import { Registry } from 'prom-client';
import { Public } from '../common/route-policy';

/**
 * `/metrics` for Prometheus, beside the API (outside the `/api` prefix, so without the session and
 * CSRF middlewares). Public like health: it holds counts, never a name, an id or a code.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly registry: Registry) {}

  @Public()
  @Get()
  metrics(@Res({ passthrough: true }) response: HttpResponse): Promise<string> {
    response.type(this.registry.contentType);
    return this.registry.metrics();
  }
}
