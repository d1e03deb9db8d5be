import type { ServerToLiveEvents } from '@kort/contracts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';

/** A dashboard's connection to /live, as the server holds it. */
export type LiveClient = Socket<Record<string, never>, ServerToLiveEvents>;

/** A real socket.io server on 127.0.0.1 (an ephemeral port) playing the API's /live namespace. */
export interface LiveServer {
  /** `http://127.0.0.1:<port>`: the page's origin once `pointPageAt` has run. */
  origin: string;
  /** Every client that joined /live, in order. */
  clients: LiveClient[];
  /** The last client that joined: after the page showed it is connected. */
  lastClient: () => LiveClient;
  close: () => Promise<void>;
}

/**
 * Starts the server. Unlike the API it sends nothing on its own (not even the state on connect):
 * each test pushes what it checks, through `lastClient()`. Both transports are allowed, so the
 * one a client picks is its own choice. As the API does, it refuses a foreign Origin.
 */
export async function startLiveServer(): Promise<LiveServer> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const clients: LiveClient[] = [];
  const live = io.of('/live');
  live.use((socket, next) => {
    const origin = socket.handshake.headers.origin;
    next(origin && new URL(origin).host !== socket.handshake.headers.host ? new Error('forbidden') : undefined);
  });
  live.on('connection', (socket: LiveClient) => clients.push(socket));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    clients,
    lastClient: () => {
      const client = clients.at(-1);
      if (!client) throw new Error('no client joined /live');
      return client;
    },
    close: () => io.close(),
  };
}

interface Jsdom {
  reconfigure: (settings: { url: string }) => void;
}
/** Vitest's jsdom environment exposes its JSDOM instance as the global `jsdom`. */
const page = () => (globalThis as unknown as { jsdom: Jsdom }).jsdom;

/**
 * Moves the page (jsdom's URL, so `location` and the cookies' origin) to `origin`, where the
 * dashboard is served at /admin/: socket.io's client resolves `io('/live')` against `location`,
 * as it does behind the API. Returns a function putting the page back where it was.
 */
export function pointPageAt(origin: string): () => void {
  const before = window.location.href;
  page().reconfigure({ url: `${origin}/admin/` });
  return () => page().reconfigure({ url: before });
}
