import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DetailResponse, SiteClock } from '@kort/contracts';
import { Clock } from '../common/clock';
import { ClubCalendar } from '../club/club-calendar';
import { Public } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';

/**
 * The current site's clock for the apps: its time zone and the server's "now". The player app draws the
 * dial's hands, greys out past hours and writes booking instants in the club's time, whatever the
 * phone's own zone or clock says; the zone's offsets over the club's booking horizon spare the phone
 * loading its own zone data.
 */
@ApiTags('bookings')
@Controller()
export class SiteTimeController {
  constructor(
    private readonly siteTime: SiteTime,
    private readonly calendar: ClubCalendar,
    private readonly clock: Clock,
  ) {}

  @Public()
  @Get('site_time')
  async now(@CurrentSite() site: SiteRecord): Promise<DetailResponse<SiteClock>> {
    const now = this.clock.now();
    const { booking_horizon_days } = await this.calendar.bookingRules(site);
    const clock = this.siteTime.of(site);
    const { offsets, until } = clock.offsetsAround(now, booking_horizon_days);
    return { detail: { time_zone: clock.zone, now: now.toISOString(), offsets, offsets_until: until } };
  }
}
