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

const shared = new Map<string, { socket: LiveSocket; users: number }>();

/**
 * The chosen site's /live socket, one per page however many parts listen (the device panel and
 * the alerts banner of the home page): each adds and removes its own listeners, and `release`s it
 * when done; the last release closes it. A part that comes after the connect has missed its
 * `device.state`: it reads `socket.connected`, and asks the API for what it needs.
 */
export function acquireLiveSocket(): { socket: LiveSocket; release: () => void } {
  const key = chosenSite()?.id ?? '';
  const entry = shared.get(key) ?? { socket: openLiveSocket(), users: 0 };
  shared.set(key, entry);
  entry.users += 1;
  let released = false;
  return {
    socket: entry.socket,
    release: () => {
      if (released) return;
      released = true;
      entry.users -= 1;
      if (entry.users > 0) return;
      shared.delete(key);
      entry.socket.disconnect();
    },
  };
}
