import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Booking } from '../bookings/booking.entity';
import { SessionModule } from '../common/session.middleware';
import { DoorController } from '../doors/door.controller';
import { DoorService } from '../doors/door.service';
import { UsersModule } from '../users/users.module';
import { Command } from './command.entity';
import { CommandOutcomes } from './command-outcomes';
import { CommandsService } from './commands.service';
import { DeliverCommandProcessor } from './deliver-command.processor';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';
import { EdgeGateway } from './edge.gateway';
import { GameEvents } from './game-events';
import { LiveGateway } from './live.gateway';
import { OutboxService } from './outbox.service';
import { ScheduleService } from './schedule.service';
import { Site } from './site.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Site, Command, Booking]), UsersModule, SessionModule],
  controllers: [DevicesController, DoorController],
  providers: [
    DevicesService,
    CommandsService,
    CommandOutcomes,
    DeliverCommandProcessor,
    EdgeGateway,
    LiveGateway,
    DoorService,
    GameEvents,
    OutboxService,
    ScheduleService,
  ],
  exports: [CommandsService, DevicesService, GameEvents, ScheduleService],
})
export class DevicesModule {}
