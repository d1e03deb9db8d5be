import type { DetailResponse } from '@kort/contracts';
import { Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiCall } from '../lib/use-api-call';

const REFRESH_MS = 60_000;

/** One of the spec's counters: a big number and its caption. */
function Counter({ path, label }: { path: string; label: string }) {
  const { data, error } = useApiCall<DetailResponse<number>>(path, REFRESH_MS);
  return (
    <Card sx={{ flex: 1, minWidth: 140 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h3" component="p" aria-live="polite">
          {data ? data.detail : '—'}
        </Typography>
        {error && (
          <Typography variant="caption" color="error">
            {error}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The spec's home counters: players (count_users) and games today (count_games). */
export function Counters() {
  const translate = useTranslate();
  return (
    <>
      <Counter path="/api/count_users/" label={translate('kort.home.players')} />
      <Counter path="/api/count_games/" label={translate('kort.home.games_today')} />
    </>
  );
}
