import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BookingsModule } from '../bookings/bookings.module';
import { ClubModule } from '../club/club.module';
import { AdminSeriesController } from './admin-series.controller';
import { AdminSeriesService } from './admin-series.service';
import { SeriesService } from './series.service';

/**
 * A sport school's term: its games booked as ordinary bookings of the school (series.service.ts),
 * and the dashboard's resource of terms (admin-series.controller.ts).
 */
@Module({
  imports: [AuditModule, BookingsModule, ClubModule],
  controllers: [AdminSeriesController],
  providers: [SeriesService, AdminSeriesService],
  exports: [SeriesService],
})
export class SeriesModule {}
