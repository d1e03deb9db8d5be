import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Booking } from '../bookings/booking.entity';
import { BookingsModule } from '../bookings/bookings.module';
import { DevicesModule } from '../devices/devices.module';
import { DoorController } from './door.controller';
import { DoorService } from './door.service';

/** The door for players: a code on the display for their game, typed or scanned at the door (table door_codes). */
@Module({
  imports: [TypeOrmModule.forFeature([Booking]), BookingsModule, DevicesModule],
  controllers: [DoorController],
  providers: [DoorService],
})
export class DoorsModule {}
