import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  CourtsStats,
  CourtWeekStats,
  DemandCell,
  DemandStats,
  DevicesStats,
  DeviceWeek,
  NoShowPlayer,
  NoShowStats,
  NoShowWeek,
  OccupancyCell,
  OccupancyStats,
  StatsWeekday,
} from '@kort/contracts';
import { Clock } from '../common/clock';
import { SettingsService } from '../rules/settings.service';
import type { SiteRef } from '../common/site-ref';
import type { Period } from './stats-period';
import {
  COURTS_SQL,
  DEMAND_SQL,
  LIGHT_SQL,
  NO_SHOW_PLAYERS_SQL,
  NO_SHOW_WEEKS_SQL,
  OCCUPANCY_SQL,
  OFFLINE_SQL,
  OPENINGS_SQL,
  PLAYED_SQL,
} from './stats-sql';

/**
 * The player's own cancellation under this many hours before the start counts as late. The app
 * refuses cancelling within the last hour, so that rule cannot define "late": a day is the time the
 * club needs to fill the court again.
 */
export const LATE_CANCEL_HOURS = 24;
const TOP_PLAYERS = 20;

const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const hours = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/** Every weekday × hour, so that a heatmap has its closed cells too. */
function denseCells<T>(rows: (T & { weekday: number; hour: number })[], empty: () => T) {
  const byKey = new Map(rows.map((row) => [`${row.weekday}:${row.hour}`, row]));
  const cells: (T & { weekday: StatsWeekday; hour: number })[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    for (let hour = 0; hour < 24; hour++) {
      const row = byKey.get(`${weekday}:${hour}`);
      cells.push({ ...empty(), ...row, weekday: weekday as StatsWeekday, hour });
    }
  }
  return cells;
}

/** A site's figures for a period, straight from its bookings, door events, waitlist and command log. */
@Injectable()
export class StatsService {
  constructor(
    private readonly db: DataSource,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  /** $1..$8 of the open-hours queries: the site's hours as set now (the settings keep no history), its id. */
  private async openParams(site: SiteRef, period: Period): Promise<unknown[]> {
    const rules = await this.settings.bookingRules(site);
    const { start, end, time_zone: zone, from, to } = period;
    return [start, end, zone, rules.opening_hour, rules.closing_hour, from, to, site.id];
  }

  private base(period: Period): unknown[] {
    return [period.start, period.end, period.time_zone];
  }

  private echo(period: Period) {
    return { from: period.from, to: period.to, time_zone: period.time_zone };
  }

  async occupancy(site: SiteRef, period: Period): Promise<OccupancyStats> {
    const rows = await this.db.query<OccupancyCell[]>(OCCUPANCY_SQL, await this.openParams(site, period));
    const cells = denseCells(rows, () => ({ court_hours_open: 0, booked: 0, played: 0, no_show: 0, cancelled: 0 }));
    const sum = (key: 'court_hours_open' | 'booked' | 'played' | 'no_show' | 'cancelled') =>
      cells.reduce((total, cell) => total + cell[key], 0);
    const totals = {
      court_hours_open: sum('court_hours_open'),
      booked: sum('booked'),
      played: sum('played'),
      no_show: sum('no_show'),
      cancelled: sum('cancelled'),
    };
    return {
      period: this.echo(period),
      cells,
      totals: {
        ...totals,
        booked_share: share(totals.booked, totals.court_hours_open),
        played_share: share(totals.played, totals.court_hours_open),
      },
    };
  }

  async courts(site: SiteRef, period: Period): Promise<CourtsStats> {
    const weeks = await this.db.query<CourtWeekStats[]>(COURTS_SQL, await this.openParams(site, period));
    return { period: this.echo(period), weeks };
  }

  async demand(site: SiteRef, period: Period): Promise<DemandStats> {
    const rows = await this.db.query<DemandCell[]>(DEMAND_SQL, [...this.base(period), site.id]);
    const cells = denseCells(rows, () => ({ joined: 0, got_court: 0 }));
    return {
      period: this.echo(period),
      cells,
      totals: {
        joined: cells.reduce((total, cell) => total + cell.joined, 0),
        got_court: cells.reduce((total, cell) => total + cell.got_court, 0),
      },
    };
  }

  async noShows(site: SiteRef, period: Period): Promise<NoShowStats> {
    const [weeks, players] = await Promise.all([
      this.db.query<NoShowWeek[]>(NO_SHOW_WEEKS_SQL, [...this.base(period), LATE_CANCEL_HOURS, site.id]),
      this.db.query<NoShowPlayer[]>(NO_SHOW_PLAYERS_SQL, [
        period.start,
        period.end,
        LATE_CANCEL_HOURS,
        TOP_PLAYERS,
        site.id,
      ]),
    ]);
    return {
      period: this.echo(period),
      late_cancel_hours: LATE_CANCEL_HOURS,
      weeks: weeks.filter((week) => week.no_shows + week.late_cancellations > 0),
      top_players: players,
    };
  }

  async devices(site: SiteRef, period: Period): Promise<DevicesStats> {
    const now = this.clock.now();
    const until = now < period.end ? now : period.end;
    const [openings, lights, played, offline] = await Promise.all([
      this.db.query<{ week_start: string; online_code: number; offline_pin: number; admin: number }[]>(OPENINGS_SQL, [
        ...this.base(period),
        site.id,
      ]),
      this.db.query<{ week_start: string; light_hours: string }[]>(LIGHT_SQL, [...this.base(period), until, site.id]),
      this.db.query<{ week_start: string; played_hours: string }[]>(PLAYED_SQL, [...this.base(period), site.id]),
      this.db.query<{ from_at: Date; to_at: Date | null }[]>(OFFLINE_SQL, [period.start, period.end, site.id]),
    ]);
    const weeks = new Map<string, DeviceWeek>();
    const week = (start: string) => {
      let row = weeks.get(start);
      if (!row) {
        row = { week_start: start, online_code: 0, offline_pin: 0, admin: 0, light_hours: 0, played_hours: 0 };
        weeks.set(start, row);
      }
      return row;
    };
    for (const row of openings) Object.assign(week(row.week_start), row);
    for (const row of lights) week(row.week_start).light_hours = hours(row.light_hours);
    for (const row of played) week(row.week_start).played_hours = hours(row.played_hours);
    const list = [...weeks.values()].sort((a, b) => a.week_start.localeCompare(b.week_start));
    const total = (key: 'online_code' | 'offline_pin' | 'admin' | 'light_hours' | 'played_hours') =>
      list.reduce((sum, row) => sum + row[key], 0);
    return {
      period: this.echo(period),
      openings: { online_code: total('online_code'), offline_pin: total('offline_pin'), admin: total('admin') },
      weeks: list,
      offline_periods: offline.map((row) => ({
        from: new Date(row.from_at).toISOString(),
        to: row.to_at ? new Date(row.to_at).toISOString() : null,
      })),
      light_hours: hours(total('light_hours')),
      played_hours: hours(total('played_hours')),
    };
  }
}
