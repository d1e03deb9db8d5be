import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DetailResponse } from '@kort/contracts';
import { Public } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import { SettingsService } from './settings.service';

/** The rules and contacts of the caller's current site (signed out: the install's first site). */
@ApiTags('rules')
@Controller()
export class RulesController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get('give_rules')
  async rules(@CurrentSite() site: SiteRecord): Promise<DetailResponse> {
    return { detail: await this.settings.courtRules(site) };
  }

  /** The club's support contacts for the profile screen (public: they are on the club's door too). */
  @Public()
  @Get('give_contacts')
  async contacts(@CurrentSite() site: SiteRecord): Promise<DetailResponse> {
    return { detail: await this.settings.clubContacts(site) };
  }
}
