import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RulesModule } from '../rules/rules.module';
import { ClosuresService } from './closures.service';
import { ClubCalendar } from './club-calendar';
import { Court } from './court.entity';
import { CourtsService } from './courts.service';

/**
 * The club's shape as its admin sets it: the courts, the closures, and (through the rules module's
 * settings) its hours and quotas. Bookings read it; the dashboard changes it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Court]), RulesModule],
  providers: [CourtsService, ClosuresService, ClubCalendar],
  exports: [CourtsService, ClosuresService, ClubCalendar],
})
export class ClubModule {}
