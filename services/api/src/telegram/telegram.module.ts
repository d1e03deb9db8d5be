import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/bookings.module';
import { ClubModule } from '../club/club.module';
import { User } from '../users/user.entity';
import { TelegramController } from './telegram.controller';
import { TelegramLinks } from './telegram-links';
import { TelegramPoller } from './telegram-poller';
import { TelegramUpdates } from './telegram-updates';
import { WebhookRefusals } from './webhook-refusals';
import { TelegramWebhookSecret } from './webhook-secret';

/** The bot's side of Telegram: linking chats, its commands and buttons, and how updates arrive. */
@Module({
  imports: [TypeOrmModule.forFeature([User]), BookingsModule, ClubModule],
  controllers: [TelegramController],
  providers: [TelegramLinks, TelegramUpdates, TelegramPoller, WebhookRefusals, TelegramWebhookSecret],
})
export class TelegramModule {}
