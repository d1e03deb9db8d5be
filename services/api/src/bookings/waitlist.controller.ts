import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BookingError, type DetailResponse, joinWaitlistBody, messages, type WaitlistPlace } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { intId } from '../common/record-id';
import { OwnObject } from '../common/route-policy';
import { BodySchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { Waitlist } from './waitlist';

/** The waitlist: places in line for hours taken on every court of the current site, and their offers. */
@ApiTags('bookings')
@Controller('waitlist')
export class WaitlistController {
  constructor(private readonly waitlist: Waitlist) {}

  /** "Встать в очередь" on an hour taken on every court. */
  @Post()
  @HttpCode(200)
  @BodySchema(joinWaitlistBody)
  async join(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() user: User,
    @Body() body: Parsed<typeof joinWaitlistBody>,
  ): Promise<DetailResponse & { id: number; position: number }> {
    return { detail: messages.waitlistJoined, ...(await this.waitlist.join(site, user, body.time_start)) };
  }

  /** The caller's places in line, an offer held for them included. */
  @Get()
  async places(@CurrentUser() user: User): Promise<DetailResponse<WaitlistPlace[]>> {
    return { detail: await this.waitlist.places(user) };
  }

  @Delete(':id')
  @OwnObject('waitlist-place', 'id')
  async leave(@CurrentUser() user: User, @Param('id') id: string): Promise<DetailResponse> {
    await this.waitlist.leave(user, intId(id, BookingError.WaitlistNotFound));
    return { detail: messages.waitlistLeft };
  }

  /** Takes the court an offer holds: it is the caller's game now. */
  @Post(':id/confirm')
  @HttpCode(200)
  @OwnObject('waitlist-place', 'id')
  async confirm(@CurrentUser() user: User, @Param('id') id: string): Promise<DetailResponse & { id: number }> {
    const game = await this.waitlist.confirm(user, intId(id, BookingError.WaitlistNotFound));
    return { detail: messages.holdConfirmed, id: game.id };
  }
}
