import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AgentSnapshot, EDGE_EVENTS } from '@kort/contracts';
import { Server, type Socket } from 'socket.io';

export const TOKEN = 'test-edge-token-0123456789';

/** A real socket.io server with the API's /edge namespace shape: token checked in a middleware. */
/** `clockOffsetMs`: how far the server's clock is ahead of this machine's (a Pi booted with a wrong clock). */
export async function startEdgeServer({ clockOffsetMs = 0 } = {}) {
  const http = createServer();
  const io = new Server(http);
  const edge = io.of('/edge');
  const handshakes: { site: unknown; token: unknown }[] = [];
  const snapshots: AgentSnapshot[] = [];
  const events: { event: string; payload: unknown }[] = [];
  const sockets: Socket[] = [];

  edge.use((socket, next) => {
    const auth = socket.handshake.auth as { site?: unknown; token?: unknown };
    handshakes.push({ site: auth.site, token: auth.token });
    next(auth.token === TOKEN ? undefined : new Error('unauthorized'));
  });
  edge.on('connection', (socket) => {
    sockets.push(socket);
    socket.on(EDGE_EVENTS.snapshot, (snapshot: AgentSnapshot) => void snapshots.push(snapshot));
    socket.on(EDGE_EVENTS.clock, (ack: (serverNow: number) => void) => ack(Date.now() + clockOffsetMs));
    for (const event of [EDGE_EVENTS.relayChanged, EDGE_EVENTS.inputChanged]) {
      socket.on(event, (payload: unknown) => void events.push({ event, payload }));
    }
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    handshakes,
    snapshots,
    events,
    /** The latest connected agent socket. */
    agent: () => {
      const socket = sockets.filter((candidate) => candidate.connected).at(-1);
      if (!socket) throw new Error('no agent connected');
      return socket;
    },
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}
