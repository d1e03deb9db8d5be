import {
  type AgentSnapshot,
  type AgentToServerEvents,
  type CommandAck,
  EDGE_EVENTS,
  type ServerToAgentEvents,
} from '@kort/contracts';
import { io, type Socket } from 'socket.io-client';
import { type EventBus } from '../event-bus';
import { type Logger } from '../logger';

export interface SocketClientOptions {
  apiUrl: string;
  siteId: string;
  token: string;
  bus: EventBus;
  logger: Logger;
  snapshot: () => AgentSnapshot;
  onCommand: (payload: unknown) => Promise<CommandAck>;
  /** The API's clock minus ours, measured at each connect (the Pi may boot with a wrong clock). */
  onClockOffset?: (offsetMs: number) => void;
}

const BACKOFF = { min: 1000, max: 30_000, jitter: 0.5 };
const FLUSH_GRACE_MS = 100;

/** Same curve as socket.io's own reconnection, for the cases it leaves to us. */
export function backoffDelay(attempt: number, random = Math.random): number {
  const base = Math.min(BACKOFF.max, BACKOFF.min * 2 ** attempt);
  return Math.round(base * (1 - BACKOFF.jitter + 2 * BACKOFF.jitter * random()));
}

/**
 * The link to the API's /edge namespace. socket.io retries lost connections by itself; a refused
 * handshake (wrong token) and a server-side disconnect it does not, so those are retried here with
 * the same backoff: an agent at the court must come back on its own, whatever happened.
 */
export class SocketClient {
  private socket: Socket<ServerToAgentEvents, AgentToServerEvents> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private refusals = 0;
  private unsubscribe: (() => void)[] = [];

  constructor(private readonly options: SocketClientOptions) {}

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  start(): void {
    const { apiUrl, siteId, token, logger, bus } = this.options;
    const url = `${apiUrl.replace(/\/+$/, '')}/edge`;
    const socket: Socket<ServerToAgentEvents, AgentToServerEvents> = io(url, {
      auth: { site: siteId, token },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: BACKOFF.min,
      reconnectionDelayMax: BACKOFF.max,
      randomizationFactor: BACKOFF.jitter,
    });
    this.socket = socket;

    socket.on('connect', () => {
      this.refusals = 0;
      logger.info('connected to the API', { url, site: siteId });
      socket.emit(EDGE_EVENTS.snapshot, this.options.snapshot());
      bus.emit('connectionChanged', { connected: true });
      const sentAt = Date.now();
      socket
        .timeout(5000)
        .emitWithAck(EDGE_EVENTS.clock)
        .then((serverNow: number) => {
          const receivedAt = Date.now();
          const offset = Math.round(serverNow + (receivedAt - sentAt) / 2 - receivedAt);
          if (Math.abs(offset) > 2000)
            logger.warn('this clock differs from the API; deadlines follow the API', { offsetMs: offset });
          this.options.onClockOffset?.(offset);
        })
        .catch((error: unknown) => logger.warn('could not read the API clock', { error: String(error) }));
    });
    socket.on('connect_error', (error) => {
      if (socket.active) {
        // Network-level failure: socket.io is already retrying with backoff.
        logger.warn('cannot reach the API, retrying', { url, error: error.message });
        return;
      }
      const delay = backoffDelay(this.refusals++);
      const unauthorized = error.message === 'unauthorized';
      logger.error(
        unauthorized
          ? 'the API refused this agent: EDGE_AGENT_TOKEN or SITE_ID is wrong; retrying'
          : 'the API refused the connection; retrying',
        { url, site: siteId, error: error.message, retryInMs: delay },
      );
      this.retry(delay);
    });
    socket.on('disconnect', (reason) => {
      bus.emit('connectionChanged', { connected: false });
      if (reason === 'io client disconnect') return;
      logger.warn('disconnected from the API', { reason });
      // The server closed us on purpose (a restart or a kick); socket.io waits for a manual connect.
      if (reason === 'io server disconnect') this.retry(backoffDelay(this.refusals++));
    });
    socket.on(EDGE_EVENTS.command, (payload, ack) => {
      this.options.onCommand(payload).then(
        (result) => (typeof ack === 'function' ? ack(result) : undefined),
        (error: unknown) => logger.error('command handling crashed', { error }),
      );
    });

    this.unsubscribe = [
      bus.on('relayChanged', (change) => {
        // Changes while offline are not queued: the snapshot on reconnect carries the truth.
        if (socket.connected) socket.emit(EDGE_EVENTS.relayChanged, change);
      }),
      bus.on('doorSensorChanged', ({ closed, at }) => {
        if (socket.connected) socket.emit(EDGE_EVENTS.inputChanged, { input: 'door-sensor', closed, at });
      }),
    ];
  }

  async stop(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    const socket = this.socket;
    this.socket = null;
    if (socket?.connected) {
      // The server drops events it handles after it saw our disconnect (socket.io dispatches them
      // on the next tick): give the last relay.changed (the relays going off) time to land first.
      await new Promise((resolve) => setTimeout(resolve, FLUSH_GRACE_MS));
    }
    socket?.disconnect();
  }

  private retry(delay: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket?.connect();
    }, delay);
  }
}
