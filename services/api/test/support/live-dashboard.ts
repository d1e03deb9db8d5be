import { io, type Socket } from 'socket.io-client';
import { LIVE_EVENTS, type DeviceState } from '@kort/contracts';
import { waitFor } from './wait';

/**
 * An admin's dashboard on /live, as the browser opens it (a websocket with the session's cookie):
 * every device state it is sent, newest last, once the first one (sent on connect) has come.
 */
export async function liveDashboard(
  base: string,
  sessionId: string | undefined,
): Promise<{ live: Socket; states: DeviceState[] }> {
  const live = io(`${base}/live`, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sessionid=${sessionId}` },
    reconnection: false,
    forceNew: true,
  });
  const states: DeviceState[] = [];
  live.on(LIVE_EVENTS.deviceState, (state: DeviceState) => states.push(state));
  await new Promise<void>(
    (resolve, reject) => (live.once('connect', () => resolve()), live.once('connect_error', reject)),
  );
  await waitFor(() => states.length > 0);
  return { live, states };
}
