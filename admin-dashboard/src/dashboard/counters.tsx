import type { DetailResponse } from '@kort/contracts';
import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { useApiCall } from '../lib/use-api-call';
import { ACTIVE_PLAYERS } from '../resources/users/filters';

const REFRESH_MS = 60_000;

/** One of the spec's counters: a big number and its caption; a link to the list it counts, if any. */
function Counter({ path, label, hint, to }: { path: string; label: string; hint?: string; to?: string }) {
  const { data, error } = useApiCall<DetailResponse<number>>(path, REFRESH_MS);
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h3" component="p" aria-live="polite">
        {data ? data.detail : '—'}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
      {error && (
        <Typography variant="caption" color="error" component="p">
          {error}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Card sx={{ flex: 1, minWidth: 140 }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

/**
 * The spec's home counters: players (count_users) and games today (count_games). "Игроков" opens
 * the players list with the filter that lists the same people (active players). A third counter:
 * the no-shows of this week's games (count_no_shows, the club's ISO week).
 */
export function Counters() {
  const translate = useTranslate();
  return (
    <>
      <Counter
        path="/api/count_users/"
        label={translate('kort.home.players')}
        hint={translate('kort.home.players_hint')}
        to={`/users?filter=${encodeURIComponent(JSON.stringify(ACTIVE_PLAYERS))}`}
      />
      <Counter path="/api/count_games/" label={translate('kort.home.games_today')} />
      <Counter
        path="/api/count_no_shows/"
        label={translate('kort.home.no_shows_week')}
        hint={translate('kort.home.no_shows_week_hint')}
      />
    </>
  );
}
