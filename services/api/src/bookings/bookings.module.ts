import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { AvailabilityService } from './availability.service';
import { Booking } from './booking.entity';
import { BookingReminderProcessor, BookingReminders } from './booking-reminders';
import { BookingsController } from './bookings.controller';
import { BookingsService } from './bookings.service';
import { Court } from './court.entity';
import { CourtsService } from './courts.service';
import { NoShowProcessor, NoShows } from './no-shows';
import { FreedSlots } from './freed-slots';
import { Waitlist, WaitlistProcessor } from './waitlist';
import { WaitlistController } from './waitlist.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Booking, Court, User]), UsersModule, AuditModule],
  controllers: [BookingsController, WaitlistController],
  providers: [
    AvailabilityService,
    BookingsService,
    BookingReminders,
    BookingReminderProcessor,
    CourtsService,
    NoShows,
    NoShowProcessor,
    FreedSlots,
    Waitlist,
    WaitlistProcessor,
  ],
  exports: [BookingsService, BookingReminders, NoShows],
})
export class BookingsModule {}
