import {
  CLUB_SETTING_DEFAULTS,
  CLUB_SETTING_RANGES,
  PAYMENT_SETTING_DEFAULTS,
  PAYMENT_SETTING_RANGES,
  type ClubSettingKey,
  type PaymentSettingKey,
} from '@kort/contracts';
import { Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { TextInput, useTranslate } from 'react-admin';

/** The club's hours and quotas, and the payment rules counted in whole numbers: sent as text like every setting. */
export type NumberSettingKey = ClubSettingKey | PaymentSettingKey;

const defaults: Record<NumberSettingKey, number> = { ...CLUB_SETTING_DEFAULTS, ...PAYMENT_SETTING_DEFAULTS };
const ranges: Record<NumberSettingKey, readonly [number, number]> = {
  ...CLUB_SETTING_RANGES,
  ...PAYMENT_SETTING_RANGES,
};

export const isClubSetting = (key: string): key is NumberSettingKey => key in defaults;
export const isPaymentSetting = (key: string) =>
  key in PAYMENT_SETTING_DEFAULTS || key === 'receipts_enabled' || key === 'tax_system_code';

/** A whole number within the setting's range, else «Целое число от 6 до 23». */
const wholeWithin = (min: number, max: number) => (value: unknown) => {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  const number = Number(text);
  return /^\d+$/.test(text) && number >= min && number <= max
    ? undefined
    : { message: 'kort.settings.whole_within', args: { min, max } };
};

/**
 * What a setting means, the value it starts from (its default, as the admin reads it) and when a
 * change takes effect, under its input.
 */
export function SettingHelp({ settingKey, fallback }: { settingKey: string; fallback?: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2">{translate(`kort.settings.about.${settingKey}`)}</Typography>
      {fallback !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('kort.settings.default', { value: fallback })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {translate(isPaymentSetting(settingKey) ? 'kort.settings.payment_changes_hint' : 'kort.settings.changes_hint')}
      </Typography>
    </>
  );
}

/**
 * A number input for one of the club's hours and quotas or payment rules, with what it means, the
 * range the API takes (CLUB_SETTING_RANGES, PAYMENT_SETTING_RANGES) and the value it starts from
 * (CLUB_SETTING_DEFAULTS, PAYMENT_SETTING_DEFAULTS). The API checks again and answers 400 with the
 * reason (e.g. an opening hour not before the closing one).
 */
export function ClubSettingInput({ settingKey, label }: { settingKey: NumberSettingKey; label: string }) {
  const translate = useTranslate();
  const [min, max] = ranges[settingKey];
  return (
    <Stack spacing={1} sx={{ maxWidth: 560 }}>
      <TextInput
        source="value"
        label={label}
        type="number"
        validate={wholeWithin(min, max)}
        helperText={translate('kort.settings.range', { min, max })}
        slotProps={{ htmlInput: { min, max, step: 1, inputMode: 'numeric' } }}
        sx={{ maxWidth: 240 }}
      />
      <SettingHelp settingKey={settingKey} fallback={defaults[settingKey]} />
    </Stack>
  );
}

/** The choices of a setting picked from a list: the VAT rate (1–12) and the tax system ('' and 1–6). */
export const vatChoices = Array.from(
  { length: PAYMENT_SETTING_RANGES.vat_code[1] - PAYMENT_SETTING_RANGES.vat_code[0] + 1 },
  (_, index) => String(PAYMENT_SETTING_RANGES.vat_code[0] + index),
);
