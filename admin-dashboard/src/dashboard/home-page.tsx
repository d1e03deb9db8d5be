import GroupIcon from '@mui/icons-material/Group';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LogoutIcon from '@mui/icons-material/Logout';
import SportsTennisIcon from '@mui/icons-material/SportsTennis';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { Box, Button, Card, CardContent, CardHeader, Stack } from '@mui/material';
import { Link, Title, useLogout, useTranslate } from 'react-admin';
import { Counters } from './counters';
import { CurrentPlayers } from './current-players';
import { LiveDevicePanel } from './live-device-panel';

/**
 * The spec's admin home (`/` and `/admin`): player count, games today, no-shows this week, light and
 * door, the players on court now, and links to players, shelves, equipment and logout.
 */
export function HomePage() {
  const translate = useTranslate();
  const logout = useLogout();
  const links = [
    { to: '/users', label: translate('resources.users.name', { smart_count: 2 }), icon: <GroupIcon /> },
    { to: '/bookings', label: translate('resources.bookings.name', { smart_count: 2 }), icon: <SportsTennisIcon /> },
    { to: '/admin_boxes', label: translate('kort.menu.boxes'), icon: <ViewModuleIcon /> },
    { to: '/admin_equipment', label: translate('kort.menu.equipment'), icon: <InventoryIcon /> },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <Title title={translate('kort.menu.home')} />
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Counters />
        </Stack>
        <LiveDevicePanel />
      </Stack>
      <Stack spacing={2}>
        <CurrentPlayers />
        <Card>
          <CardHeader title={translate('kort.home.links')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
          <CardContent sx={{ pt: 0, display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
            {links.map((link) => (
              <Button key={link.to} component={Link} to={link.to} startIcon={link.icon} variant="outlined">
                {link.label}
              </Button>
            ))}
            <Button startIcon={<LogoutIcon />} color="inherit" variant="outlined" onClick={() => void logout()}>
              {translate('ra.auth.logout')}
            </Button>
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
