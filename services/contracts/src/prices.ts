import { z } from 'zod';
import { messages } from './messages';
// An amount's reading and writing: money.ts (schema-free, for the player app too).
import { kopecksOf, roublesOf } from './money';
import type { TextRule } from './visible-text';
import { visibleText } from './visible-text-schema';

/**
 * What a club charges for an hour on a court (docs/decisions/0078-prices.md): ordered rules, the
 * first that matches an hour, a court and a player sets the price, an hour no rule matches is free.
 * Money is kopecks (integers) inside Kort and a string of roubles with kopecks on the wire
 * ("1500.00"), never a float.
 */

export const PRICE_AUDIENCES = ['everyone', 'sport_school'] as const;
export type PriceAudience = (typeof PRICE_AUDIENCES)[number];

/** A rule as the matching needs it. Hours are the site's local ones, [from, to). */
export interface PriceRule {
  id: number;
  courtId: number | null;
  /** ISO weekdays, 1 (Monday) to 7. */
  weekdays: readonly number[];
  fromHour: number;
  toHour: number;
  audience: PriceAudience;
  kopecks: number;
  sortOrder: number;
}

/** An hour of a court as a player books it: its local weekday and hour, and whether they are a sport school. */
export interface PricedHour {
  courtId: number;
  weekday: number;
  hour: number;
  sportSchool: boolean;
}

/** The rules in the order they are tried: `sort_order`, then the older first. */
export function inPriceOrder<R extends Pick<PriceRule, 'id' | 'sortOrder'>>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

/**
 * The first rule (in price order) matching the hour: its court or every court, its weekday, the
 * hour within [from, to), and its audience (`everyone` is any player, `sport_school` only a sport
 * school's account). Null: the hour is free.
 */
export function priceRuleFor<R extends PriceRule>(rules: readonly R[], hour: PricedHour): R | null {
  return (
    inPriceOrder(rules).find(
      (rule) =>
        (rule.courtId === null || rule.courtId === hour.courtId) &&
        rule.weekdays.includes(hour.weekday) &&
        rule.fromHour <= hour.hour &&
        hour.hour < rule.toHour &&
        (rule.audience === 'everyone' || hour.sportSchool),
    ) ?? null
  );
}

// The dashboard's `prices` resource (docs/admin-api.md).

export const priceNameRule: TextRule = {
  kind: 'line',
  max: 60,
  required: messages.priceNameRequired,
  unsafe: messages.priceNameUnsafe,
  tooLong: messages.priceNameRequired,
};

const hourOf = (max: number) =>
  z
    .number({ error: messages.priceHours })
    .int({ error: messages.priceHours })
    .min(0, { error: messages.priceHours })
    .max(max, { error: messages.priceHours });

const amount = z
  .string({ error: messages.priceAmount })
  .refine((text) => kopecksOf(text) !== null, { error: messages.priceAmount })
  .transform((text) => roublesOf(kopecksOf(text)!));

const priceFields = {
  name: visibleText(priceNameRule),
  court_id: z
    .number({ error: messages.priceCourt })
    .int({ error: messages.priceCourt })
    .positive({ error: messages.priceCourt })
    .max(2_147_483_647, { error: messages.priceCourt })
    .nullable(),
  weekdays: z
    .array(
      z
        .number({ error: messages.priceWeekdays })
        .int({ error: messages.priceWeekdays })
        .min(1, { error: messages.priceWeekdays })
        .max(7, { error: messages.priceWeekdays }),
      { error: messages.priceWeekdays },
    )
    .min(1, { error: messages.priceWeekdays })
    .max(7, { error: messages.priceWeekdays })
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  from_hour: hourOf(23),
  to_hour: hourOf(24),
  audience: z.enum(PRICE_AUDIENCES, { error: messages.priceAudience }),
  amount,
  sort_order: z
    .number({ error: messages.priceSortOrder })
    .int({ error: messages.priceSortOrder })
    .min(0, { error: messages.priceSortOrder })
    .max(10_000, { error: messages.priceSortOrder }),
};

const hoursInOrder = (price: { from_hour?: number; to_hour?: number }) =>
  price.from_hour === undefined || price.to_hour === undefined || price.from_hour < price.to_hour;

export const adminPriceCreate = z
  .object({
    ...priceFields,
    court_id: priceFields.court_id.default(null),
    audience: priceFields.audience.default('everyone'),
    sort_order: priceFields.sort_order.default(0),
  })
  .refine(hoursInOrder, { error: messages.priceHoursOrder, path: ['to_hour'] });

/** Fields left out stay as they are; the hours are checked together with the stored ones. */
export const adminPriceUpdate = z.object(priceFields).partial();

export const adminPriceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  court_id: z.number().int().nullable(),
  weekdays: z.array(z.number().int()),
  from_hour: z.number().int(),
  to_hour: z.number().int(),
  audience: z.enum(PRICE_AUDIENCES),
  /** Roubles with kopecks: "1500.00". */
  amount: z.string(),
  sort_order: z.number().int(),
  created_at: z.string(),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;
export type AdminPriceCreate = z.output<typeof adminPriceCreate>;
export type AdminPriceUpdate = z.output<typeof adminPriceUpdate>;
