import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { sendBytes, type HttpResponse } from '../common/http';
import { FleetError } from '@kort/contracts';
import { AGENT_TOKEN_SCHEME, Public, ServerCall, SharedObject } from '../common/route-policy';
import { AgentReleasesService } from './agent-releases.service';
import { BUNDLE_CONTENT, Refusals } from './release-docs';

const RANGE_HEADER = { 'Content-Range': { description: '`bytes N-last/size`', schema: { type: 'string' } } };

/**
 * An agent downloads its bundle with its own token (`Authorization: Bearer`, `X-Kort-Site`), and
 * resumes a cut download with `Range: bytes=N-` (206). Any site's agent may fetch any release: a
 * bundle holds no secret, and the agent proves it before installing.
 */
@ApiTags('edge')
@Controller('edge/releases')
export class EdgeReleasesController {
  constructor(private readonly releases: AgentReleasesService) {}

  @Get(':version')
  @Public()
  @ServerCall('agent-token')
  @SharedObject('release', 'version')
  @ApiOperation({ summary: "An agent release's bundle, for a site's agent (its token); resumable with Range" })
  @ApiBearerAuth(AGENT_TOKEN_SCHEME)
  @ApiHeader({ name: 'X-Kort-Site', required: true, description: 'The site whose agent token is sent' })
  @ApiHeader({ name: 'Range', required: false, description: '`bytes=N-`: the rest of a cut download, from byte N' })
  @ApiProduces('application/gzip')
  @ApiResponse({ status: 200, description: 'The whole bundle', content: BUNDLE_CONTENT })
  @ApiResponse({
    status: 206,
    description: 'The bundle from byte N on',
    headers: RANGE_HEADER,
    content: BUNDLE_CONTENT,
  })
  @ApiResponse({
    status: 416,
    description: 'N is at or past the end (`Content-Range: bytes */size`)',
    headers: RANGE_HEADER,
  })
  @Refusals(FleetError.AgentRefused, FleetError.ReleaseNotFound)
  async download(
    @Param('version') version: string,
    @Headers('range') range: string | undefined,
    @Res() response: HttpResponse,
  ): Promise<void> {
    sendBundle(response, await this.releases.bundleOf(version), range);
  }
}

/** The whole bundle, or from byte N on for `Range: bytes=N-` (the one form an agent sends). */
function sendBundle(response: HttpResponse, bundle: Buffer, range: string | undefined): void {
  response.header('Content-Type', 'application/gzip');
  response.header('Accept-Ranges', 'bytes');
  const from = /^bytes=(\d+)-$/.exec(range ?? '');
  if (!from) return sendBytes(response, 200, bundle);
  const start = Number(from[1]);
  if (start >= bundle.length) {
    response.header('Content-Range', `bytes */${bundle.length}`);
    return sendBytes(response, 416);
  }
  response.header('Content-Range', `bytes ${start}-${bundle.length - 1}/${bundle.length}`);
  sendBytes(response, 206, bundle.subarray(start));
}
