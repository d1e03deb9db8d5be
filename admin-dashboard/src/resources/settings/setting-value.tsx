import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SettingRecord } from '../types';

/** A setting's value as a person reads it: the storage switch in words, hours as 6:00, texts cut short. */
export function SettingValue({ setting }: { setting: SettingRecord }) {
  const translate = useTranslate();
  if (setting.id === 'storage_enabled')
    return <>{translate(setting.value === 'true' ? 'kort.settings.storage_on' : 'kort.settings.storage_off')}</>;
  if (setting.id === 'opening_hour' || setting.id === 'closing_hour') return <>{`${setting.value}:00`}</>;
  if (setting.id === 'booking_horizon_days')
    return <>{translate('kort.settings.days', { smart_count: Number(setting.value) })}</>;
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
