import {
  type AgentEvent,
  type AgentSnapshot,
  type AgentToServerEvents,
  type CommandAck,
  EDGE_CLIENT_QUERY,
  EDGE_EVENTS,
  EDGE_REFUSALS,
  type ScheduleAck,
  type ServerToAgentEvents,
} from '@kort/contracts';
import { io, type Socket } from 'socket.io-client';
import { type EventBus } from '../event-bus';
import { type Logger } from '../logger';
import { type BackoffPolicy, DEFAULT_BACKOFF, fullJitterDelay } from './backoff';

export interface SocketClientOptions {
  apiUrl: string;
  siteId: string;
  token: string;
  bus: EventBus;
  logger: Logger;
  snapshot: () => AgentSnapshot;
  onCommand: (payload: unknown) => Promise<CommandAck>;
  onSchedule?: (payload: unknown) => Promise<ScheduleAck>;
  /** The version the API wants this agent to run (fleet.ts ReleaseTarget), on connect and on change. */
  onRelease?: (payload: unknown) => void;
  /** The API's clock minus ours, measured at each connect and heartbeat (the Pi may boot with a wrong clock). */
  onClockOffset?: (offsetMs: number) => void;
  /** This machine's clock, the offset's other half (Date.now but in tests). */
  machineNow?: () => number;
  /** The API was reached: connected, spoke, or answered (the link monitor's input). */
  onContact?: () => void;
  /** While connected, the clock is asked this often (each ask waits as long for its answer). */
  heartbeatMs?: number;
  /** The waits between tries to reach the API (full jitter, see backoff.ts). */
  backoff?: BackoffPolicy;
  /** The random source of the waits (tests pin it). */
  random?: () => number;
}

const FLUSH_GRACE_MS = 100;
const HEARTBEAT_MS = 3000;

/**
 * The link to the API's /edge namespace. Every way of losing it (the API unreachable, a refused
 * handshake, a dropped connection, the server closing it on purpose) is retried here, with one
 * full-jitter backoff: socket.io's own reconnection is off, as its curve (a 5 s cap and ±50 %
 * around the doubling) sends a fleet that lost its API back in waves. An agent at the court must
 * come back on its own, whatever happened; the count of tries starts over at each connect.
 */
export class SocketClient {
  private socket: Socket<ServerToAgentEvents, AgentToServerEvents> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Failed tries since the last connect: the backoff's attempt number. */
  private failures = 0;
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
      // Says it is an agent's: during a reconnect storm the API defers agents at the upgrade.
      query: EDGE_CLIENT_QUERY,
      transports: ['websocket'],
      // Our own backoff drives every retry (retryLater); a connection of its own, never one shared
      // with another client of the same URL in this process.
      reconnection: false,
      forceNew: true,
    });
    this.socket = socket;

    socket.on('connect', () => {
      this.failures = 0;
      if (this.retryTimer) clearTimeout(this.retryTimer);
      this.retryTimer = null;
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
      const delay = this.retryLater();
      if (socket.active) {
        // Network-level failure (the API or the proxy is away): the handshake never reached the API.
        // The transport's own words sit in the error's description ("Unexpected server response:
        // 400": during a reconnect storm the API defers agents at the upgrade, and its log says so).
        const detail = (error as Error & { description?: { message?: unknown } }).description?.message;
        logger.warn('cannot reach the API, retrying', {
          url,
          error: error.message,
          ...(typeof detail === 'string' && { detail }),
          retryInMs: delay,
        });
        return;
      }
      if (error.message === EDGE_REFUSALS.busy) {
        // Not a fault: after a restart a replica takes a fleet's agents a few dozen a second.
        logger.info('the API is taking other agents first; retrying', { url, retryInMs: delay });
        return;
      }
      const unauthorized = error.message === EDGE_REFUSALS.unauthorized;
      logger.error(
        unauthorized
          ? 'the API refused this agent: EDGE_AGENT_TOKEN or SITE_ID is wrong; retrying'
          : 'the API refused the connection; retrying',
        { url, site: siteId, error: error.message, retryInMs: delay },
      );
    });
    socket.on('disconnect', (reason) => {
      this.stopHeartbeat();
      if (this.answering) this.options.onContact?.(); // it worked until this moment
      this.answering = false;
      bus.emit('connectionChanged', { connected: false });
      if (reason === 'io client disconnect') return;
      // A lost link or the server closing us (a restart, a newer connection of this site): either way
      // the first try comes within one base window, later ones spread wider.
      logger.warn('disconnected from the API', { reason, retryInMs: this.retryLater() });
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

    socket.on(EDGE_EVENTS.release, (payload) => this.options.onRelease?.(payload));

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
    const machineNow = this.options.machineNow ?? Date.now;
    const sentAt = machineNow();
    socket
      .timeout(atConnect ? 5000 : (this.options.heartbeatMs ?? HEARTBEAT_MS))
      .emitWithAck(EDGE_EVENTS.clock)
      .then((serverNow: number) => {
        this.answering = true;
        this.options.onContact?.();
        const receivedAt = machineNow();
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

  /** Schedules the next try after the backoff's wait for this failure, and returns the wait. */
  private retryLater(): number {
    const delay = fullJitterDelay(this.failures++, this.options.backoff ?? DEFAULT_BACKOFF, this.options.random);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.socket?.connect();
    }, delay);
    return delay;
  }
}
