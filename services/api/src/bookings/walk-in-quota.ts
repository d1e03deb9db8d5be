import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { adminQuotaText, messages } from '@kort/contracts';
import { ClubCalendar } from '../club/club-calendar';
import { Clock } from '../common/clock';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';

/**
 * Which of the club's limits a walk-in booking ran into, named for the admin («У игрока уже 1 игра в
 * этот день: клуб разрешает 1 игру в сутки.»), counted as the quotas count (the player's live games
 * at the site, in its zone): the day's, then the week's, then the games ahead.
 */
@Injectable()
export class WalkInQuota {
  constructor(
    private readonly db: DataSource,
    private readonly calendar: ClubCalendar,
    private readonly time: SiteTime,
    private readonly clock: Clock,
  ) {}

  async refusal(site: SiteRef, userId: number, startsAt: Date): Promise<string> {
    const clock = this.time.of(site);
    const day = clock.day(startsAt);
    const week = clock.week(startsAt);
    const [rules, [counts]] = await Promise.all([
      this.calendar.bookingRules(site),
      this.db.query<{ day: number; week: number; upcoming: number }[]>(
        `SELECT count(*) FILTER (WHERE starts_at >= $3 AND starts_at < $4)::int AS day,
                count(*) FILTER (WHERE starts_at >= $5 AND starts_at < $6)::int AS week,
                count(*) FILTER (WHERE ends_at > $7)::int AS upcoming
           FROM bookings WHERE user_id = $1 AND site_id = $2 AND cancelled_at IS NULL`,
        [userId, site.id, day.start, day.end, week.start, week.end, this.clock.now()],
      ),
    ]);
    const limit =
      (counts?.day ?? 0) >= rules.quota_per_day
        ? 'day'
        : (counts?.week ?? 0) >= rules.quota_per_week
          ? 'week'
          : (counts?.upcoming ?? 0) >= rules.quota_upcoming
            ? 'upcoming'
            : null;
    if (!limit) return messages.adminBookingOverQuota;
    const allowed = { day: rules.quota_per_day, week: rules.quota_per_week, upcoming: rules.quota_upcoming }[limit];
    return `${adminQuotaText(limit, allowed)} ${messages.adminOverQuotaTail}`;
  }
}
