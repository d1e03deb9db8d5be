import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { FleetError } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { Public, ServerCall } from '../common/route-policy';
import { DevicesService } from '../devices/devices.service';
import { AgentReleasesService } from './agent-releases.service';

/**
 * An agent downloads its bundle with its own token (`Authorization: Bearer`, `X-Kort-Site`), and
 * resumes a cut download with `Range: bytes=N-` (206). Any site's agent may fetch any release: a
 * bundle holds no secret, and the agent proves it before installing.
 */
@ApiTags('edge')
@Controller('edge/releases')
export class EdgeReleasesController {
  constructor(
    private readonly releases: AgentReleasesService,
    private readonly devices: DevicesService,
  ) {}

  @Get(':version')
  @Public()
  @ServerCall()
  @ApiOperation({ summary: "An agent release's bundle, for the site's agent (its token); resumable with Range" })
  async download(
    @Param('version') version: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-kort-site') site: string | undefined,
    @Headers('range') range: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : undefined;
    const siteId = await this.devices.authenticate(site, token);
    if (typeof siteId !== 'string') throw new KortError(FleetError.AgentRefused);
    const bundle = await this.releases.bundle(version);
    if (!bundle) throw new KortError(FleetError.ReleaseNotFound);
    response.setHeader('Content-Type', 'application/gzip');
    response.setHeader('Accept-Ranges', 'bytes');
    const from = /^bytes=(\d+)-$/.exec(range ?? '');
    if (from) {
      const start = Number(from[1]);
      if (start >= bundle.length) {
        response.status(416).setHeader('Content-Range', `bytes */${bundle.length}`).end();
        return;
      }
      response.status(206).setHeader('Content-Range', `bytes ${start}-${bundle.length - 1}/${bundle.length}`);
      response.end(bundle.subarray(start));
      return;
    }
    response.status(200).end(bundle);
  }
}
