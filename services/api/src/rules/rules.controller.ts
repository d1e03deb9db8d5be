import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DetailResponse } from '@kort/contracts';
import { Public } from '../common/route-policy';
import { SettingsService } from './settings.service';

@ApiTags('rules')
@Controller()
export class RulesController {
  constructor(private readonly settings: SettingsService) {}

  @Public()
  @Get('give_rules')
  async rules(): Promise<DetailResponse> {
    return { detail: await this.settings.courtRules() };
  }

  /** The club's support contacts for the profile screen (public: they are on the club's door too). */
  @Public()
  @Get('give_contacts')
  async contacts(): Promise<DetailResponse> {
    return { detail: await this.settings.clubContacts() };
  }
}
