import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SettingRecord } from '../../lib/records';
import { taxName, vatName } from './payment-setting-inputs';

/** A number setting's unit: «24 ч», «15 мин», «0 %». */
const units: Partial<Record<SettingRecord['id'], string>> = {
  booking_horizon_days: 'kort.settings.days',
  refund_full_before_hours: 'kort.settings.hours',
  payment_hold_minutes: 'kort.settings.minutes',
  refund_late_percent: 'kort.settings.percent',
};

/**
 * A setting's value as a person reads it: the switches in words, hours as 6:00, numbers with their
 * unit, the VAT rate and tax system by name, texts cut short.
 */
export function SettingValue({ setting }: { setting: SettingRecord }) {
  const translate = useTranslate();
  if (setting.id === 'storage_enabled')
    return <>{translate(setting.value === 'true' ? 'kort.settings.storage_on' : 'kort.settings.storage_off')}</>;
  if (setting.id === 'opening_hour' || setting.id === 'closing_hour') return <>{`${setting.value}:00`}</>;
  if (setting.id === 'receipts_enabled')
    return <>{translate(setting.value === 'true' ? 'kort.settings.receipts_on' : 'kort.settings.receipts_off')}</>;
  if (setting.id === 'vat_code') return <>{vatName(setting.value, translate)}</>;
  if (setting.id === 'tax_system_code') return <>{taxName(setting.value, translate)}</>;
  const unit = units[setting.id];
  if (unit) return <>{translate(unit, { smart_count: Number(setting.value) })}</>;
  return (
    <Typography
      variant="body2"
      sx={{
        whiteSpace: 'pre-line',
        display: '-webkit-box',
        WebkitLineClamp: 3,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }}
    >
      {setting.value}
    </Typography>
  );
}
