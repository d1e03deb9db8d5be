import type { ServerToLiveEvents } from '@kort/contracts';
import { io, type Socket } from 'socket.io-client';
import { chosenSite } from '../providers/site-choice';

export type LiveSocket = Socket<ServerToLiveEvents>;

/**
 * The /live namespace of the API (same origin, the session cookie admits admins only), for the
 * chosen site (`auth.site_id`; none chosen: the admin's first). socket.io reconnects by itself; the
 * namespace sends the whole state again on every connect. Websocket only: behind the proxy's
 * round-robin, polling's requests would land on different replicas.
 */
export function openLiveSocket(): LiveSocket {
  const site = chosenSite();
  return io('/live', {
    withCredentials: true,
    transports: ['websocket'],
    ...(site ? { auth: { site_id: site.id } } : {}),
  });
}
