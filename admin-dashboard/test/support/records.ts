import type { BookingRecord, CourtRecord } from '../../src/resources/types';

/** A game as the bookings resource answers it. */
export const game = (id: number, change: Partial<BookingRecord>): BookingRecord => ({
  id,
  user_id: 7,
  user_name: 'Анна Петрова',
  user_email: 'anna@example.ru',
  court_id: 1,
  starts_at: '2026-11-22T15:00:00.000Z',
  ends_at: '2026-11-22T16:00:00.000Z',
  cancelled_at: null,
  started_at: null,
  ended_at: null,
  status: 'booked',
  no_show_at: null,
  waiting: 0,
  series_id: null,
  ...change,
});

/** A court as the courts resource answers it. */
export const court = (id: number, change: Partial<CourtRecord> = {}): CourtRecord => ({
  id,
  name: `Корт ${id}`,
  active: true,
  sort_order: id,
  created_at: '2026-11-01T09:00:00.000Z',
  ...change,
});

/** The courts list answer, with its Content-Range. */
export const courtsList = (courts: CourtRecord[]) => ({
  status: 200,
  body: courts,
  headers: { 'Content-Range': `courts 0-${Math.max(courts.length - 1, 0)}/${courts.length}` },
});
