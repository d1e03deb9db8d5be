import type { LiveDoorEvent } from '@kort/contracts';
import { Alert, Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DeviceControls } from './device-controls';
import { doorEventKey, DoorEvents, WARNING_KINDS } from './door-events';
import { useLiveDevices } from '../lib/use-live-devices';
import { formatClubPeriod } from '../lib/club-time';
import { LastSignal } from './last-signal';
import { OfflineNotice } from './offline-notice';

/**
 * The light, the door and the court's edge agent, live, with their controls; the door's latest
 * events, a warning for a door unlocked but not opened or held open, the outage going on now (the
 * states then read as last known, the buttons off) or else the last one, and a plain mark on an
 * agent that only simulates its relays.
 */
export function LiveDevicePanel({
  gameOn = false,
}: {
  /** A game is on now (the players on court). */ gameOn?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const warn = useCallback(
    (event: LiveDoorEvent) => {
      if (WARNING_KINDS.has(event.kind)) notify(doorEventKey(event), { type: 'warning' });
    },
    [notify],
  );
  const { devices, connected, applyStatus, doorEvents } = useLiveDevices(warn);
  const offline = devices?.online === false;

  return (
    <Card>
      <CardHeader
        title={translate('kort.devices.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <Chip
            size="small"
            label={translate(connected ? 'kort.devices.live' : 'kort.devices.live_lost')}
            color={connected ? 'success' : 'warning'}
            variant="outlined"
          />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
          aria-live="polite"
        >
          <Chip
            label={translate(
              devices
                ? devices.online
                  ? 'kort.devices.agent_online'
                  : 'kort.devices.agent_offline'
                : 'kort.devices.unknown',
            )}
            color={devices ? (devices.online ? 'success' : 'error') : 'default'}
          />
          {devices?.driver === 'simulated' && (
            <Chip label={translate('kort.devices.driver.simulated')} color="warning" />
          )}
          {devices && (
            <LastSignal
              at={devices.lastSeenAt}
              suffix={
                devices.driver && devices.driver !== 'simulated'
                  ? ` · ${translate(`kort.devices.driver.${devices.driver}`)}`
                  : undefined
              }
            />
          )}
        </Stack>
        {devices?.driver === 'simulated' && (
          <Typography variant="body2" sx={{ color: 'warning.main', mt: -1, mb: 2 }}>
            {translate('kort.devices.driver.simulated_hint')}
          </Typography>
        )}
        {offline && <OfflineNotice since={devices.lastSeenAt} />}
        {/* The court dark while a game is on (an agent that restarted mid-game comes back with every relay off). */}
        {gameOn && devices?.online && !devices.relays.light && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('kort.devices.light_off_in_game')}
          </Alert>
        )}
        {devices?.lastOffline && (
          <Typography variant="body2" sx={{ mt: -1, mb: 2 }}>
            {translate('kort.devices.last_offline', {
              period: formatClubPeriod(devices.lastOffline.from, devices.lastOffline.to),
            })}
          </Typography>
        )}
        <Box>
          <DeviceControls devices={devices} onStatus={applyStatus} lastKnown={offline || !connected} />
        </Box>
        <DoorEvents events={doorEvents} />
      </CardContent>
    </Card>
  );
}
