import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module';
import { ClubModule } from '../club/club.module';
import { SeriesService } from './series.service';

/** A sport school's term: its games booked as ordinary bookings of the school (series.service.ts). */
@Module({
  imports: [BookingsModule, ClubModule],
  providers: [SeriesService],
  exports: [SeriesService],
})
export class SeriesModule {}
