import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DetailResponse, SiteClock } from '@kort/contracts';
import { Clock } from '../common/clock';
import { Public } from '../common/route-policy';
import { SiteTime } from './site-time';

/**
 * The club's clock for the apps: its time zone and the server's "now". The player app draws the
 * dial's hands, greys out past hours and writes booking instants in the club's time, whatever the
 * phone's own zone or clock says.
 */
@ApiTags('bookings')
@Controller()
export class SiteTimeController {
  constructor(
    private readonly siteTime: SiteTime,
    private readonly clock: Clock,
  ) {}

  @Public()
  @Get('site_time')
  now(): DetailResponse<SiteClock> {
    return { detail: { time_zone: this.siteTime.zone, now: this.clock.now().toISOString() } };
  }
}
