import {
  LIVE_EVENTS,
  type AgentDriver,
  type DeviceState,
  type DeviceStatus,
  type LiveDoorEvent,
  type RelayStates,
} from '@kort/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../providers/http-client';
import { useChosenSiteId } from '../providers/site-choice';
import { DOOR_EVENTS_KEPT, useStoredDoorEvents, withStored } from './door-events-api';
import { acquireLiveSocket } from './live-socket';

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
  /** The agent's last period without the API (ISO instants), once it has reported it. */
  lastOffline: { from: string; to: string } | null;
  /** How the agent drives its relays; 'simulated' moves nothing. Null until an agent reported it. */
  driver: AgentDriver | null;
  /** Every relay as the agent last reported it: the shelves' locks too ('shelf-3': true is open). */
  relays: RelayStates;
  /** The pushed state's version (DeviceState.version); null until one came, or from an older API. */
  version: number | null;
}

export function fromState(state: DeviceState): LiveDevices {
  return {
    lightOn: state.relays.light ?? false,
    doorOpen: state.relays.door ?? false,
    doorClosed: state.doorClosed,
    online: state.online,
    lastSeenAt: state.lastSeenAt,
    // An API older than the offline club does not send it.
    lastOffline: state.lastOffline ?? null,
    // An API older than the driver report does not send it.
    driver: state.driver ?? null,
    relays: state.relays,
    version: state.version ?? null,
  };
}

/**
 * The pushed state, unless the one shown is newer: states can arrive out of order (a heartbeat's
 * read published after a newer write, two replicas), and an older one would show, say, the light
 * on after it went off, until the next change.
 */
export function withState(previous: LiveDevices | null, state: DeviceState): LiveDevices {
  const shown = previous?.version;
  const older = typeof shown === 'number' && typeof state.version === 'number' && state.version < shown;
  return older && previous ? previous : fromState(state);
}

function withStatus(previous: LiveDevices | null, status: DeviceStatus): LiveDevices {
  return {
    lightOn: status.light_on,
    doorOpen: status.door_open,
    doorClosed: previous?.doorClosed ?? null,
    online: status.online,
    lastSeenAt: status.last_seen,
    lastOffline: previous?.lastOffline ?? null,
    driver: previous?.driver ?? null,
    relays: { ...previous?.relays, light: status.light_on, door: status.door_open },
    version: previous?.version ?? null,
  };
}

export interface LiveDevicesResult {
  devices: LiveDevices | null;
  /** The socket to the API is up (the state on screen is live). */
  connected: boolean;
  /** Takes the state a control call answered with, ahead of the socket's push. */
  applyStatus: (status: DeviceStatus) => void;
  /** The door's latest events: those pushed since the page opened on top of the stored ones (at most DOOR_EVENTS_KEPT). */
  doorEvents: LiveDoorEvent[];
}

/**
 * Live device state: GET /api/get_device_status/ for the first paint, then every `device.state`
 * the /live namespace pushes (on connect and on every change), with no reload; and the door's
 * events: the latest stored ones, then each `door.event` pushed as it is stored, on top, handed to
 * `onDoorEvent` once. All of it the chosen site's: switching site reconnects. A screen that shows no
 * door events (the shelves) passes `storedDoorEvents: false` and asks for none.
 */
export function useLiveDevices(
  onDoorEvent?: (event: LiveDoorEvent) => void,
  { storedDoorEvents = true }: { storedDoorEvents?: boolean } = {},
): LiveDevicesResult {
  const [devices, setDevices] = useState<LiveDevices | null>(null);
  const [connected, setConnected] = useState(false);
  const [liveDoorEvents, setDoorEvents] = useState<LiveDoorEvent[]>([]);
  const hear = useRef(onDoorEvent);
  hear.current = onDoorEvent;
  const applyStatus = useCallback((status: DeviceStatus) => setDevices((previous) => withStatus(previous, status)), []);
  // Another site chosen: its state from scratch, on a socket of its own.
  const site = useChosenSiteId();
  const stored = useStoredDoorEvents(site, storedDoorEvents);
  // A stored event pushed again (a reconnect) is neither listed twice nor announced as new.
  const storedIds = useRef(new Set<string>());
  storedIds.current = new Set(stored.data?.map((event) => event.id));

  useEffect(() => {
    let live = true;
    setDevices(null);
    setConnected(false);
    setDoorEvents([]);
    // The socket's state is the fuller one (it knows the door sensor): the status only fills a gap.
    callApi<DeviceStatus>('/api/get_device_status/').then(
      (status) => live && setDevices((previous) => previous ?? withStatus(null, status)),
      () => undefined,
    );
    // The page's one socket (the alerts banner shares it): this hook's own listeners only.
    const { socket, release } = acquireLiveSocket();
    const seen = new Set<string>();
    const onConnect = () => setConnected(true);
    const onDisconnect = () => setConnected(false);
    const onState = (state: DeviceState) => setDevices((previous) => withState(previous, state));
    const onDoorEvent = (event: LiveDoorEvent) => {
      if (seen.has(event.id) || storedIds.current.has(event.id)) return;
      seen.add(event.id);
      setDoorEvents((previous) => [event, ...previous].slice(0, DOOR_EVENTS_KEPT));
      hear.current?.(event);
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on(LIVE_EVENTS.deviceState, onState);
    socket.on(LIVE_EVENTS.doorEvent, onDoorEvent);
    if (socket.connected) setConnected(true);
    return () => {
      live = false;
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off(LIVE_EVENTS.deviceState, onState);
      socket.off(LIVE_EVENTS.doorEvent, onDoorEvent);
      release();
    };
  }, [site]);

  return { devices, connected, applyStatus, doorEvents: withStored(liveDoorEvents, stored.data) };
}
