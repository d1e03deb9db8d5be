import { emptySteps, type StepParams } from './use-reserve-steps';

/** What the page knows so far to judge the address's steps; null: not known yet. */
export interface StepFacts {
  /** The club's today and the last day open for booking, 'YYYY-MM-DD'. */
  days: { today: string; last: string } | null;
  /** Whether an hour of the date can be booked (free on the dial). */
  hourFree: ((hour: number) => boolean) | null;
  /** Whether a court can be booked at the hour: 'unknown' while the courts or their status load. */
  court: (court: number) => 'ok' | 'unavailable' | 'unknown';
}

export interface SettledSteps {
  /** The steps the page shows: the address's, down to the first one that cannot be shown. */
  params: StepParams;
  /** A step the page cannot judge yet: it waits for it rather than falling back. */
  pending: boolean;
}

/**
 * The nearest step the page can show for what the address asks: a date gone by or beyond the
 * booking horizon is the calendar, an hour that is not free the dial (with that hour chosen, so a
 * taken one offers the line), a court that is taken or gone the court list.
 */
export function settleSteps(asked: StepParams, facts: StepFacts): SettledSteps {
  const { date, hour, court } = asked;
  if (date === null) return { params: emptySteps, pending: false };
  if (facts.days === null) return { params: asked, pending: true };
  if (date < facts.days.today || date > facts.days.last) return { params: emptySteps, pending: false };
  const onDate = { date, hour: null, court: null };
  if (hour === null) return { params: onDate, pending: false };
  if (facts.hourFree === null) return { params: asked, pending: true };
  if (!facts.hourFree(hour)) return { params: onDate, pending: false };
  const atHour = { date, hour, court: null };
  if (court === null) return { params: atHour, pending: false };
  const state = facts.court(court);
  if (state === 'unknown') return { params: asked, pending: true };
  return state === 'ok' ? { params: asked, pending: false } : { params: atHour, pending: false };
}
