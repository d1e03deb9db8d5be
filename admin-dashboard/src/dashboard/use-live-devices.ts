import { LIVE_EVENTS, type DeviceState, type DeviceStatus } from '@kort/contracts';
import { useCallback, useEffect, useState } from 'react';
import { callApi } from '../providers/http-client';
import { openLiveSocket } from './live-socket';

/** The light, the door and the edge agent as the home page shows them. */
export interface LiveDevices {
  lightOn: boolean;
  /** The door strike is released (held open by an admin or pulsed for a player). */
  doorOpen: boolean;
  /** The door sensor: true closed, false open, null without a sensor (or not known yet). */
  doorClosed: boolean | null;
  /** The court's edge agent is connected to the API. */
  online: boolean;
  lastSeenAt: string | null;
}

export function fromState(state: DeviceState): LiveDevices {
  return {
    lightOn: state.relays.light ?? false,
    doorOpen: state.relays.door ?? false,
    doorClosed: state.doorClosed,
    online: state.online,
    lastSeenAt: state.lastSeenAt,
  };
}

function withStatus(previous: LiveDevices | null, status: DeviceStatus): LiveDevices {
  return {
    lightOn: status.light_on,
    doorOpen: status.door_open,
    doorClosed: previous?.doorClosed ?? null,
    online: status.online,
    lastSeenAt: status.last_seen,
  };
}

export interface LiveDevicesResult {
  devices: LiveDevices | null;
  /** The socket to the API is up (the state on screen is live). */
  connected: boolean;
  /** Takes the state a control call answered with, ahead of the socket's push. */
  applyStatus: (status: DeviceStatus) => void;
}

/**
 * Live device state: GET /api/get_device_status/ for the first paint, then every `device.state`
 * the /live namespace pushes (on connect and on every change), with no reload.
 */
export function useLiveDevices(): LiveDevicesResult {
  const [devices, setDevices] = useState<LiveDevices | null>(null);
  const [connected, setConnected] = useState(false);
  const applyStatus = useCallback((status: DeviceStatus) => setDevices((previous) => withStatus(previous, status)), []);

  useEffect(() => {
    let live = true;
    // The socket's state is the fuller one (it knows the door sensor): the status only fills a gap.
    callApi<DeviceStatus>('/api/get_device_status/').then(
      (status) => live && setDevices((previous) => previous ?? withStatus(null, status)),
      () => undefined,
    );
    const socket = openLiveSocket();
    socket.on('connect', () => setConnected(true));
    socket.on('disconnect', () => setConnected(false));
    socket.on(LIVE_EVENTS.deviceState, (state) => setDevices(fromState(state)));
    return () => {
      live = false;
      socket.off();
      socket.disconnect();
    };
  }, []);

  return { devices, connected, applyStatus };
}
