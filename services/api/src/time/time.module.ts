import { Global, Module } from '@nestjs/common';
import { SiteTime } from './site-time';

/** Each site's local time (`SiteTime.of(site)`) for every feature (`GET /api/site_time/` is the bookings module's). */
@Global()
@Module({
  providers: [SiteTime],
  exports: [SiteTime],
})
export class TimeModule {}
