import { z } from 'zod';
import { adminBookingSchema } from './admin';
import { messages } from './messages';
import type { TextRule } from './visible-text';
import { visibleText } from './visible-text-schema';

/**
 * The club's shape as its admin sets it (docs/admin-api.md): the `courts`, `closures` and `series`
 * resources of the dashboard, their bodies and their previews. Instants are ISO strings; hours and
 * days are the club's local ones.
 */

const instant = z.string();
/** An instant sent by the dashboard: ISO with its offset (the server never guesses a zone). */
const sentInstant = (error: string) => z.string({ error }).pipe(z.iso.datetime({ offset: true, error }));
const localDate = (error: string) => z.iso.date({ error });

export const courtLimits = { nameMax: 40, sortOrderMax: 1000 } as const;

/** A court: `active: false` takes it out of booking; one with games in its history is never deleted. */
export const adminCourtSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  sort_order: z.number().int(),
  created_at: instant,
});
export type AdminCourt = z.infer<typeof adminCourtSchema>;

/** A court's name: players pick courts by it (visible-text.ts). */
export const courtNameRule: TextRule = {
  kind: 'line',
  max: courtLimits.nameMax,
  required: messages.courtNameRequired,
  unsafe: messages.courtNameUnsafe,
  tooLong: messages.courtNameRequired,
};
const courtName = visibleText(courtNameRule);
const sortOrder = z
  .number({ error: messages.courtSortOrder })
  .int({ error: messages.courtSortOrder })
  .min(0, { error: messages.courtSortOrder })
  .max(courtLimits.sortOrderMax, { error: messages.courtSortOrder });
const flag = z.boolean({ error: messages.adminFieldBoolean });

export const adminCourtCreate = z.object({
  name: courtName,
  active: flag.optional(),
  /** Where it stands in lists and on the dial's court step; last when left out. */
  sort_order: sortOrder.optional(),
});
/** react-admin sends the whole record: `id` and `created_at` are ignored. */
export const adminCourtUpdate = z.object({
  name: courtName.optional(),
  active: flag.optional(),
  sort_order: sortOrder.optional(),
});
export type AdminCourtCreate = z.input<typeof adminCourtCreate>;
export type AdminCourtUpdate = z.input<typeof adminCourtUpdate>;

export const closureLimits = { reasonMax: 200, maxDays: 366 } as const;

/** The court (or, `court_id` null, the whole club) closed from `starts_at` to `ends_at`, whole hours. */
export const adminClosureSchema = z.object({
  id: z.number().int(),
  court_id: z.number().int().nullable(),
  starts_at: instant,
  ends_at: instant,
  /** Shown to players: «Турнир», «Ремонт покрытия». */
  reason: z.string(),
  created_at: instant,
});
export type AdminClosure = z.infer<typeof adminClosureSchema>;

/** A closure's reason: players read it on the dial and in the letter (visible-text.ts). */
export const closureReasonRule: TextRule = {
  kind: 'line',
  max: closureLimits.reasonMax,
  required: messages.closureReasonRequired,
  unsafe: messages.closureReasonUnsafe,
  tooLong: messages.closureReasonRequired,
};
const reason = visibleText(closureReasonRule);
const courtOrClub = z
  .number({ error: messages.courtNotFound })
  .int({ error: messages.courtNotFound })
  .positive({ error: messages.courtNotFound })
  .max(2_147_483_647, { error: messages.courtNotFound })
  .nullable();

export const adminClosureCreate = z.object({
  court_id: courtOrClub.default(null),
  starts_at: sentInstant(messages.closureWholeHours),
  ends_at: sentInstant(messages.closureWholeHours),
  reason,
});
export type AdminClosureCreate = z.input<typeof adminClosureCreate>;

/** GET /api/admin/closures/preview?court_id=&starts_at=&ends_at= (court_id empty or absent: the club). */
export const closurePreviewQuery = z.object({
  court_id: z
    .union([z.literal('').transform(() => null), z.coerce.number({ error: messages.courtNotFound })])
    .pipe(courtOrClub)
    .default(null),
  starts_at: sentInstant(messages.closureWholeHours),
  ends_at: sentInstant(messages.closureWholeHours),
});
/** The games the closure would cancel (live, not over yet), soonest first: bookings records. */
export const closurePreviewSchema = z.array(adminBookingSchema);

export const seriesLimits = { maxDays: 366 } as const;

/** Why an occurrence of a term is not booked: a game on that court, a closure, its time passed. */
export const SERIES_CONFLICTS = ['game', 'closure', 'past', 'inactive'] as const;
export type SeriesConflict = (typeof SERIES_CONFLICTS)[number];

/** One occurrence of a term: when, and what stands in its way (null: it is booked). */
export const seriesOccurrenceSchema = z.object({
  starts_at: instant,
  conflict: z.enum(SERIES_CONFLICTS).nullable(),
  /** The closure's reason, or the Russian words for the other conflicts; null when free. */
  detail: z.string().nullable(),
});
export type SeriesOccurrence = z.infer<typeof seriesOccurrenceSchema>;

/**
 * A sport school's term: the school's game on `court_id` at `hour` on each of `weekdays` (ISO: 1
 * Monday … 7 Sunday) from `starts_on` to `ends_on` (club-local dates, at most a year). `booked`:
 * its games not cancelled; `skipped`: the occurrences it could not book when it was made (`skips`).
 */
export const adminSeriesSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  court_id: z.number().int(),
  weekdays: z.array(z.number().int()),
  hour: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  created_at: instant,
  booked: z.number().int(),
  skipped: z.number().int(),
  skips: z.array(seriesOccurrenceSchema),
});
export type AdminSeries = z.infer<typeof adminSeriesSchema>;

const weekdays = z
  .array(
    z
      .number({ error: messages.seriesWeekdays })
      .int({ error: messages.seriesWeekdays })
      .min(1, { error: messages.seriesWeekdays })
      .max(7, { error: messages.seriesWeekdays }),
    { error: messages.seriesWeekdays },
  )
  .min(1, { error: messages.seriesWeekdays })
  .max(7, { error: messages.seriesWeekdays })
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
const positiveId = (error: string) =>
  z.number({ error }).int({ error }).positive({ error }).max(2_147_483_647, { error });
const seriesHour = z
  .number({ error: messages.seriesHour })
  .int({ error: messages.seriesHour })
  .min(0, { error: messages.seriesHour })
  .max(23, { error: messages.seriesHour });

export const adminSeriesCreate = z.object({
  user_id: positiveId(messages.seriesNotSchool),
  court_id: positiveId(messages.courtNotFound),
  weekdays,
  hour: seriesHour,
  starts_on: localDate(messages.seriesDates),
  ends_on: localDate(messages.seriesDates),
});
export type AdminSeriesCreate = z.input<typeof adminSeriesCreate>;

/** GET /api/admin/series/preview?user_id&court_id&weekdays=1,3&hour&starts_on&ends_on */
export const seriesPreviewQuery = z.object({
  user_id: z.coerce.number({ error: messages.seriesNotSchool }).pipe(positiveId(messages.seriesNotSchool)),
  court_id: z.coerce.number({ error: messages.courtNotFound }).pipe(positiveId(messages.courtNotFound)),
  weekdays: z
    .string({ error: messages.seriesWeekdays })
    .regex(/^\d(,\d){0,6}$/, { error: messages.seriesWeekdays })
    .transform((text) => text.split(',').map(Number))
    .pipe(weekdays),
  hour: z.coerce.number({ error: messages.seriesHour }).pipe(seriesHour),
  starts_on: localDate(messages.seriesDates),
  ends_on: localDate(messages.seriesDates),
});
/** Every occurrence of the term, in order, each with what would stop it. */
export const seriesPreviewSchema = z.array(seriesOccurrenceSchema);
