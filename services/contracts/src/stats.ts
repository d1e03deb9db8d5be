/**
 * Answers of the admin statistics API (`/api/admin/stats/*`).
 * Every figure is counted in the club's local days and hours; weeks are ISO weeks (Monday first).
 */

/** Query of every stats call: inclusive local dates, at most 366 days. */
export interface StatsQuery {
  /** YYYY-MM-DD, first local day included. */
  from: string;
  /** YYYY-MM-DD, last local day included. */
  to: string;
  /** `csv` answers text/csv (same as `Accept: text/csv`). */
  format?: 'json' | 'csv';
}

/** Echo of the period actually counted. */
export interface StatsPeriod {
  from: string;
  to: string;
  time_zone: string;
}

/** 1 = Monday … 7 = Sunday (ISO). */
export type StatsWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface OccupancyCell {
  weekday: StatsWeekday;
  /** Local hour 0..23. */
  hour: number;
  /** Court-hours open in this cell over the period (0 = closed). */
  court_hours_open: number;
  /** Court-hours booked and not cancelled (includes played and no-show). */
  booked: number;
  /** Booked court-hours where the door was opened. */
  played: number;
  /** Booked court-hours marked no-show. */
  no_show: number;
  /** Court-hours cancelled (any cancellation). */
  cancelled: number;
}

export interface OccupancyTotals {
  court_hours_open: number;
  booked: number;
  played: number;
  no_show: number;
  cancelled: number;
  /** booked / court_hours_open, 0..1 (0 when nothing was open). */
  booked_share: number;
  /** played / court_hours_open, 0..1. */
  played_share: number;
}

export interface OccupancyStats {
  period: StatsPeriod;
  cells: OccupancyCell[];
  totals: OccupancyTotals;
}

export interface CourtWeekStats {
  court_id: string;
  court_name: string;
  /** YYYY-MM-DD, local Monday of the ISO week. */
  week_start: string;
  court_hours_open: number;
  booked: number;
  played: number;
}

export interface CourtsStats {
  period: StatsPeriod;
  weeks: CourtWeekStats[];
}

export interface DemandCell {
  weekday: StatsWeekday;
  hour: number;
  /** Waitlist entries created for a slot starting in this cell. */
  joined: number;
  /** Of those, entries that ended with a booking (got a court through the waitlist). */
  got_court: number;
}

export interface DemandTotals {
  joined: number;
  got_court: number;
}

export interface DemandStats {
  period: StatsPeriod;
  cells: DemandCell[];
  totals: DemandTotals;
}

export interface NoShowWeek {
  week_start: string;
  no_shows: number;
  late_cancellations: number;
}

export interface NoShowPlayer {
  user_id: string;
  name: string;
  no_shows: number;
  late_cancellations: number;
}

export interface NoShowStats {
  period: StatsPeriod;
  /** Hours before start under which a player's cancellation counts as late. */
  late_cancel_hours: number;
  weeks: NoShowWeek[];
  /** Most no-shows + late cancellations first, at most 20. */
  top_players: NoShowPlayer[];
}

export interface DoorOpenings {
  online_code: number;
  offline_pin: number;
  admin: number;
}

export interface DeviceWeek extends DoorOpenings {
  week_start: string;
  light_hours: number;
  played_hours: number;
}

export interface OfflinePeriod {
  /** ISO instant. */
  from: string;
  /** ISO instant; null while still offline. */
  to: string | null;
}

export interface DevicesStats {
  period: StatsPeriod;
  openings: DoorOpenings;
  weeks: DeviceWeek[];
  offline_periods: OfflinePeriod[];
  light_hours: number;
  played_hours: number;
}

export type StatsReport = 'occupancy' | 'courts' | 'demand' | 'no-shows' | 'devices' | 'revenue';
