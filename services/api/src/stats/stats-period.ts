import { DateTime } from 'luxon';
import { z } from 'zod';
import { AdminError, type StatsPeriod } from '@kort/contracts';
import { KortError } from '../common/kort-error';

/** The longest period a stats call counts, in days (a leap year). */
export const MAX_STATS_DAYS = 366;

/** Read loosely here so that every problem gets the period's own Russian text (parsePeriod). */
export const statsQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  format: z.string().max(10).optional(),
});
export type StatsQueryInput = z.output<typeof statsQuery>;

/** A checked period: local dates, and the instants its first day starts and the day after its last starts. */
export interface Period extends StatsPeriod {
  start: Date;
  end: Date;
}

/**
 * The days a period may name. PostgreSQL has no year 0 (a `0000-01-01` was a 500), and no club has
 * figures before 2000 or after 2099: a typo, not a question. Fixed rather than moved with the clock,
 * so that a bookmarked period keeps working.
 */
export const FIRST_STATS_DAY = '2000-01-01';
export const LAST_STATS_DAY = '2099-12-31';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function localDay(value: string | undefined, field: 'from' | 'to', zone: string): DateTime {
  const name = field === 'from' ? 'начала' : 'конца';
  const day = value && DATE.test(value) ? DateTime.fromISO(value, { zone }) : null;
  if (!value || !day?.isValid) {
    throw new KortError(AdminError.ShapeInvalid, { detail: `Дата ${name} периода должна быть в виде ГГГГ-ММ-ДД` });
  }
  // Four-digit ISO dates compare as strings.
  if (value < FIRST_STATS_DAY || value > LAST_STATS_DAY) {
    throw new KortError(AdminError.ShapeInvalid, {
      detail: `Дата ${name} периода должна быть с ${FIRST_STATS_DAY} по ${LAST_STATS_DAY}`,
    });
  }
  return day.startOf('day');
}

/** `from` and `to` are inclusive local days of the club; at most MAX_STATS_DAYS of them. */
export function parsePeriod(query: StatsQueryInput, zone: string): Period {
  const from = localDay(query.from, 'from', zone);
  const to = localDay(query.to, 'to', zone);
  if (from > to) throw new KortError(AdminError.ShapeInvalid, { detail: 'Начало периода позже его конца' });
  const days = Math.round(to.diff(from, 'days').days) + 1;
  if (days > MAX_STATS_DAYS) {
    throw new KortError(AdminError.ShapeInvalid, { detail: `Период не может быть длиннее ${MAX_STATS_DAYS} дней` });
  }
  return {
    from: from.toISODate() ?? '',
    to: to.toISODate() ?? '',
    time_zone: zone,
    start: from.toJSDate(),
    end: to.plus({ days: 1 }).toJSDate(),
  };
}

/** CSV when asked by `?format=csv` or by an Accept header that prefers text/csv. */
export function wantsCsv(query: StatsQueryInput, accept: string | undefined): boolean {
  if (query.format !== undefined && query.format !== 'json' && query.format !== 'csv') {
    throw new KortError(AdminError.ShapeInvalid, { detail: 'Формат может быть json или csv' });
  }
  if (query.format) return query.format === 'csv';
  return (accept ?? '').split(',')[0]?.trim().startsWith('text/csv') ?? false;
}
