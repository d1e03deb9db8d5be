import { isoWeekday, shiftDay } from '../../lib/club-days';

// The period an admin looks at, in the club's calendar days (the API counts local days, both ends
// included, at most 366 of them).

export type PeriodKind = 'week' | 'four_weeks' | 'month' | 'custom';

export interface Period {
  from: string;
  to: string;
}

/** The longest period the API counts. */
export const MAX_DAYS = 366;

/** This week (Monday to today), the last 4 weeks (28 days to today), or the month 'YYYY-MM'. */
export function periodOf(kind: Exclude<PeriodKind, 'custom'>, today: string, month = today.slice(0, 7)): Period {
  if (kind === 'week') return { from: shiftDay(today, 1 - isoWeekday(today)), to: today };
  if (kind === 'four_weeks') return { from: shiftDay(today, -27), to: today };
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** Days in a period, both ends included. */
export function daysIn({ from, to }: Period): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Why a typed period cannot be asked for (a text key), or null when it can. */
export function periodProblem(period: Period): 'incomplete' | 'reversed' | 'too_long' | null {
  if (!dayPattern.test(period.from) || !dayPattern.test(period.to)) return 'incomplete';
  if (period.from > period.to) return 'reversed';
  return daysIn(period) > MAX_DAYS ? 'too_long' : null;
}
