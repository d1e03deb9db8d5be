import { Controller, Delete, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { isFresh, type HttpRequest, type HttpResponse } from '../common/http';
import { createHash } from 'node:crypto';
import { ApiTags } from '@nestjs/swagger';
import { messages, type DetailResponse } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { OwnObject, Public } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { CalendarService } from './calendar.service';

@ApiTags('calendar')
@Controller()
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Creates the feed link, or replaces it (the old link stops working). */
  @Post('calendar_token')
  @HttpCode(200)
  async rotate(@CurrentUser() user: User): Promise<DetailResponse> {
    return { detail: await this.calendar.rotate(user) };
  }

  @Delete('calendar_token')
  async revoke(@CurrentUser() user: User): Promise<DetailResponse> {
    await this.calendar.revoke(user);
    return { detail: messages.calendarLinkOff };
  }

  /**
   * The feed itself: the secret in the path is the credential (calendar apps send no cookies, and
   * get none: common/csrf.ts). Calendar apps poll it: an ETag of its bytes lets them revalidate
   * with If-None-Match and get a bodiless 304 while their games are unchanged.
   */
  @Public()
  @Get('calendar/:file')
  @OwnObject('calendar-feed', 'file')
  @Header('Content-Type', 'text/calendar; charset=utf-8')
  @Header('Cache-Control', 'private, max-age=300')
  async feed(
    @Param('file') file: string,
    @Req() request: HttpRequest,
    @Res({ passthrough: true }) response: HttpResponse,
  ): Promise<string> {
    const body = await this.calendar.feed(file);
    response.header('ETag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`);
    if (isFresh(request, response)) {
      // Bodiless, as the client's copy is the body: no Content-Type for it either.
      response.status(304).removeHeader('content-type');
      return '';
    }
    return body;
  }
}
