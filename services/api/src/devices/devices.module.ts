import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AlertsModule } from '../alerts/alerts.module';
import { Booking } from '../bookings/booking.entity';
import { BookingsModule } from '../bookings/bookings.module';
import { SessionModule } from '../auth/session.middleware';
import { UsersModule } from '../users/users.module';
import { AgentPresence } from './agent-presence';
import { AgentTokenCredential } from './agent-token-credential';
import { AgentTokens } from './agent-tokens';
import { AgentAdmission } from './agent-admission';
import { Command } from './command.entity';
import { CommandOutcomes } from './command-outcomes';
import { CommandsService } from './commands.service';
import { DeliverCommandProcessor } from './deliver-command.processor';
import { DevicesController } from './devices.controller';
import { DevicesService } from './devices.service';
import { EdgeGateway } from './edge.gateway';
import { EdgeHandshakes } from './edge-handshakes';
import { GameEvents } from './game-events';
import { LiveGateway } from './live.gateway';
import { OutboxService } from './outbox.service';
import { ScheduleService } from './schedule.service';
import { Site } from '../sites/site.entity';

/**
 * The court's hardware (tables sites, device_states, commands): the agents on /edge, their commands
 * and reports, the offline schedule and outbox, and the dashboards' live state on /live.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([Site, Command, Booking]),
    AlertsModule,
    BookingsModule,
    UsersModule,
    SessionModule,
  ],
  controllers: [DevicesController],
  providers: [
    AgentAdmission,
    AgentTokenCredential,
    AgentTokens,
    AgentPresence,
    DevicesService,
    CommandsService,
    CommandOutcomes,
    DeliverCommandProcessor,
    EdgeGateway,
    EdgeHandshakes,
    LiveGateway,
    GameEvents,
    OutboxService,
    ScheduleService,
  ],
  exports: [
    AgentAdmission,
    AgentTokens,
    CommandsService,
    DevicesService,
    EdgeGateway,
    GameEvents,
    OutboxService,
    ScheduleService,
  ],
})
export class DevicesModule {}
