import { Global, Module } from '@nestjs/common';
import { OfflinePins } from './offline-pins';
import { ScheduleChanges } from './schedule-changes';

/**
 * What the features that book, cancel, end and delete need of the offline club: a way to
 * say "the schedule changed" and the games' offline PINs. Global, so bookings and users need not
 * import the devices module (which imports them).
 */
@Global()
@Module({
  providers: [ScheduleChanges, OfflinePins],
  exports: [ScheduleChanges, OfflinePins],
})
export class OfflineModule {}
