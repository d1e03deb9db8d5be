import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type GameStatus, type MyOrder, weekdaysShortIso } from '@kort/contracts';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { defaultCourtName } from '../club/courts.service';
import { Clock } from '../common/clock';
import { OfflinePins } from '../offline/offline-pins';
import { SitesService } from '../sites/sites.service';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { Booking } from './booking.entity';
import { BookingHooks } from './booking-hooks';

const DAY_MS = 24 * 3600_000;
/** How long a game the club cancelled stays on My games, greyed with its reason (decision 0092). */
export const CLUB_CANCELLED_SHOWN_MS = 7 * DAY_MS;

/** A game of the player's, as "my games" keeps it. */
interface OwnGame {
  id: number;
  site_id: string;
  /** The site's name and zone when the list was read (the site directory's are newer). */
  site_name: string;
  site_timezone: string;
  court_id: number;
  starts_at: Date;
  ends_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  no_show_at: Date | null;
  /** Set only for a game the club cancelled (a closure, a court taken out, an admin's cancel). */
  club_cancelled_at: Date | null;
  cancel_reason: string | null;
  court_name: string;
  series_id: number | null;
  series_weekdays: number[] | null;
  series_hour: number | null;
  /** The game has a charge (payments/): its money is read per request, never kept. */
  priced: boolean;
}

/** 'cancelled' by the club; 'no_show' once released; 'over' once ended or past its end; 'playing' once its door opened. */
function gameStatus(game: OwnGame, now: Date): GameStatus {
  if (game.club_cancelled_at) return 'cancelled';
  if (game.no_show_at) return 'no_show';
  if (game.ended_at || game.ends_at <= now) return 'over';
  return game.started_at ? 'playing' : 'upcoming';
}

/** A player's own game, with where it is: MyGames.liveGames. */
export interface LiveGame {
  id: number;
  courtId: number;
  courtName: string;
  siteName: string;
  siteTimezone: string;
  siteAddress: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
}

/**
 * "My games": the player's games at every site (GET /api/my-orders/). The list is the app's most
 * frequent call after the dial, so a player's rows are kept in memory until a booking changes
 * anywhere (cache/change-feed.ts); what depends on the clock (today, the status, a cancelled game's
 * week) is worked out per request from the kept rows.
 */
@Injectable()
export class MyGames {
  private readonly orders: LocalCache<OwnGame[]>;

  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly pins: OfflinePins,
    private readonly sites: SitesService,
    private readonly hooks: BookingHooks,
    feed: ChangeFeed,
  ) {
    this.orders = feed.cache('bookings', { maxEntries: 20_000 });
  }

  /**
   * The player's own games (not cancelled, not a waitlist hold not yet confirmed) ending after
   * `after`, at every site, soonest first, with their court's and site's names and the site's zone:
   * the calendar feed and the bot's /games. At most `limit` of them.
   */
  async liveGames(userId: number, after: Date, limit: number | null = null): Promise<LiveGame[]> {
    const rows = await this.bookings.query<
      {
        id: number;
        court_id: number;
        court_name: string;
        site_name: string;
        site_timezone: string;
        site_address: string;
        starts_at: Date;
        ends_at: Date;
        created_at: Date;
      }[]
    >(
      `SELECT b.id, b.court_id, c.name AS court_name, s.name AS site_name, s.timezone AS site_timezone,
              s.address AS site_address, b.starts_at, b.ends_at, b.created_at
         FROM bookings b JOIN courts c ON c.id = b.court_id JOIN sites s ON s.id = b.site_id
        WHERE b.user_id = $1 AND b.cancelled_at IS NULL AND b.held_until IS NULL AND b.ends_at > $2
        ORDER BY b.starts_at, b.id LIMIT $3`,
      [userId, after, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      courtId: row.court_id,
      courtName: row.court_name,
      siteName: row.site_name,
      siteTimezone: row.site_timezone,
      siteAddress: row.site_address,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      createdAt: row.created_at,
    }));
  }

  /**
   * Today's and upcoming games of the player at every site, soonest first, each with its site and
   * its dates in its site's zone ("today" is the site's), and the games the club cancelled in the
   * last week, whatever their day, with the club's reason. Today's live games carry their offline
   * PIN, so the app has it at the door even when neither the phone nor the club can reach the API.
   */
  async list(user: User): Promise<MyOrder[]> {
    const now = this.clock.now();
    // Kept per UTC day, read from a day before it: every zone's "today" starts within that span.
    const utcDay = now.toISOString().slice(0, 10);
    const games = await this.orders.get(`${user.id} ${utcDay}`, () =>
      this.load(user.id, new Date(Date.parse(`${utcDay}T00:00:00Z`) - DAY_MS)),
    );
    const sites = new Map<string, { name: string; timezone: string }>();
    for (const game of games) {
      if (sites.has(game.site_id)) continue;
      const site = await this.sites.find(game.site_id);
      sites.set(game.site_id, site ?? { name: game.site_name, timezone: game.site_timezone });
    }
    const shownSince = new Date(now.getTime() - CLUB_CANCELLED_SHOWN_MS);
    const payments = await this.hooks.describe(
      user.id,
      games
        .filter((game) => game.priced && game.starts_at >= new Date(now.getTime() - 2 * DAY_MS))
        .map((game) => game.id),
    );
    return games.flatMap((game) => {
      const site = sites.get(game.site_id)!;
      const payment = payments.get(game.id);
      const clock = this.time.of(site);
      const today = clock.day(now);
      const cancelled = game.club_cancelled_at !== null;
      if (cancelled ? game.club_cancelled_at! < shownSince : game.starts_at < today.start) return [];
      const isToday = game.starts_at >= today.start && game.starts_at < today.end;
      return {
        id: game.id,
        date: clock.longDate(game.starts_at),
        day_of_week: clock.weekday(game.starts_at),
        time: clock.time(game.starts_at),
        today: isToday,
        status: gameStatus(game, now),
        name: game.court_id,
        ...(game.court_name !== defaultCourtName(game.court_id) ? { court_name: game.court_name } : {}),
        id_cort: game.court_id,
        time_start: clock.iso(game.starts_at),
        ...(isToday && !game.no_show_at && !cancelled ? { offline_pin: this.pins.pin(game.id) } : {}),
        ...(game.series_id !== null ? { series: { id: game.series_id, label: seriesLabel(game) } } : {}),
        ...(cancelled ? { cancelled: { reason: game.cancel_reason, at: clock.iso(game.club_cancelled_at!) } } : {}),
        site_id: game.site_id,
        site_name: site.name,
        ...(payment ? { payment } : {}),
      };
    });
  }

  /**
   * The player's games from `from` on, and the club's cancellations of the week before it, as kept:
   * what changes with the clock is worked out per request. A club's cancellation is one with no
   * `cancelled_by` that was the player's game (not a no-show's release, not a waitlist hold).
   */
  private load(userId: number, from: Date): Promise<OwnGame[]> {
    return this.bookings.query<OwnGame[]>(
      `SELECT b.id, b.site_id, st.name AS site_name, st.timezone AS site_timezone, b.court_id, c.name AS court_name,
              b.starts_at, b.ends_at, b.started_at, b.ended_at, b.no_show_at,
              CASE WHEN b.cancelled_at IS NOT NULL AND b.no_show_at IS NULL THEN b.cancelled_at END AS club_cancelled_at,
              b.cancel_reason, b.series_id, s.weekdays AS series_weekdays, s.hour AS series_hour,
              EXISTS (SELECT 1 FROM game_payments gp WHERE gp.booking_id = b.id) AS priced
         FROM bookings b JOIN courts c ON c.id = b.court_id JOIN sites st ON st.id = b.site_id
              LEFT JOIN series s ON s.id = b.series_id
        WHERE b.user_id = $1 AND b.held_until IS NULL
          AND ((b.cancelled_at IS NULL OR b.no_show_at IS NOT NULL) AND b.starts_at >= $2
               OR b.cancelled_at IS NOT NULL AND b.cancelled_by IS NULL AND b.no_show_at IS NULL
                  AND b.cancelled_at >= $3)
        ORDER BY b.starts_at`,
      [userId, from, new Date(from.getTime() - CLUB_CANCELLED_SHOWN_MS)],
    );
  }
}

/** «Расписание школы: пн, ср в 17:00»: how a term's game says where it comes from. */
function seriesLabel(game: OwnGame): string {
  const days = (game.series_weekdays ?? []).map((day) => weekdaysShortIso[day - 1]).join(', ');
  return `Расписание школы: ${days} в ${String(game.series_hour ?? 0).padStart(2, '0')}:00`;
}
