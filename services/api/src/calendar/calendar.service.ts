import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { IsNull, type Repository } from 'typeorm';
import { RequestError } from '@kort/contracts';
import { MyGames } from '../bookings/my-games';
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
/**
 * The player's personal iCalendar feed: their games at every site, each placed at its site (the
 * location names it) and described in its site's local time. The token is a bearer secret (like a
 * private calendar link in any calendar app): 32 random bytes, rotated or switched off by the player.
 */
@Injectable()
export class CalendarService {
  constructor(
    @InjectRepository(User) private readonly userRows: Repository<User>,
    private readonly games: MyGames,
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
    // A waitlist hold is not in it: it is the player's game only once confirmed.
    const games = await this.games.liveGames(user.id, new Date(now.getTime() - HISTORY_MS));
    const host = new URL(this.config.publicUrl).hostname;
    return renderCalendar(
      'Корт: мои игры',
      games.map((game) => {
        const clock = this.time.of({ timezone: game.siteTimezone });
        return {
          uid: `booking-${game.id}@${host}`,
          // A game is never edited (a change is a cancellation and a new booking): its DTSTAMP is
          // its booking time, and the feed's bytes change only when its games do (ETag, 304).
          stamp: game.createdAt,
          // The instants are UTC: every calendar app shows them right in its own zone.
          start: game.startsAt,
          end: game.endsAt,
          summary: `Игра, корт ${game.courtId}`,
          location: [game.courtName, game.siteName, game.siteAddress].filter(Boolean).join(', '),
          description:
            `${clock.longDate(game.startsAt)}, ${clock.time(game.startsAt)}–${clock.time(game.endsAt)} ` +
            `по местному времени площадки «${game.siteName}». ` +
            'Дверь открывается кодом с экрана у входа. Отмена не позднее чем за 1 час.',
        };
      }),
    );
  }
}
