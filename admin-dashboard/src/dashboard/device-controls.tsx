import { messages, type DeviceStatus } from '@kort/contracts';
import DoorFrontIcon from '@mui/icons-material/DoorFront';
import LightbulbIcon from '@mui/icons-material/Lightbulb';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { callApi, messageOf } from '../providers/http-client';
import type { LiveDevices } from '../lib/use-live-devices';

/** The spec's light and door calls, and what to say when an answer carries no `detail`. */
const CONTROLS = {
  lightOn: { path: '/api/turn_on_light/', done: messages.lightOn },
  lightOff: { path: '/api/turn_off_light/', done: messages.lightOff },
  doorOpen: { path: '/api/open_door/', done: messages.doorHeldOpen },
  doorClose: { path: '/api/close_door/', done: messages.doorClosed },
} as const;
type Control = keyof typeof CONTROLS;

export interface DeviceControlsProps {
  devices: LiveDevices | null;
  /** The state the API answered with (it confirmed the relay with the edge agent). */
  onStatus?: (status: DeviceStatus) => void;
  /** The states are not live (the agent or the socket away): they read as the last known ones. */
  lastKnown?: boolean;
}

/**
 * Big on/off and open/close buttons for the light and the door. Each press is one of the spec's
 * GETs; its answer (or its error, such as 503 when the court's equipment went offline meanwhile)
 * is shown as a notification. With the agent offline the buttons are off, and say why: a command
 * could not reach the relays.
 */
export function DeviceControls({ devices, onStatus, lastKnown = false }: DeviceControlsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [pending, setPending] = useState<Control | null>(null);
  const offline = devices?.online === false;

  const run = async (control: Control) => {
    setPending(control);
    try {
      const answer = await callApi<Partial<DeviceStatus> & { detail?: unknown }>(CONTROLS[control].path);
      if (typeof answer.light_on === 'boolean') onStatus?.(answer as DeviceStatus);
      notify(typeof answer.detail === 'string' ? answer.detail : CONTROLS[control].done, { type: 'success' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  const button = (control: Control, label: string, current: boolean | undefined) => (
    <Button
      key={control}
      size="large"
      fullWidth
      variant={current ? 'outlined' : 'contained'}
      disabled={pending !== null || offline}
      aria-describedby={offline ? 'device-buttons-off' : undefined}
      onClick={() => void run(control)}
      sx={{ minHeight: 56, fontSize: '1rem', textTransform: 'none' }}
    >
      {label}
    </Button>
  );

  const light = devices?.lightOn;
  const door = devices?.doorOpen;
  // Last known: named so, and not coloured as a live "on".
  const stateText = (key: string) =>
    lastKnown ? `${translate(key)} · ${translate('kort.devices.last_known')}` : translate(key);
  return (
    <>
      {offline && (
        <Typography id="device-buttons-off" variant="body2" sx={{ mb: 1, fontWeight: 600 }}>
          {translate('kort.devices.buttons_off')}
        </Typography>
      )}
      {/* Side by side where both cards fit with their buttons on one line, one above the other otherwise. */}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 400px), 1fr))' }}>
        <DeviceCard
          icon={<LightbulbIcon sx={{ color: light && !lastKnown ? '#f5b700' : 'text.disabled', fontSize: 40 }} />}
          title={translate('kort.devices.light')}
          state={
            devices
              ? stateText(light ? 'kort.devices.light_is_on' : 'kort.devices.light_is_off')
              : translate('kort.devices.unknown')
          }
          on={light && !lastKnown}
        >
          {button('lightOn', translate('kort.devices.turn_on'), light === true)}
          {button('lightOff', translate('kort.devices.turn_off'), light === false)}
        </DeviceCard>
        <DeviceCard
          icon={<DoorFrontIcon sx={{ color: door && !lastKnown ? 'primary.main' : 'text.disabled', fontSize: 40 }} />}
          title={translate('kort.devices.door')}
          state={
            devices
              ? stateText(door ? 'kort.devices.door_is_open' : 'kort.devices.door_is_closed')
              : translate('kort.devices.unknown')
          }
          on={door && !lastKnown}
          note={devices ? translate(sensorKey(devices.doorClosed)) : undefined}
        >
          {button('doorOpen', translate('kort.devices.open'), door === true)}
          {button('doorClose', translate('kort.devices.close'), door === false)}
        </DeviceCard>
      </Box>
    </>
  );
}

function sensorKey(closed: boolean | null): string {
  if (closed === null) return 'kort.devices.sensor_none';
  return closed ? 'kort.devices.sensor_closed' : 'kort.devices.sensor_open';
}

function DeviceCard(props: {
  icon: ReactNode;
  title: string;
  state: string;
  on: boolean | undefined;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" role="group" aria-label={props.title}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          {props.icon}
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h3">
              {props.title}
            </Typography>
            {props.note && (
              <Typography variant="body2" color="text.secondary">
                {props.note}
              </Typography>
            )}
          </Box>
          <Chip
            label={props.state}
            color={props.on ? 'success' : 'default'}
            variant={props.on ? 'filled' : 'outlined'}
            aria-live="polite"
            // A last known state is a longer label: it wraps on a phone rather than leaving the card.
            sx={{ height: 'auto', maxWidth: '50%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          {props.children}
        </Stack>
      </CardContent>
    </Card>
  );
}
