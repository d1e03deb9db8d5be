import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DeviceControls } from './device-controls';
import { useLiveDevices } from './use-live-devices';
import { formatClubDateTime } from '../lib/club-time';

/** The light, the door and the court's edge agent, live, with their controls. */
export function LiveDevicePanel() {
  const translate = useTranslate();
  const { devices, connected, applyStatus } = useLiveDevices();
  const lastSeen = devices?.lastSeenAt
    ? translate('kort.devices.last_seen', { time: formatClubDateTime(devices.lastSeenAt, 'short') })
    : translate('kort.devices.never_seen');

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
          {devices && (
            <Typography variant="body2" color="text.secondary">
              {lastSeen}
            </Typography>
          )}
        </Stack>
        <Box>
          <DeviceControls devices={devices} onStatus={applyStatus} />
        </Box>
      </CardContent>
    </Card>
  );
}
