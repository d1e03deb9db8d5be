import { Module } from '@nestjs/common';
import { RulesModule } from '../rules/rules.module';
import { ReportLines } from './report-line';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** The admin's statistics: occupancy, courts, demand, no-shows, door and devices (`/api/admin/stats/*`). */
@Module({
  imports: [RulesModule],
  controllers: [StatsController],
  providers: [StatsService, ReportLines],
})
export class StatsModule {}
