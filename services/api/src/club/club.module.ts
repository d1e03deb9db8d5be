import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { RulesModule } from '../rules/rules.module';
import { AdminClosuresController } from './admin-closures.controller';
import { AdminClosuresService } from './admin-closures.service';
import { AdminCourtsController } from './admin-courts.controller';
import { AdminCourtsService } from './admin-courts.service';
import { ClosuresService } from './closures.service';
import { ClubCalendar } from './club-calendar';
import { Court } from './court.entity';
import { CourtsService } from './courts.service';
import { ShapeCascade } from './shape-cascade';

/**
 * The club's shape as its admin sets it: the courts, the closures, and (through the rules module's
 * settings) its hours and quotas; their rules and the dashboard's `courts` and `closures`
 * resources. Bookings read it; closing hours cancels games through the cascade the folder above
 * supplies (shape-cascade.ts).
 */
@Module({
  imports: [TypeOrmModule.forFeature([Court]), AuditModule, RulesModule],
  controllers: [AdminCourtsController, AdminClosuresController],
  providers: [CourtsService, ClosuresService, ClubCalendar, ShapeCascade, AdminCourtsService, AdminClosuresService],
  exports: [CourtsService, ClosuresService, ClubCalendar, ShapeCascade],
})
export class ClubModule {}
