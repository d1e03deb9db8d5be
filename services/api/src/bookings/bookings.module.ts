import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { ClubModule } from '../club/club.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { PricesModule } from '../prices/prices.module';
import { AvailabilityService } from './availability.service';
import { MyGames } from './my-games';
import { BookingHooks } from './booking-hooks';
import { Booking } from './booking.entity';
import { BookingReminderProcessor } from './booking-reminder.processor';
import { BookingReminders } from './booking-reminders';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { NoShowProcessor } from './no-show.processor';
import { NoShows } from './no-shows';
import { SiteTimeController } from './site-time.controller';
import { SlotRules } from './slot-rules';
import { FreedSlots } from './freed-slots';
import { GameFollowUps } from './game-follow-ups';
import { GameInserts } from './game-inserts';
import { GameReads } from './game-reads';
import { GamePlay } from './game-play';
import { WalkInQuota } from './walk-in-quota';
import { Waitlist } from './waitlist';
import { WaitlistProcessor } from './waitlist.processor';
import { WaitlistController } from './waitlist.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Booking, User]), UsersModule, AuditModule, ClubModule, PricesModule],
  controllers: [BookingsController, SiteTimeController, WaitlistController],
  providers: [
    AvailabilityService,
    MyGames,
    BookingHooks,
    BookingsService,
    BookingReminders,
    BookingReminderProcessor,
    NoShows,
    NoShowProcessor,
    FreedSlots,
    GameFollowUps,
    GameInserts,
    GamePlay,
    GameReads,
    SlotRules,
    Waitlist,
    WaitlistProcessor,
    WalkInQuota,
  ],
  exports: [
    BookingsService,
    MyGames,
    GameInserts,
    GamePlay,
    GameReads,
    BookingHooks,
    AvailabilityService,
    BookingReminders,
    NoShows,
    Waitlist,
    SlotRules,
    WalkInQuota,
  ],
})
export class BookingsModule {}
