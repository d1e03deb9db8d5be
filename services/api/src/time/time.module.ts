import { Global, Module } from '@nestjs/common';
import { SiteTime } from './site-time';
import { SiteTimeController } from './site-time.controller';

/** The club's local time (SITE_TIMEZONE) for every feature, and `GET /api/site_time/` for the apps. */
@Global()
@Module({
  controllers: [SiteTimeController],
  providers: [SiteTime],
  exports: [SiteTime],
})
export class TimeModule {}
