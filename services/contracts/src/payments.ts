import { z } from 'zod';
import { messages } from './messages';
import { kopecksOf, roublesOf } from './money';

/**
 * Paying for a game (docs/decisions/0080-payments.md): a priced hour is held for the player until
 * `pay_until`, paid through YooKassa (a card or SBP, one stage: the money is taken when the player
 * pays), refunded by the club's rule, each payment and refund with its 54-FZ receipt. Amounts on the
 * wire are strings of roubles with kopecks ("1500.00"), kopecks (integers) inside Kort.
 */

export const PAYMENT_METHODS = ['bank_card', 'sbp'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Where a game's money is: `pending` (held, not paid yet), `paid`, `refunded` (all of it back),
 * `partially_refunded`.
 */
export const GAME_PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'partially_refunded'] as const;
export type GamePaymentStatus = (typeof GAME_PAYMENT_STATUSES)[number];

/**
 * A payment at YooKassa as Kort keeps it: `pending` until the player pays or gives up,
 * `succeeded` (the money taken) or `canceled` (never taken: refused, expired, or cancelled by Kort).
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A refund or a receipt at YooKassa: sent and not answered for good yet, done, or refused. */
export const FISCAL_STATUSES = ['pending', 'succeeded', 'canceled'] as const;
export type FiscalStatus = (typeof FISCAL_STATUSES)[number];

// ---- The club's settings (per site, with the others in the dashboard's settings) ----

export const PAYMENT_SETTING_DEFAULTS = {
  /** A player's cancellation at least this many hours ahead returns the whole amount. */
  refund_full_before_hours: 24,
  /** A later cancellation (the one-hour cancel limit still applies) returns this percent. */
  refund_late_percent: 0,
  /** How long a priced game is held for its payment. */
  payment_hold_minutes: 15,
  /** YooKassa's VAT code of the receipt's item (1: no VAT). */
  vat_code: 1,
} as const;
export type PaymentSettingKey = keyof typeof PAYMENT_SETTING_DEFAULTS;
export const PAYMENT_SETTINGS = Object.keys(PAYMENT_SETTING_DEFAULTS) as PaymentSettingKey[];

/** The whole numbers each payment setting accepts, inclusive (vat_code: YooKassa's codes 1-12). */
export const PAYMENT_SETTING_RANGES: Record<PaymentSettingKey, readonly [number, number]> = {
  refund_full_before_hours: [1, 720],
  refund_late_percent: [0, 100],
  payment_hold_minutes: [5, 60],
  vat_code: [1, 12],
};

/** Every payment setting's starting value, as the settings table keeps it (text). */
export const PAYMENT_SETTING_TEXTS: Record<PaymentSettingKey | 'receipts_enabled' | 'tax_system_code', string> = {
  ...(Object.fromEntries(
    Object.entries(PAYMENT_SETTING_DEFAULTS).map(([key, value]) => [key, String(value)]),
  ) as Record<PaymentSettingKey, string>),
  receipts_enabled: 'true',
  tax_system_code: '',
};

/** The shop's tax system (YooKassa's tax_system_code 1-6); empty: the shop's default. */
export const TAX_SYSTEM_CODES = ['', '1', '2', '3', '4', '5', '6'] as const;

/** A site's payment rules as the API applies them. */
export interface PaymentRules {
  refund_full_before_hours: number;
  refund_late_percent: number;
  payment_hold_minutes: number;
  vat_code: number;
  tax_system_code: number | null;
  /** 54-FZ receipts through YooKassa (off for a self-employed owner, who sends them through «Мой налог»). */
  receipts_enabled: boolean;
}

/**
 * What a player's cancellation at `now` returns of `paidKopecks` (minus what was refunded already):
 * the whole when at least refund_full_before_hours ahead, else refund_late_percent of it, rounded
 * down to the kopeck.
 */
export function refundDue(
  rules: Pick<PaymentRules, 'refund_full_before_hours' | 'refund_late_percent'>,
  left: number,
  startsAt: Date,
  now: Date,
): number {
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead >= rules.refund_full_before_hours * 3_600_000) return left;
  return Math.floor((left * rules.refund_late_percent) / 100);
}

// ---- The player's calls ----

/** One priced hour of GET /api/get-available-times/: the least a court costs then, for this player. */
export interface HourPrice {
  hour: number;
  amount: string;
}

/** One court's price at an hour (GET /api/get_courts_status/), present when the site has prices. */
export interface CourtPrice {
  id_cort: number;
  /** "0.00" when the hour is free on that court. */
  amount: string;
}

/** POST /api/order-court/{id}/ on a priced hour: the game is held until `pay_until`. */
export interface PaymentDue {
  booking_id: number;
  amount: string;
  currency: 'RUB';
  /** ISO instant with the site's offset. */
  pay_until: string;
}

/** A game's money in My games (present only for a priced game). */
export interface GamePayment {
  status: GamePaymentStatus;
  amount: string;
  /** While pending: when the hold ends. */
  pay_until?: string;
  /** What was paid and what came back. */
  paid: string;
  refunded: string;
  /** What the player's cancellation now would return (absent when nothing was paid or it is too late to cancel). */
  refund_if_cancelled?: string;
}

export const createPaymentBody = z.object({
  booking_id: z
    .number({ error: messages.paymentGame })
    .int({ error: messages.paymentGame })
    .positive({ error: messages.paymentGame })
    .max(2_147_483_647, { error: messages.paymentGame }),
  method: z.enum(PAYMENT_METHODS, { error: messages.paymentMethod }),
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

/** POST /api/payments/: where to send the player (YooKassa's page, or the bank's for SBP). */
export interface PaymentCreated {
  payment_id: number;
  confirmation_url: string;
  status: PaymentStatus;
}

// ---- The dashboard ----

/** One row of the `payments` resource (GET /api/admin/payments): a payment at YooKassa and its game. */
export const adminPaymentSchema = z.object({
  id: z.number().int(),
  site_id: z.string(),
  booking_id: z.number().int(),
  user_id: z.number().int(),
  player: z.string(),
  email: z.string(),
  court_id: z.number().int(),
  /** The game's start, ISO. */
  starts_at: z.string(),
  amount: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  refunded: z.string(),
  /** What an admin may still refund. */
  refundable: z.string(),
  /** YooKassa's payment id, once it answered. */
  provider_id: z.string().nullable(),
  /** The prepayment receipt (sent with the payment), the settlement receipt and each refund's ('off': receipts off). */
  receipts: z.array(
    z.object({
      kind: z.enum(['payment', 'settlement', 'refund']),
      status: z.enum([...FISCAL_STATUSES, 'off', 'not_yet']),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.string(),
      status: z.enum(FISCAL_STATUSES),
      cause: z.enum(['player_cancel', 'club_cancel', 'admin', 'double', 'late']),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

const refundAmount = z
  .string({ error: messages.refundAmount })
  .refine((text) => kopecksOf(text) !== null && kopecksOf(text)! > 0, { error: messages.refundAmount })
  .transform((text) => roublesOf(kopecksOf(text)!));

export const adminRefundBody = z.object({
  amount: refundAmount.optional(),
  reason: z
    .string({ error: messages.refundReason })
    .trim()
    .min(1, { error: messages.refundReason })
    .max(200, { error: messages.refundReason }),
});
export type AdminRefundBody = z.input<typeof adminRefundBody>;

/** GET /api/admin/stats/revenue?from&to: what came in and went back, by day and by court. */
export interface RevenueLine {
  paid: string;
  refunded: string;
  net: string;
}
export interface RevenueStats {
  from: string;
  to: string;
  total: RevenueLine;
  days: (RevenueLine & { date: string })[];
  courts: (RevenueLine & { id_cort: number; name: string })[];
}
