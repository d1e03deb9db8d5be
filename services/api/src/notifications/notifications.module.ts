import { Global, Module } from '@nestjs/common';
import { ClubModule } from '../club/club.module';
import { NoticeTexts } from './notice-texts';
import { NotificationsController } from './notifications.controller';
import { Notifier } from './notifier';
import { EmailNotifyProcessor } from './email-notify.processor';
import { Deliveries } from './notify-worker';
import { PushNotifyProcessor } from './push-notify.processor';
import { TelegramNotifyProcessor } from './telegram-notify.processor';
import { PlayerChannels } from './player-channels';
import { NameResolver, SystemResolver } from './name-resolver';
import { PushEndpoints } from './push-endpoints';
import { TelegramBot } from './telegram-bot';
import { WebPushClient } from './web-push-client';

/**
 * Everything the club tells a player, on every channel: the Notifier that the
 * bookings, the waitlist, no-shows and the club's cancellations call; a worker per channel; the
 * player's channels and choices. Global like the mail it replaces for these messages.
 */
@Global()
@Module({
  imports: [ClubModule],
  controllers: [NotificationsController],
  providers: [
    Notifier,
    PlayerChannels,
    NoticeTexts,
    Deliveries,
    TelegramBot,
    WebPushClient,
    PushEndpoints,
    { provide: NameResolver, useClass: SystemResolver },
    EmailNotifyProcessor,
    TelegramNotifyProcessor,
    PushNotifyProcessor,
  ],
  exports: [Notifier, PlayerChannels, TelegramBot],
})
export class NotificationsModule {}
