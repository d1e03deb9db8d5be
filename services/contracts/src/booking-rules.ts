// The booking rules and calendar words as plain values, without zod: the player app's first screens
// import them, and a module with schemas would bring zod into the initial script (issue 19's budget,
// guarded by e2e/bundle-budget.test.mjs). The request schemas that apply them are in bookings.ts.

/** Booking rules of spec section 9 and ARCHITECTURE.md section 4. */
export const bookingRules = {
  firstHour: 6,
  lastHour: 23,
  gameMinutes: 60,
  playersCount: 2,
  perDay: 1,
  perWeek: 2,
  upcoming: 5,
  cancelBeforeMinutes: 60,
  reminderBeforeMinutes: 120,
  /** How far ahead a game may be booked, in days from today (docs/decisions.md). */
  horizonDays: 90,
} as const;

/** Month names in the genitive ("22 ноября 2026") and weekdays, Sunday first as the dial shows. */
export const monthsGenitive = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
] as const;
export const weekdaysSundayFirst = [
  'воскресенье',
  'понедельник',
  'вторник',
  'среда',
  'четверг',
  'пятница',
  'суббота',
] as const;

/** How long a freed court is held for the first in line. */
export const WAITLIST_HOLD_MINUTES = 15;
