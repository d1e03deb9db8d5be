import { Box, Stack } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ContactsPrompt } from './contacts-prompt';
import { Counters } from './counters';
import { CurrentPlayers, useCurrentPlayers } from './current-players';
import { LiveDevicePanel } from './live-device-panel';
import { QuickActions } from './quick-actions';

/**
 * The spec's admin home (`/` and `/admin`): player count, games today, no-shows this week, light and
 * door, the players on court now, a player search, booking for a walk-in, shelves, equipment and
 * logout; and, until they are real, the club's contacts asked for.
 */
export function HomePage() {
  const translate = useTranslate();
  const current = useCurrentPlayers();
  return (
    <Box sx={{ display: 'grid', gap: 2, py: 2, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' } }}>
      <Title title={translate('kort.menu.home')} />
      <Stack spacing={2}>
        <ContactsPrompt />
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Counters />
        </Stack>
        <LiveDevicePanel gameOn={Boolean(current.players?.length)} />
      </Stack>
      <Stack spacing={2}>
        <CurrentPlayers {...current} />
        <QuickActions />
      </Stack>
    </Box>
  );
}
