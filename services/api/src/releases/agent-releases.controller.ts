import { Body, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type AdminAgentRelease, adminAgentReleaseSchema, rolloutBodySchema } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, type Parsed, ResponseSchema } from '../common/request-schema';
import { OwnersOnly } from '../common/route-policy';
import { AdminResourceController } from '../resources/resource-reads';
import type { User } from '../users/user.entity';
import { AgentReleasesService } from './agent-releases.service';
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
  async list(@Res({ passthrough: true }) response: Response): Promise<AdminAgentRelease[]> {
    const rows = await this.releases.list();
    response.setHeader('Content-Range', `agent-releases 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    response.setHeader('X-Total-Count', String(rows.length));
    return rows;
  }

  @Get(':version')
  @ResponseSchema(adminAgentReleaseSchema)
  getOne(@Param('version') version: string): Promise<AdminAgentRelease> {
    return this.releases.get(version);
  }

  /** The bundle `npm run agent:release` made, as the raw body (application/gzip); checked before it is kept. */
  @Post()
  @ApiOperation({ summary: 'Upload a signed agent bundle (the raw .tar.gz)' })
  @ApiConsumes('application/gzip', 'application/octet-stream')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ResponseSchema(adminAgentReleaseSchema)
  upload(@CurrentUser() owner: User, @Req() request: Request): Promise<AdminAgentRelease> {
    return this.releases.upload(owner, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
  }

  /** Starts the rollout (first stage), moves it to a percent, halts, resumes or rolls it back for everyone. */
  @Put(':version/rollout')
  @HttpCode(200)
  @BodySchema(rolloutBodySchema)
  @ResponseSchema(adminAgentReleaseSchema)
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
