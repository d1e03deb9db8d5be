import type { BookingRecord, CourtRecord, PaymentRecord, RefundRecord, UserRecord } from '../../src/lib/records';

/** A game as the bookings resource answers it. */
export const game = (id: number, change: Partial<BookingRecord>): BookingRecord => ({
  id,
  user_id: 7,
  user_name: 'Анна Петрова',
  user_email: 'anna@example.ru',
  guest_name: null,
  guest_phone: null,
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
  held_until: null,
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

/** An active player as the users resource answers it. */
export const user = (id: number, change: Partial<UserRecord> = {}): UserRecord => ({
  id,
  email: `user${id}@example.ru`,
  name: 'Анна Петрова',
  phone_number: null,
  role: 'player',
  is_sport_school: false,
  confirmed_at: '2026-11-01T10:00:00.000Z',
  blocked: false,
  deleted_at: null,
  deletion_kind: null,
  purged: false,
  rules_accepted_at: '2026-11-01T10:00:00.000Z',
  created_at: '2026-11-01T09:00:00.000Z',
  status: 'active',
  ...change,
});

/** A card payment of 1 500 ₽ for a game on court 1 (Sunday 22 November 2026, 18:00 in Moscow), paid. */
export const payment = (id: number, change: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id,
  site_id: 'main',
  booking_id: 40 + id,
  user_id: 7,
  player: 'Анна Петрова',
  email: 'anna@example.ru',
  court_id: 1,
  starts_at: '2026-11-22T15:00:00.000Z',
  amount: '1500.00',
  method: 'bank_card',
  status: 'succeeded',
  refunded: '0.00',
  refundable: '1500.00',
  provider_id: `2f1e-${id}`,
  receipts: [{ kind: 'payment', status: 'succeeded' }],
  refunds: [],
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:01:00.000Z',
  ...change,
});

/** A refund of a payment, by an admin unless told otherwise. */
export const refund = (id: number, change: Partial<RefundRecord> = {}): RefundRecord => ({
  id,
  amount: '500.00',
  status: 'succeeded',
  cause: 'admin',
  reason: 'Дождь',
  created_at: '2026-11-21T09:00:00.000Z',
  ...change,
});

/** A list answer of a resource, with its Content-Range. */
export const listOf = (resource: string, records: unknown[]) => ({
  status: 200,
  body: records,
  headers: { 'Content-Range': `${resource} 0-${Math.max(records.length - 1, 0)}/${records.length}` },
});
