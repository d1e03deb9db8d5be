import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminError, bookingRules, messages, type SeriesOccurrence } from '@kort/contracts';
import { BookingsService } from '../bookings/bookings.service';
import { GameInserts } from '../bookings/game-inserts';
import { GameReads } from '../bookings/game-reads';
import { ClubCalendar } from '../club/club-calendar';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import { SiteTime, type ClubClock } from '../time/site-time';

/** A sport school's term as the admin describes it: site-local dates, ISO weekdays, a local hour. */
export interface Term {
  userId: number;
  courtId: number;
  weekdays: number[];
  hour: number;
  startsOn: string;
  endsOn: string;
}

/** What a term made: its id, its games, and the occurrences it skipped (with why). */
export interface MadeTerm {
  id: number;
  games: { id: number; startsAt: Date }[];
  skips: SeriesOccurrence[];
}

const GAME_MS = bookingRules.gameMinutes * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * A sport school's term (the `series` table, its one writer): every occurrence is an ordinary
 * booking of the school's account, carrying the term's id, so the exclusion constraint, the closures
 * and every path a game takes (door, schedule, reminders, cancelling one on its own) apply. Every
 * occurrence is checked, not only the first ones: one that meets a game, a closure or a passed
 * hour is skipped and said, never forced.
 */
@Injectable()
export class SeriesService {
  constructor(
    private readonly db: DataSource,
    private readonly bookings: BookingsService,
    private readonly inserts: GameInserts,
    private readonly gameReads: GameReads,
    private readonly calendar: ClubCalendar,
    private readonly courts: CourtsService,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  /** Each occurrence at the site as it stands now, in order: free, or what would stop it (nothing is written). */
  async preview(site: SiteRef, term: Term): Promise<SeriesOccurrence[]> {
    const starts = await this.checked(site, term);
    const first = starts[0];
    const last = starts[starts.length - 1];
    if (!first || !last) return [];
    const end = new Date(last.getTime() + GAME_MS);
    const clock = this.time.of(site);
    const [club, games] = await Promise.all([
      this.calendar.between(site, first, end),
      this.gameReads.startsOnCourt(site, term.courtId, first, end),
    ]);
    const taken = new Set(games.map((start) => start.getTime()));
    const now = this.clock.now().getTime();
    return starts.map((start) => {
      if (start.getTime() <= now) return occurrence(clock, start, 'past', messages.seriesPast);
      const closure = club.closureOver(term.courtId, start);
      if (closure) return occurrence(clock, start, 'closure', closure.reason);
      if (taken.has(start.getTime())) return occurrence(clock, start, 'game', messages.seriesGameThere);
      return occurrence(clock, start, null, null);
    });
  }

  /**
   * Makes the site's term and books every free occurrence in one transaction; the others are
   * skipped and kept with the term; in the caller's transaction (DomainEvents'): each game's schedule
   * push, reminder and no-show check follow its commit.
   */
  async create(site: SiteRef, tx: Writer, term: Term, adminId: number): Promise<MadeTerm> {
    const starts = await this.checked(site, term);
    const clock = this.time.of(site);
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO series (site_id, user_id, court_id, weekdays, hour, starts_on, ends_on, created_at, created_by)
       VALUES ($1, $2, $3, $4::smallint[], $5, $6, $7, $8, $9) RETURNING id`,
      [
        site.id,
        term.userId,
        term.courtId,
        term.weekdays,
        term.hour,
        term.startsOn,
        term.endsOn,
        this.clock.now(),
        adminId,
      ],
    );
    const id = row!.id;
    const games: MadeTerm['games'] = [];
    const skips: SeriesOccurrence[] = [];
    const now = this.clock.now().getTime();
    for (const startsAt of starts) {
      if (startsAt.getTime() <= now) {
        skips.push(occurrence(clock, startsAt, 'past', messages.seriesPast));
        continue;
      }
      const made = await this.inserts.tryInsert(tx, {
        userId: term.userId,
        courtId: term.courtId,
        startsAt,
        seriesId: id,
      });
      if ('id' in made) games.push({ id: made.id, startsAt });
      else skips.push(occurrence(clock, startsAt, made.conflict, made.detail));
    }
    await tx.query(`UPDATE series SET skips = $2::jsonb WHERE id = $1`, [id, JSON.stringify(skips)]);
    await this.events.record(tx, {
      type: 'games.booked',
      games: games.map((game) => ({ id: game.id, siteId: site.id })),
    });
    return { id, games, skips };
  }

  /**
   * Ends a term of the site: it leaves the lists, and its games not begun are cancelled (the past
   * ones stay), in the caller's transaction. The ids of the cancelled games, or null when the site
   * has no such term (another site's term is not found here).
   */
  async remove(site: SiteRef, tx: Writer, id: number): Promise<number[] | null> {
    const now = this.clock.now();
    const [, deleted] = await tx.query<[unknown[], number]>(
      `UPDATE series SET deleted_at = $2 WHERE id = $1 AND site_id = $3 AND deleted_at IS NULL`,
      [id, now, site.id],
    );
    if (deleted !== 1) return null;
    return this.bookings.cancelSeries(tx, id, now);
  }

  /**
   * The term's occurrences as instants in the site's zone, after checking it makes one on a court of
   * the site (400 with what is wrong).
   */
  private async checked(site: SiteRef, term: Term): Promise<Date[]> {
    const [school] = await this.db.query<{ is_sport_school: boolean }[]>(
      `SELECT is_sport_school FROM users WHERE id = $1 AND deleted_at IS NULL`,
      [term.userId],
    );
    if (!school?.is_sport_school) throw new KortError(AdminError.SeriesNotSchool);
    const court = await this.courts.findAt(site, term.courtId);
    if (!court) throw invalid(messages.courtNotFound);
    if (!court.active) throw invalid(messages.courtInactive);
    const rules = await this.calendar.bookingRules(site);
    if (term.hour < rules.opening_hour || term.hour >= rules.closing_hour) throw invalid(messages.seriesHour);
    const clock = this.time.of(site);
    const today = clock.dateOf(this.clock.now());
    const yearLater = addYear(term.startsOn);
    if (term.startsOn < today || term.endsOn < term.startsOn || term.endsOn > yearLater) {
      throw invalid(messages.seriesDates);
    }
    return occurrenceStarts(term).map((date) => clock.at(date, term.hour));
  }
}

/** The site-local dates of a term: each day from its start to its end that falls on one of its weekdays. */
export function occurrenceStarts(term: Pick<Term, 'weekdays' | 'startsOn' | 'endsOn'>): string[] {
  const dates: string[] = [];
  const end = Date.parse(`${term.endsOn}T00:00:00Z`);
  for (let day = Date.parse(`${term.startsOn}T00:00:00Z`); day <= end; day += DAY_MS) {
    // Calendar arithmetic in UTC: no zone can shift a date. getUTCDay is 0 on Sunday; ISO 7.
    const weekday = new Date(day).getUTCDay() || 7;
    if (term.weekdays.includes(weekday)) dates.push(new Date(day).toISOString().slice(0, 10));
  }
  return dates;
}

function occurrence(
  time: ClubClock,
  startsAt: Date,
  conflict: SeriesOccurrence['conflict'],
  detail: string | null,
): SeriesOccurrence {
  return { starts_at: time.iso(startsAt), conflict, detail };
}

/** The same date a year later (29 February: 28 February). */
function addYear(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, day));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

const invalid = (detail: string) => new KortError(AdminError.ShapeInvalid, { detail });
