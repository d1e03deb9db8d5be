import {
  type AgentEvent,
  type AgentSnapshot,
  type AgentToServerEvents,
  type CommandAck,
  EDGE_EVENTS,
  type ScheduleAck,
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
  onSchedule?: (payload: unknown) => Promise<ScheduleAck>;
  /** The API's clock minus ours, measured at each connect and heartbeat (the Pi may boot with a wrong clock). */
  onClockOffset?: (offsetMs: number) => void;
  /** The API was reached: connected, spoke, or answered (the link monitor's input). */
  onContact?: () => void;
  /** While connected, the clock is asked this often (each ask waits as long for its answer). */
  heartbeatMs?: number;
}

const BACKOFF = { min: 1000, max: 30_000, jitter: 0.5 };
const FLUSH_GRACE_MS = 100;
const HEARTBEAT_MS = 3000;

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
  private heartbeat: NodeJS.Timeout | null = null;
  /** The clock request in flight, if any (a new connection forgets the old one's). */
  private clockAsk: object | null = null;
  /**
   * Every ask so far was answered. The link then counts as working up to the next ask, so the link
   * monitor measures its offline period from the first ask that goes unanswered (or the disconnect),
   * not from the last answer up to 3 s earlier: offline means OFFLINE_AFTER_MS of real silence.
   */
  private answering = false;
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
      this.options.onContact?.();
      socket.emit(EDGE_EVENTS.snapshot, this.options.snapshot());
      bus.emit('connectionChanged', { connected: true });
      this.clockAsk = null;
      this.answering = true;
      this.askClock(true);
      this.stopHeartbeat();
      this.heartbeat = setInterval(() => this.askClock(false), this.options.heartbeatMs ?? HEARTBEAT_MS);
    });
    // Anything the API says proves the link works.
    socket.onAny(() => this.options.onContact?.());
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
      this.stopHeartbeat();
      if (this.answering) this.options.onContact?.(); // it worked until this moment
      this.answering = false;
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

    socket.on(EDGE_EVENTS.schedule, (payload, ack) => {
      const accept = this.options.onSchedule ?? (() => Promise.resolve<ScheduleAck>({ ok: false, error: 'invalid' }));
      accept(payload).then(
        (result) => (typeof ack === 'function' ? ack(result) : undefined),
        (error: unknown) => logger.error('schedule handling crashed', { error }),
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

  /** One outbox batch, acknowledged by the API; rejects when not connected or on timeout. */
  async sendOutbox(events: AgentEvent[], timeoutMs: number): Promise<unknown> {
    const socket = this.socket;
    if (!socket?.connected) throw new Error('not connected');
    const ack: unknown = await socket.timeout(timeoutMs).emitWithAck(EDGE_EVENTS.outbox, { events });
    this.options.onContact?.();
    return ack;
  }

  async stop(): Promise<void> {
    this.stopHeartbeat();
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

  /** The API's clock, also the heartbeat: an answer is contact, silence lets the link monitor expire. */
  private askClock(atConnect: boolean): void {
    const socket = this.socket;
    if (!socket?.connected || this.clockAsk) return;
    const ask = (this.clockAsk = {});
    if (this.answering) this.options.onContact?.();
    const { logger } = this.options;
    const sentAt = Date.now();
    socket
      .timeout(atConnect ? 5000 : (this.options.heartbeatMs ?? HEARTBEAT_MS))
      .emitWithAck(EDGE_EVENTS.clock)
      .then((serverNow: number) => {
        this.answering = true;
        this.options.onContact?.();
        const receivedAt = Date.now();
        const offset = Math.round(serverNow + (receivedAt - sentAt) / 2 - receivedAt);
        if (atConnect && Math.abs(offset) > 2000)
          logger.warn('this clock differs from the API; deadlines follow the API', { offsetMs: offset });
        this.options.onClockOffset?.(offset);
      })
      .catch((error: unknown) => {
        if (this.clockAsk === ask) this.answering = false;
        if (atConnect) logger.warn('could not read the API clock', { error: String(error) });
        else logger.debug('heartbeat unanswered', { error: String(error) });
      })
      .finally(() => {
        if (this.clockAsk === ask) this.clockAsk = null;
      });
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private retry(delay: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket?.connect();
    }, delay);
  }
}
