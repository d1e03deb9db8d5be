import { useRecordContext } from 'react-admin';
import { Typography } from '@mui/material';
import { formatClubDateTime } from '../lib/club-time';

interface ClubDateFieldProps {
  source: string;
  label?: string;
  style?: 'datetime' | 'short' | 'time';
}

/** react-admin's DateField in the club's zone and in Russian, whatever the browser's settings. */
export function ClubDateField({ source, style = 'datetime' }: ClubDateFieldProps) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  return (
    <Typography component="span" variant="body2">
      {typeof value === 'string' && value ? formatClubDateTime(value, style) : '—'}
    </Typography>
  );
}
