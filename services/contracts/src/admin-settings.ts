import { z } from 'zod';
import { CLUB_SETTING_RANGES, type ClubSettingKey } from './booking-rules';
import { messages } from './messages';
import { PAYMENT_SETTING_RANGES, TAX_SYSTEM_CODES, type PaymentSettingKey } from './payments';
import type { TextRule } from './visible-text';
import { visibleText } from './visible-text-schema';

/**
 * The dashboard's `settings` resource (docs/admin-api.md): a site's settings, each a text value,
 * and the rule each value must pass.
 */

const instant = z.string();

export const ADMIN_SETTINGS = [
  'storage_enabled',
  'court_rules',
  'club_contacts',
  /** What the equipment compartments 10 and 11 hold, as players see it. */
  'equipment_10_name',
  'equipment_11_name',
  /** The club's hours and quotas (CLUB_SETTING_DEFAULTS): whole numbers, as text like every setting. */
  'opening_hour',
  'closing_hour',
  'quota_per_day',
  'quota_per_week',
  'quota_upcoming',
  'booking_horizon_days',
  /** Paying for games (PAYMENT_SETTING_DEFAULTS): the refund rule, the hold, the receipts. */
  'refund_full_before_hours',
  'refund_late_percent',
  'payment_hold_minutes',
  'receipts_enabled',
  'vat_code',
  'tax_system_code',
] as const;
export type AdminSettingKey = (typeof ADMIN_SETTINGS)[number];

export const adminSettingSchema = z.object({
  id: z.enum(ADMIN_SETTINGS),
  value: z.string(),
  updated_at: instant.nullable(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;

/** Limits of the settings an admin edits. */
export const settingLimits = { courtRulesMax: 20_000, clubContactsMax: 2_000, equipmentNameMax: 60 } as const;

/** A whole number within the club or payment setting's range, as text ('8'). */
function clubNumber(key: ClubSettingKey | PaymentSettingKey): z.ZodType<string> {
  const [min, max] =
    key in PAYMENT_SETTING_RANGES
      ? PAYMENT_SETTING_RANGES[key as PaymentSettingKey]
      : CLUB_SETTING_RANGES[key as ClubSettingKey];
  const error = `${messages.settingWholeNumber} от ${min} до ${max}`;
  return z
    .string({ error })
    .trim()
    .regex(/^\d{1,4}$/, { error })
    .refine((value) => Number(value) >= min && Number(value) <= max, { error })
    .transform((value) => String(Number(value)));
}

/**
 * The texts of the settings players read (visible-text.ts): the equipment's labels are lines, the
 * court rules and the contacts are the club's prose (line breaks kept; the contacts may be empty).
 */
export const settingTextRules = {
  equipmentName: {
    kind: 'line',
    max: settingLimits.equipmentNameMax,
    required: messages.settingEquipmentName,
    unsafe: messages.settingEquipmentNameUnsafe,
    tooLong: messages.settingEquipmentName,
  },
  courtRules: {
    kind: 'prose',
    max: settingLimits.courtRulesMax,
    required: messages.settingRulesEmpty,
    unsafe: messages.settingRulesUnsafe,
    tooLong: messages.settingRulesTooLong,
  },
  clubContacts: {
    kind: 'prose',
    max: settingLimits.clubContactsMax,
    optional: true,
    required: messages.settingContactsTooLong,
    unsafe: messages.settingContactsUnsafe,
    tooLong: messages.settingContactsTooLong,
  },
} as const satisfies Record<string, TextRule>;

/** The value a setting accepts; the API answers 400 with the message otherwise. */
export const settingValueSchemas: Record<AdminSettingKey, z.ZodType<string>> = {
  storage_enabled: z.enum(['true', 'false'], { error: messages.settingStorageValue }),
  court_rules: visibleText(settingTextRules.courtRules),
  club_contacts: visibleText(settingTextRules.clubContacts),
  equipment_10_name: visibleText(settingTextRules.equipmentName),
  equipment_11_name: visibleText(settingTextRules.equipmentName),
  opening_hour: clubNumber('opening_hour'),
  closing_hour: clubNumber('closing_hour'),
  quota_per_day: clubNumber('quota_per_day'),
  quota_per_week: clubNumber('quota_per_week'),
  quota_upcoming: clubNumber('quota_upcoming'),
  booking_horizon_days: clubNumber('booking_horizon_days'),
  refund_full_before_hours: clubNumber('refund_full_before_hours'),
  refund_late_percent: clubNumber('refund_late_percent'),
  payment_hold_minutes: clubNumber('payment_hold_minutes'),
  receipts_enabled: z.enum(['true', 'false'], { error: messages.settingReceiptsValue }),
  vat_code: clubNumber('vat_code'),
  tax_system_code: z.enum(TAX_SYSTEM_CODES, { error: messages.settingTaxSystem }),
};

export const adminSettingUpdate = z.object({ value: z.string({ error: messages.settingValueRequired }) });
export type AdminSettingUpdate = z.input<typeof adminSettingUpdate>;
