import { Box, Stack, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { AlertBanner } from './alert-banner';
import { ContactsPrompt } from './contacts-prompt';
import { Counters } from './counters';
import { CurrentPlayers, useCurrentPlayers } from './current-players';
import { LiveDevicePanel } from './live-device-panel';
import { QuickActions } from './quick-actions';

/**
 * Two columns on a wide screen; on a narrower one the columns dissolve into one list in the order
 * a desk works from a phone: what it does most, then the court's light and door, who is on court,
 * the counters, and the contacts still to be given.
 */
const column: SxProps<Theme> = { display: { xs: 'contents', lg: 'flex' }, flexDirection: 'column', gap: 2 };

/** One part of the page, at its place in the phone's order (an empty part takes no room). */
const Part = ({ order, children }: { order: number; children: ReactNode }) => (
  <Box sx={{ order: { xs: order, lg: 0 }, '&:empty': { display: 'none' } }}>{children}</Box>
);

/**
 * The spec's admin home (`/` and `/admin`): the site's alerts not resolved (a red banner), player count, games today, no-shows this week, light and
 * door, the players on court now, a player search, booking for a walk-in, shelves, equipment and
 * logout; and, until they are real, the club's contacts asked for.
 */
export function HomePage() {
  const translate = useTranslate();
  const current = useCurrentPlayers();
  return (
    <Box
      sx={{
        display: { xs: 'flex', lg: 'grid' },
        flexDirection: 'column',
        gridTemplateColumns: '2fr 1fr',
        alignItems: { lg: 'start' },
        gap: 2,
        py: 2,
      }}
    >
      <Title title={translate('kort.menu.home')} />
      {/* Alerts first, across both columns: what needs the desk now. */}
      <Box sx={{ gridColumn: '1 / -1', order: 0, '&:empty': { display: 'none' } }}>
        <AlertBanner />
      </Box>
      <Box sx={column}>
        <Part order={5}>
          <ContactsPrompt />
        </Part>
        <Part order={4}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Counters />
          </Stack>
        </Part>
        <Part order={2}>
          <LiveDevicePanel gameOn={Boolean(current.players?.length)} />
        </Part>
      </Box>
      <Box sx={column}>
        <Part order={3}>
          <CurrentPlayers {...current} />
        </Part>
        <Part order={1}>
          <QuickActions />
        </Part>
      </Box>
    </Box>
  );
}
