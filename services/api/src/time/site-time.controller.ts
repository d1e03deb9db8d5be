import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DetailResponse, SiteClock } from '@kort/contracts';
import { Clock } from '../common/clock';
import { Public } from '../common/route-policy';
import { SiteTime } from './site-time';

/**
 * The club's clock for the apps: its time zone and the server's "now". The player app draws the
 * dial's hands, greys out past hours and writes booking instants in the club's time, whatever the
 * phone's own zone or clock says; the zone's offsets over the booking horizon spare the phone
 * loading its own zone data.
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
    const now = this.clock.now();
    const { offsets, until } = this.siteTime.offsetsAround(now);
    return { detail: { time_zone: this.siteTime.zone, now: now.toISOString(), offsets, offsets_until: until } };
  }
}
