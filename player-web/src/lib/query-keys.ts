import type { QueryClient } from '@tanstack/react-query';

/**
 * How long an answer fetched ahead for a screen (the one a visit opens on) stays fresh for it: the
 * screen mounting a moment later uses it instead of asking again.
 */
export const FIRST_ANSWER_MS = 15_000;

/**
 * The TanStack Query keys of every answer the app keeps, in one place: a feature's mutation can
 * refresh what another feature shows (a booking refreshes my games) without importing it. Keys
 * share a prefix where one change refreshes a whole family (every month's booked days).
 */
export const queryKeys = {
  /** The install's sites (GET /api/sites/): the one answer a change of site does not drop. */
  sites: ['sites'],
  siteClock: ['site-clock'],
  /** The club's opening hours, quotas and booking horizon (GET /api/booking_rules/). */
  clubRules: ['club-rules'],
  auth: {
    providers: ['auth', 'providers'],
    isAdmin: ['auth', 'is-admin'],
    /** The quiet admin check of a public page (a 401 is an answer there, not a way out). */
    signedInPlayer: ['auth', 'signed-in-player'],
    myName: ['auth', 'my-name'],
  },
  courtRules: ['court-rules'],
  account: {
    profile: ['account', 'profile'],
    /** Where the player hears from the club: channels and the choices per kind. */
    notifications: ['account', 'notifications'],
    /** Whether this very browser has a push subscription (its own answer, not the API's). */
    pushDevice: ['account', 'push-device'],
  },
  games: {
    myOrders: ['games', 'my-orders'],
    sportSchool: ['games', 'sport-school'],
    contacts: ['games', 'club-contacts'],
  },
  booking: {
    courts: ['booking', 'courts'],
    /** Every month's fully booked days; `bookedDays(year, month)` is one month's. */
    allBookedDays: ['booking', 'booked-days'],
    bookedDays: (year: number, month: number) => ['booking', 'booked-days', year, month],
    /** Every month's days the player's own quotas refuse; `bookingLimits(year, month)` is one month's. */
    allBookingLimits: ['booking', 'limits'],
    bookingLimits: (year: number, month: number) => ['booking', 'limits', year, month],
    allAvailableTimes: ['booking', 'available-times'],
    availableTimes: (date: string) => ['booking', 'available-times', date],
    allCourtsStatus: ['booking', 'courts-status'],
    courtsStatus: (date: string, hour: number) => ['booking', 'courts-status', date, hour],
  },
  /** The player's places in line for taken hours, and the offers held for them. */
  waitlist: ['waitlist'],
  storage: {
    /** Everything the storage screens show: one action refreshes it all. */
    all: ['storage'],
    open: ['storage', 'open'],
    shelves: ['storage', 'shelves'],
    currentShelf: ['storage', 'current-shelf'],
    equipment: ['storage', 'equipment'],
    gameToday: ['storage', 'game-today'],
  },
} as const;

/**
 * What a booking made or cancelled changes: my games, the day's hours, the month's full days, the
 * player's own limits and the hour's courts. The answers on screen are asked for again, the others
 * when next shown.
 */
export function refreshBookings(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      queryKeys.games.myOrders,
      queryKeys.booking.allAvailableTimes,
      queryKeys.booking.allBookedDays,
      queryKeys.booking.allBookingLimits,
      queryKeys.booking.allCourtsStatus,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
