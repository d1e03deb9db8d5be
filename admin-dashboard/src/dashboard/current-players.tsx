import type { DetailResponse } from '@kort/contracts';
import {
  Alert,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { formatPhone } from '../lib/phone';
import { useApiCall } from '../lib/use-api-call';

/** An entry of GET /api/get_current_players/ (docs/admin-api.md). */
export interface CurrentPlayer {
  id: number;
  name: string;
  phone_number: string | null;
  email: string;
}

/** GET /api/get_current_players/, asked again every minute: the home page's card and its light warning read it. */
export function useCurrentPlayers() {
  const { data, error } = useApiCall<DetailResponse<CurrentPlayer[]>>('/api/get_current_players/', 60_000);
  return { players: data?.detail, error };
}

/** The players whose game is on now, each a link to their profile; 'Никто не играет' when none. */
export function CurrentPlayers({ players, error }: ReturnType<typeof useCurrentPlayers>) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader
        title={translate('kort.home.current_players')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error && !players && <Alert severity="warning">{error}</Alert>}
        {players?.length === 0 && (
          <Typography color="text.secondary">{translate('kort.home.nobody_playing')}</Typography>
        )}
        {players && players.length > 0 && (
          <List dense disablePadding>
            {/* Each link inside an item: a list holds items only (a screen reader counts them). */}
            {players.map((player) => (
              <ListItem key={player.id} disablePadding>
                <ListItemButton component={Link} to={`/users/${player.id}/show`}>
                  <ListItemText
                    primary={player.name}
                    secondary={[player.phone_number && formatPhone(player.phone_number), player.email]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
