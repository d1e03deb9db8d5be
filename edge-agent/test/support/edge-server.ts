import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type AgentEvent,
  type AgentSnapshot,
  EDGE_EVENTS,
  EDGE_REFUSALS,
  type OutboxAck,
  type ScheduleAck,
} from '@kort/contracts';
import { Server, type Socket } from 'socket.io';

export const TOKEN = 'test-edge-token-0123456789';

/**
 * How the club's uplink behaves: `up`; `silent` (a black hole: the socket stays connected but nothing
 * is answered, like a router that drops packets); `down` (connections closed and refused).
 */
export type Link = 'up' | 'silent' | 'down';

/** A real socket.io server with the API's /edge namespace shape: token checked in a middleware. */
/**
 * `clockOffsetMs`: how far the server's clock is ahead of this machine's (a Pi booted with a wrong clock);
 * `port`: a fixed one (an API that went away and comes back at the same address), else a free one.
 */
export async function startEdgeServer({
  clockOffsetMs = 0,
  port = 0,
  now = Date.now,
  routes,
}: {
  clockOffsetMs?: number;
  port?: number;
  /** Other HTTP routes of the API's address (the release download); true when the request was answered. */
  routes?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /** The server's own clock (a test moves it with the agent's). */
  now?: () => number;
} = {}) {
  const http = createServer((request, response) => {
    if (routes?.(request, response)) return;
    // socket.io answers its own path; anything else is not the API's.
    if (!request.url?.startsWith('/socket.io')) response.writeHead(404).end();
  });
  const io = new Server(http);
  const edge = io.of('/edge');
  const handshakes: { site: unknown; token: unknown }[] = [];
  const snapshots: AgentSnapshot[] = [];
  const events: { event: string; payload: unknown }[] = [];
  const sockets: Socket[] = [];
  /** Every outbox batch received, in order (also the ones answered with a failure). */
  const outboxBatches: AgentEvent[][] = [];
  /** What the API would have stored: the events of the acknowledged batches, in order. */
  const storedEvents: AgentEvent[] = [];
  const control = { link: 'up' as Link, outbox: 'ack' as 'ack' | 'fail', busyFor: 0 };

  edge.use((socket, next) => {
    const auth = socket.handshake.auth as { site?: unknown; token?: unknown };
    handshakes.push({ site: auth.site, token: auth.token });
    if (control.link === 'down') return next(new Error('unavailable'));
    if (auth.token !== TOKEN) return next(new Error(EDGE_REFUSALS.unauthorized));
    // The API past its connect rate: a good token, told to come back later.
    if (control.busyFor > 0) {
      control.busyFor -= 1;
      return next(new Error(EDGE_REFUSALS.busy));
    }
    next();
  });
  edge.on('connection', (socket) => {
    sockets.push(socket);
    socket.on(EDGE_EVENTS.snapshot, (snapshot: AgentSnapshot) => void snapshots.push(snapshot));
    socket.on(EDGE_EVENTS.clock, (ack: (serverNow: number) => void) => {
      if (control.link === 'up') ack(now() + clockOffsetMs);
    });
    socket.on(EDGE_EVENTS.outbox, ({ events: batch }: { events: AgentEvent[] }, ack: (result: OutboxAck) => void) => {
      if (control.link !== 'up') return;
      outboxBatches.push(batch);
      if (control.outbox === 'fail') return ack({ ok: false, error: 'database unavailable' });
      storedEvents.push(...batch);
      ack({ ok: true, seq: batch.at(-1)!.seq, applied: batch.length });
    });
    for (const event of [EDGE_EVENTS.relayChanged, EDGE_EVENTS.inputChanged]) {
      socket.on(event, (payload: unknown) => void events.push({ event, payload }));
    }
  });

  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const agent = () => {
    const socket = sockets.filter((candidate) => candidate.connected).at(-1);
    if (!socket) throw new Error('no agent connected');
    return socket;
  };
  return {
    url,
    port: (http.address() as AddressInfo).port,
    handshakes,
    snapshots,
    events,
    outboxBatches,
    storedEvents,
    /** The latest connected agent socket. */
    agent,
    setLink(link: Link) {
      control.link = link;
      if (link === 'down') edge.disconnectSockets(true);
    },
    /** The next `handshakes` with a good token are told `busy`, as a replica past its connect rate does. */
    busyFor(handshakes: number) {
      control.busyFor = handshakes;
    },
    /** `fail`: every batch is answered {ok: false}. */
    setOutboxAnswer(answer: 'ack' | 'fail') {
      control.outbox = answer;
    },
    pushSchedule: (signed: unknown) =>
      agent().timeout(5000).emitWithAck(EDGE_EVENTS.schedule, signed) as Promise<ScheduleAck>,
    close: () => new Promise<void>((resolve) => void io.close(() => resolve())),
  };
}

export type EdgeServer = Awaited<ReturnType<typeof startEdgeServer>>;
