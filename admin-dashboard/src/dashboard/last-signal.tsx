import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatAgo, formatClubDateTime, serverNow, useServerNow } from '../lib/club-time';

/** How often the "… назад" is read again. */
export const LAST_SIGNAL_TICK_MS = 5_000;

/**
 * The agent's last signal as a time ago ('Последний сигнал: 8 секунд назад'), read again every few
 * seconds and at once when a new state arrives; its exact time on hover. The API refreshes it on
 * every heartbeat of the agent's connection (about every 10 s) and every report.
 */
export function LastSignal({ at, suffix }: { at: string | null; suffix?: string }) {
  const translate = useTranslate();
  // Re-rendered by the tick and by every new state; "now" is read at each render.
  useServerNow(LAST_SIGNAL_TICK_MS);
  const text = at
    ? translate('kort.devices.last_seen', { time: formatAgo(at, serverNow()) })
    : translate('kort.devices.never_seen');
  return (
    <Typography variant="body2" color="text.secondary" title={at ? formatClubDateTime(at, 'short') : undefined}>
      {text}
      {suffix}
    </Typography>
  );
}
