import { Alert, AlertTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatClubDateTime, sameClubDay, serverNow } from '../lib/club-time';

/**
 * The outage going on now, said once and plainly: since when the equipment is silent (its last
 * signal: the time alone on the same day), and that the states shown are the last known ones.
 */
export function OfflineNotice({ since }: { since: string | null }) {
  const translate = useTranslate();
  const sameDay = since !== null && sameClubDay(since, new Date(serverNow()));
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
      <AlertTitle component="p" sx={{ fontWeight: 600 }}>
        {since
          ? translate('kort.devices.offline_since', { time: formatClubDateTime(since, sameDay ? 'time' : 'datetime') })
          : translate('kort.devices.offline_never')}
      </AlertTitle>
      {translate('kort.devices.offline_hint')}
    </Alert>
  );
}
