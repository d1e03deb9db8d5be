import { Body, Controller, Get, Patch, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { HttpRequest, HttpResponse } from '../common/http';
import { messages, profileEditBody, type DetailResponse, type ProfileDetail } from '@kort/contracts';
import { SessionService } from '../auth/session.service';
import { CurrentUser } from '../auth/current-user';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import { BodySchema, type Parsed } from '../common/request-schema';
import { ChangesState } from '../common/route-policy';
import { AccountService } from './account.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

@ApiTags('account')
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  @Get('my_name')
  myName(@CurrentUser() user: User): DetailResponse {
    return { detail: user.name };
  }

  @Get('profile')
  async profile(@CurrentUser() user: User, @CurrentSite() site: SiteRecord): Promise<DetailResponse<ProfileDetail>> {
    return { detail: await this.account.profile(user, site) };
  }

  /** The player's own name and phone, by registration's rules: a bad value is a 400 with its Russian text. */
  @Patch('profile')
  @BodySchema(profileEditBody)
  @ApiOkResponse({ description: 'The profile as it now reads (the same shape as GET /api/profile/).' })
  async editProfile(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
    @Body() body: Parsed<typeof profileEditBody>,
  ): Promise<DetailResponse<ProfileDetail>> {
    return { detail: await this.account.editProfile(user, site, body.name, body.phone_number) };
  }

  @Get('del_account')
  @ChangesState()
  async deleteAccount(
    @CurrentUser() user: User,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<DetailResponse> {
    await this.account.deleteSelf(user);
    await this.sessions.end(request, response);
    return { detail: messages.profileDeleted };
  }

  @Get('user_read')
  @ChangesState()
  async acceptRules(@CurrentUser() user: User): Promise<DetailResponse> {
    await this.users.acceptRules(user);
    return { detail: messages.rulesAccepted };
  }

  @Get('is_admin')
  isAdmin(@CurrentUser() user: User): DetailResponse<boolean> {
    return { detail: this.account.isAdmin(user) };
  }
}
