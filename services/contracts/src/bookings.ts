import { z } from 'zod';
import type { ZoneOffset } from './club-clock';
import { messages } from './messages';
import type { CourtPrice, GamePayment, HourPrice, PaymentDue } from './payments';

const isoDate = z
  .string({ error: messages.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.dateInvalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      value === new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10),
    {
      error: messages.dateInvalid,
    },
  );

const courtId = z.coerce.number({ error: messages.unknownCourt }).int({ error: messages.unknownCourt });

/** An instant with an explicit offset: the server never guesses a time zone. */
const instant = z
  .string({ error: messages.timeStartInvalid })
  .pipe(z.iso.datetime({ offset: true, error: messages.timeStartInvalid }));

export const bookedTimesQuery = z.object({
  month: z.coerce
    .number({ error: messages.monthInvalid })
    .int()
    .min(1, { error: messages.monthInvalid })
    .max(12, { error: messages.monthInvalid }),
  year: z.coerce
    .number({ error: messages.monthInvalid })
    .int()
    .min(2000, { error: messages.monthInvalid })
    .max(2100, { error: messages.monthInvalid }),
});
export const availableTimesQuery = z.object({ date: isoDate });
export const bookingLimitsQuery = bookedTimesQuery;
export const courtsStatusQuery = z.object({
  date: isoDate,
  hour: z.coerce
    .number({ error: messages.hourInvalid })
    .int({ error: messages.hourInvalid })
    .min(0, { error: messages.hourInvalid })
    .max(23, { error: messages.hourInvalid }),
});
export const orderCourtBody = z.object({
  id_cort: courtId,
  time_start: instant,
  players_count: z.number({ error: messages.playersCount }),
});
export const deleteOrderBody = z.object({
  id_cort: courtId,
  time_start: instant,
  players_count: z.number().optional(),
});

export type OrderCourtBody = z.input<typeof orderCourtBody>;
export type DeleteOrderBody = z.input<typeof deleteOrderBody>;

/** GET /api/site_time/: the club's time zone (IANA) and the server's clock as an ISO instant. */
export interface SiteClock {
  time_zone: string;
  now: string;
  /**
   * The zone's UTC offset from a day before `now` to `offsets_until` (two days past the longest booking
   * horizon), first entry first, one more at each change (daylight saving): the apps read the
   * club's clock from them without loading the browser's zone data (learnZoneOffsets).
   */
  offsets: ZoneOffset[];
  offsets_until: string;
}

/** GET /api/get_courts/ */
export interface Court {
  id_cort: number;
  name: string;
}

/** An hour or a court the club itself keeps closed, and why (players see the reason). */
export interface ClosedBecause {
  reason: string;
}

/**
 * GET /api/get-available-times/ (local hours of the site, 6 to 23). `reserved`: hours with no open
 * court free, taken by games or closed by the club. `closed` is present only when some hour of the
 * day is closed (outside the club's hours, or a closure of every court): those hours are in
 * `reserved` too, and no place in line can be taken for them.
 */
export interface AvailableTimes {
  reserved: number[];
  reserved_hours_by_current_user: number[];
  closed?: (ClosedBecause & { hour: number })[];
  /**
   * Present only when the site has prices: each priced hour of the day (site-local) with the least
   * a free court costs the caller then. An hour not listed is free.
   */
  prices?: HourPrice[];
}

/**
 * GET /api/get_courts_status/: `busy_courts` are the courts that cannot be booked at that hour (a
 * game, or a closure); `closed_courts`, present only when a closure holds one, says which and why.
 */
export interface CourtsStatus {
  busy_courts: number[];
  closed_courts?: (ClosedBecause & { id_cort: number })[];
  /** Present only when the site has prices: every court's price at that hour for the caller ("0.00": free). */
  prices?: CourtPrice[];
}

/**
 * 'no_show': released NO_SHOW_AFTER_MIN after its start, its door never opened. 'cancelled': the
 * club cancelled it (My games keeps it a week, greyed, with the reason).
 */
export const GAME_STATUSES = ['upcoming', 'playing', 'over', 'no_show', 'cancelled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Why the player cannot book on a day: a game that day already, or two games that ISO week. */
export type BookingDayLimit = 'day' | 'week';

/**
 * GET /api/booking_limits/?month&year: where the player's own quotas stop a booking, so the
 * calendar and the add button can say so before the last step. A sport school has none.
 */
export interface BookingLimits {
  /** Days of that month (1-31) the player cannot book, each with its reason. */
  days: { day: number; reason: BookingDayLimit }[];
  /** Five games ahead already: no booking at all until one is played or cancelled. */
  upcoming_full: boolean;
  /**
   * New bookings paused for no-shows (the club's rule: NO_SHOW_LIMIT in 30 days pause
   * NO_SHOW_PAUSE_DAYS) until this instant, ISO with the site's offset; null when not paused.
   */
  paused_until: string | null;
  /**
   * While paused: the no-shows behind the pause, oldest first ('28 ноября 2026', '18:00', court
   * number and name as My games writes them). Absent when not paused.
   */
  no_shows?: { date: string; time: string; court: number; court_name?: string }[];
}

/** One entry of GET /api/my-orders/. */
export interface MyOrder {
  id: number;
  /** '22 ноября 2026' */
  date: string;
  /** 'воскресенье' */
  day_of_week: string;
  /** 'HH:MM', site-local */
  time: string;
  /** The game is today (site-local): the game card's active flag. */
  today: boolean;
  /**
   * Where the game is: 'upcoming' (the door not opened yet), 'playing' (the door opened, the game
   * not ended and its hour not over) or 'over' (ended by the player, or its hour is past).
   */
  status: GameStatus;
  /** The court number. */
  name: number;
  /** The court's name, present only when the club named it otherwise than «Корт N» («Грунт»). */
  court_name?: string;
  id_cort: number;
  /** The start as an ISO instant with the site's offset: send it back to cancel. */
  time_start: string;
  /**
   * Today's games only: the game's offline PIN, for the keypad at the door when the club's link is
   * down (the app keeps it on the phone). Absent for other days.
   */
  offline_pin?: string;
  /** A sport school's game booked by its term: the term and how it reads («Расписание школы: пн, ср в 17:00»). */
  series?: { id: number; label: string };
  /**
   * The site (club) the game is at: my games lists the games of every site, each with its dates and
   * times in its own site's zone.
   */
  site_id: string;
  /** The site's name, as GET /api/sites/ lists it. */
  site_name: string;
  /** A priced game's money (absent for a free one). */
  payment?: GamePayment;
  /**
   * Present only when the club cancelled the game (status 'cancelled'): its reason («Ремонт
   * покрытия»; null when the admin gave none) and when, ISO with the site's offset.
   */
  cancelled?: { reason: string | null; at: string };
}

/** POST /api/order-court/{id_cort}/ success. */
export interface OrderCreated {
  detail: string;
  id: number;
  /** A priced hour: the game is held for the player until it is paid (POST /api/payments/). */
  payment?: PaymentDue;
}

/** POST /api/waitlist/: a place in line for an hour taken on every court. */
export const joinWaitlistBody = z.object({ time_start: instant });
export type JoinWaitlistBody = z.input<typeof joinWaitlistBody>;

/**
 * One of the player's places in line (GET /api/waitlist/). 'offered': a court was freed and is held
 * for the player until `hold_until` (confirm with POST /api/waitlist/:id/confirm/).
 */
export interface WaitlistPlace {
  id: number;
  /** The hour, ISO with the site's offset. */
  time_start: string;
  /** '12 марта 2027' and '12:00', as My games writes them. */
  date: string;
  time: string;
  state: 'waiting' | 'offered';
  /** 1 for the first in line (offered places: 0). */
  position: number;
  court: number | null;
  /** The held court's name («Корт 2», «Грунт»), with `court`. */
  court_name: string | null;
  hold_until: string | null;
}
