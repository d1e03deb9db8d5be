import { Body, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOperation } from '@nestjs/swagger';
import type { HttpResponse } from '../common/http';
import { z } from 'zod';
import {
  type AdminAgentRelease,
  adminAgentReleaseSchema,
  FleetError,
  rolloutBodySchema,
  SiteError,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, type Parsed, ResponseSchema } from '../common/request-schema';
import { OwnersOnly } from '../common/route-policy';
import { AdminResourceController } from '../resources/resource-reads';
import type { User } from '../users/user.entity';
import { AgentReleasesService } from './agent-releases.service';
import { Refusals } from './release-docs';
import { RolloutTicker } from './rollout-ticker';

/**
 * The dashboard's `agent-releases` resource (owners; docs/admin-api.md): signed agent bundles and
 * their staged rollouts. The id is the version.
 */
@AdminResourceController('agent-releases')
@OwnersOnly()
export class AgentReleasesController {
  constructor(
    private readonly releases: AgentReleasesService,
    private readonly ticker: RolloutTicker,
  ) {}

  @Get()
  @ResponseSchema(adminAgentReleaseSchema.array())
  async list(@Res({ passthrough: true }) response: HttpResponse): Promise<AdminAgentRelease[]> {
    const rows = await this.releases.list();
    response.header('Content-Range', `agent-releases 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    response.header('X-Total-Count', String(rows.length));
    return rows;
  }

  @Get(':version')
  @ResponseSchema(adminAgentReleaseSchema)
  @Refusals(FleetError.ReleaseNotFound)
  getOne(@Param('version') version: string): Promise<AdminAgentRelease> {
    return this.releases.get(version);
  }

  /**
   * The bundle `npm run agent:release` made, as the raw body (application/gzip, up to 64 MB: the one
   * route app.factory.ts reads raw); checked before it is kept.
   */
  @Post()
  @ApiOperation({ summary: 'Upload a signed agent bundle (the raw .tar.gz)' })
  @ApiConsumes('application/gzip', 'application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  // 201, not the 200 ResponseSchema declares: the release is created.
  @ApiCreatedResponse({
    schema: z.toJSONSchema(adminAgentReleaseSchema, { io: 'output', unrepresentable: 'any' }) as object,
  })
  @Refusals(FleetError.UpdatesOff, FleetError.ReleaseExists, FleetError.BundleInvalid, FleetError.BundleUnsigned)
  upload(@CurrentUser() owner: User, @Body() bundle: unknown): Promise<AdminAgentRelease> {
    return this.releases.upload(owner, Buffer.isBuffer(bundle) ? bundle : Buffer.alloc(0));
  }

  /** Starts the rollout (first stage), moves it to a percent, halts, resumes or rolls it back for everyone. */
  @Put(':version/rollout')
  @HttpCode(200)
  @BodySchema(rolloutBodySchema)
  @ResponseSchema(adminAgentReleaseSchema)
  @Refusals(FleetError.ReleaseNotFound, SiteError.NotFound, FleetError.RolloutBusy, FleetError.NoPreviousRelease)
  async rollout(
    @CurrentUser() owner: User,
    @Param('version') version: string,
    @Body() body: Parsed<typeof rolloutBodySchema>,
  ): Promise<AdminAgentRelease> {
    const release = await this.releases.rollout(owner, version, body);
    await this.ticker.tellChanged();
    return release;
  }
}
