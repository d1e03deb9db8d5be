import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { siteChoiceBody, SiteError, type DetailResponse, type SiteListing, type SiteSummary } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { KortError } from '../common/kort-error';
import { BodySchema, type Parsed } from '../common/request-schema';
import { Public, SharedObject } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { CourtsService } from '../club/courts.service';
import { SitesService, type SiteRecord } from '../sites/sites.service';

const summary = ({ id, name, slug, timezone }: SiteRecord): SiteSummary => ({ id, name, slug, timezone });

/** The install's sites for players: which there are, and which one the player's calls act on. */
@ApiTags('sites')
@Controller()
export class SitesController {
  constructor(
    private readonly sites: SitesService,
    private readonly users: UsersService,
    private readonly courts: CourtsService,
  ) {}

  private async listing(site: SiteRecord): Promise<SiteListing> {
    return { ...summary(site), courts: (await this.courts.active(site)).length };
  }

  /**
   * Every site, in the order they were created, each with its courts taking bookings (public: the app
   * shows them before sign-in too, and the sign-in screen says how many courts there are).
   */
  @Public()
  @Get('sites')
  async list(): Promise<DetailResponse<SiteListing[]>> {
    return { detail: await Promise.all((await this.sites.list()).map((site) => this.listing(site))) };
  }

  /** The player's current site from now on, remembered on the account (every device of theirs follows). */
  @Post('site')
  @SharedObject('site', 'site_id')
  @HttpCode(200)
  @BodySchema(siteChoiceBody)
  async choose(
    @CurrentUser() user: User,
    @Body() body: Parsed<typeof siteChoiceBody>,
  ): Promise<DetailResponse<SiteSummary>> {
    const site = await this.sites.find(body.site_id);
    if (!site) throw new KortError(SiteError.NotFound);
    await this.users.setCurrentSite(user.id, site.id);
    return { detail: summary(site) };
  }
}
