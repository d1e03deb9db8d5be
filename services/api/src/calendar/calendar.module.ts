import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BookingsModule } from '../bookings/bookings.module';
import { User } from '../users/user.entity';
import { UsersModule } from '../users/users.module';
import { CalendarController } from './calendar.controller';
import { CalendarService } from './calendar.service';

/** The player's iCalendar feed of their games (a secret link, read by calendar apps). */
@Module({
  imports: [TypeOrmModule.forFeature([User]), BookingsModule, UsersModule],
  controllers: [CalendarController],
  providers: [CalendarService],
})
export class CalendarModule {}
