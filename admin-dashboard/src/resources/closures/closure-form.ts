import { clubHourInstant } from '../../lib/club-days';
import type { ClosureBody } from './closure-preview';

/** The whole club in the court select (the API's court_id null). */
export const WHOLE_CLUB = 'club';

/** What the closure form holds: a court or the club, the first day and hour, the last day and hour. */
export interface ClosureFormValues {
  court_id?: number | typeof WHOLE_CLUB | null;
  date?: string | null;
  start_hour?: number | null;
  /** Empty: the same day as `date`. */
  end_date?: string | null;
  /** 24: the end of the day. */
  end_hour?: number | null;
  reason?: string | null;
}

/**
 * The API's body for the form's values, the hours as instants with the club's offset
 * ('2027-07-06T14:00:00+03:00'), or null while a field is missing or the end is not after the start.
 */
export function closureBody(values: ClosureFormValues, zone: string): ClosureBody | null {
  const { court_id: court, date, start_hour: from, end_hour: to } = values;
  if (court === undefined || court === null || !date || typeof from !== 'number' || typeof to !== 'number') return null;
  const lastDay = values.end_date || date;
  if (lastDay < date || (lastDay === date && to <= from)) return null;
  return {
    court_id: court === WHOLE_CLUB ? null : court,
    starts_at: clubHourInstant(date, from, zone),
    ends_at: clubHourInstant(lastDay, to, zone),
    reason: values.reason?.trim() ?? '',
  };
}
