import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  messages,
  noticeChoiceBody,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  type DetailResponse,
  type NotificationSettings,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, type Parsed } from '../common/request-schema';
import type { User } from '../users/user.entity';
import { PlayerChannels } from './player-channels';

/** /account «Уведомления»: the player's channels and choices, and this device's web push. */
@ApiTags('notifications')
@Controller()
export class NotificationsController {
  constructor(private readonly channels: PlayerChannels) {}

  @Get('notifications')
  async settings(@CurrentUser() user: User): Promise<DetailResponse<NotificationSettings>> {
    return { detail: await this.channels.settings(user.id) };
  }

  /** One box of the matrix: a kind of message on a channel, on or off. */
  @Put('notifications')
  @BodySchema(noticeChoiceBody)
  async choose(
    @CurrentUser() user: User,
    @Body() body: Parsed<typeof noticeChoiceBody>,
  ): Promise<DetailResponse<NotificationSettings>> {
    await this.channels.choose(user.id, body.kind, body.channel, body.enabled);
    return { detail: await this.channels.settings(user.id) };
  }

  /** This device's PushSubscription (several devices per player). */
  @Post('push/subscribe')
  @HttpCode(200)
  @BodySchema(pushSubscriptionBody)
  async subscribe(
    @CurrentUser() user: User,
    @Body() body: Parsed<typeof pushSubscriptionBody>,
  ): Promise<DetailResponse> {
    await this.channels.subscribe(user.id, body);
    return { detail: messages.pushSubscribed };
  }

  @Post('push/unsubscribe')
  @HttpCode(200)
  @BodySchema(pushUnsubscribeBody)
  async unsubscribe(
    @CurrentUser() user: User,
    @Body() body: Parsed<typeof pushUnsubscribeBody>,
  ): Promise<DetailResponse> {
    await this.channels.unsubscribe(user.id, body.endpoint);
    return { detail: messages.pushUnsubscribed };
  }
}
