import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import { RequestError } from '@kort/contracts';
import { Booking } from '../bookings/booking.entity';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { AppConfig } from '../config/app-config';
import { SiteTime } from '../time/site-time';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { calendarUrl } from './calendar-url';
import { renderCalendar } from './ics';

const HISTORY_MS = 30 * 24 * 3600 * 1000;

/** A game of the feed, with its court's and its site's names. */
interface FeedGame {
  id: number;
  court_id: number;
  court_name: string;
  site_name: string;
  site_timezone: string;
  site_address: string;
  starts_at: Date;
  ends_at: Date;
  created_at: Date;
}

/**
 * The player's personal iCalendar feed: their games at every site, each placed at its site (the
 * location names it) and described in its site's local time. The token is a bearer secret (like a
 * private calendar link in any calendar app): 32 random bytes, rotated or switched off by the player.
 */
@Injectable()
export class CalendarService {
  constructor(
    @InjectRepository(User) private readonly userRows: Repository<User>,
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly time: SiteTime,
  ) {}

  async rotate(user: User): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.users.setCalendarToken(user.id, token);
    return calendarUrl(this.config.publicUrl, token) ?? '';
  }

  async revoke(user: User): Promise<void> {
    await this.users.setCalendarToken(user.id, null);
  }

  async feed(file: string): Promise<string> {
    const token = /^([A-Za-z0-9_-]{43})\.ics$/.exec(file)?.[1];
    const user = token ? await this.userRows.findOneBy({ calendarToken: token, deletedAt: IsNull() }) : null;
    if (!user) throw new KortError(RequestError.NotFound);
    const now = this.clock.now();
    const games = await this.bookings.query<FeedGame[]>(
      `SELECT b.id, b.court_id, c.name AS court_name, s.name AS site_name, s.timezone AS site_timezone,
              s.address AS site_address, b.starts_at, b.ends_at, b.created_at
         FROM bookings b JOIN courts c ON c.id = b.court_id JOIN sites s ON s.id = b.site_id
        WHERE b.user_id = $1 AND b.cancelled_at IS NULL AND b.starts_at >= $2
        ORDER BY b.starts_at, b.id`,
      [user.id, new Date(now.getTime() - HISTORY_MS)],
    );
    const host = new URL(this.config.publicUrl).hostname;
    return renderCalendar(
      'Корт: мои игры',
      games.map((game) => {
        const clock = this.time.of({ timezone: game.site_timezone });
        return {
          uid: `booking-${game.id}@${host}`,
          // A game is never edited (a change is a cancellation and a new booking): its DTSTAMP is
          // its booking time, and the feed's bytes change only when its games do (ETag, 304).
          stamp: game.created_at,
          // The instants are UTC: every calendar app shows them right in its own zone.
          start: game.starts_at,
          end: game.ends_at,
          summary: `Игра, корт ${game.court_id}`,
          location: [game.court_name, game.site_name, game.site_address].filter(Boolean).join(', '),
          description:
            `${clock.longDate(game.starts_at)}, ${clock.time(game.starts_at)}–${clock.time(game.ends_at)} ` +
            `по местному времени площадки «${game.site_name}». ` +
            'Дверь открывается кодом с экрана у входа. Отмена не позднее чем за 1 час.',
        };
      }),
    );
  }
}
