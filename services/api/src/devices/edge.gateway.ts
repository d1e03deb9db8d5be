import { BeforeApplicationShutdown, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  EDGE_EVENTS,
  inputChangedSchema,
  relayChangedSchema,
  snapshotSchema,
  type AgentToServerEvents,
  type ServerToAgentEvents,
} from '@kort/contracts';
import { Readiness } from '../lifecycle/readiness';
import { MetricsService } from '../metrics/metrics.service';
import { DevicesService } from './devices.service';

export type EdgeNamespace = Namespace<AgentToServerEvents, ServerToAgentEvents, object, { siteId: string }>;
type AgentSocket = Socket<AgentToServerEvents, ServerToAgentEvents, object, { siteId: string }>;

export const siteRoom = (siteId: string): string => `site:${siteId}`;

/**
 * The /edge namespace: one connection per site's agent, authenticated by the site's token. Every
 * report is validated against the contract before it touches the state.
 */
@WebSocketGateway({ namespace: '/edge' })
export class EdgeGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, BeforeApplicationShutdown, OnModuleDestroy
{
  private readonly logger = new Logger('EdgeGateway');
  private stopping = false;
  /** Reports of one agent are applied one after another, in the order it sent them. */
  private readonly reports = new WeakMap<AgentSocket, Promise<void>>();
  private reconcileTimer?: NodeJS.Timeout;

  @WebSocketServer()
  server!: EdgeNamespace;

  constructor(
    private readonly devices: DevicesService,
    private readonly metrics: MetricsService,
    private readonly readiness: Readiness,
  ) {}

  /**
   * The online flag follows connect and disconnect events; a replica killed with an agent attached
   * sends neither. Every replica therefore checks, at start and every 30 seconds, that each site
   * marked online still has a socket somewhere in the cluster.
   */
  async reconcileOnline(): Promise<string[]> {
    const stale: string[] = [];
    for (const siteId of await this.devices.onlineSites()) {
      const sockets = await this.server.in(siteRoom(siteId)).fetchSockets();
      if (sockets.length === 0 && !this.leaving) {
        await this.devices.setOnline(siteId, false);
        stale.push(siteId);
      }
    }
    return stale;
  }

  onModuleDestroy(): void {
    clearInterval(this.reconcileTimer);
  }

  afterInit(namespace: EdgeNamespace): void {
    this.metrics.watchSockets('/edge', () => namespace.sockets.size);
    const reconcile = () =>
      void this.reconcileOnline().catch((error: unknown) =>
        this.logger.warn({ error: String(error) }, 'online state not reconciled'),
      );
    setTimeout(reconcile, 5_000).unref();
    this.reconcileTimer = setInterval(reconcile, 30_000).unref();
    namespace.use((socket, next) => {
      const { site, token } = (socket.handshake.auth ?? {}) as { site?: unknown; token?: unknown };
      this.devices.authenticate(site ?? 'default', token).then(
        (siteId) => {
          if (siteId) {
            socket.data.siteId = siteId;
            return next();
          }
          this.logger.warn({ site, address: socket.handshake.address }, 'agent refused: wrong site or token');
          next(new Error('unauthorized'));
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  async handleConnection(socket: AgentSocket): Promise<void> {
    const { siteId } = socket.data;
    // Listeners first, synchronously: the agent sends its snapshot the moment it is connected.
    socket.on(EDGE_EVENTS.clock, (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    socket.on(EDGE_EVENTS.snapshot, (payload) =>
      this.handle(socket, snapshotSchema, payload, (s) => this.devices.applySnapshot(siteId, s)),
    );
    socket.on(EDGE_EVENTS.relayChanged, (payload) =>
      this.handle(socket, relayChangedSchema, payload, (c) => this.devices.applyRelay(siteId, c.device, c.on)),
    );
    socket.on(EDGE_EVENTS.inputChanged, (payload) =>
      this.handle(socket, inputChangedSchema, payload, (c) => this.devices.applyDoorSensor(siteId, c.closed)),
    );
    try {
      // One agent per site: a newer connection (a restarted Pi, a reconnect landing on another
      // replica) replaces the old one, so a command never goes to a dead or a second agent. Join
      // first, so the old socket's disconnect still finds an agent online.
      await socket.join(siteRoom(siteId));
      const others = await this.server.in(siteRoom(siteId)).except(socket.id).fetchSockets();
      if (others.length) {
        this.logger.warn(
          { site: siteId, replaced: others.length },
          'agent reconnected; the older connection is closed',
        );
        this.server.in(siteRoom(siteId)).except(socket.id).disconnectSockets(true);
      }
      await this.devices.setOnline(siteId, true);
    } catch (error) {
      this.logger.error({ site: siteId, error: String(error) }, 'agent connection not recorded');
      socket.disconnect(true);
    }
  }

  /**
   * Agents move to another replica when this one stops (the drain disconnects them before Nest's
   * hooks run): their disconnects here mean nothing, and marking them offline could land after the
   * other replica marked them online.
   */
  beforeApplicationShutdown(): void {
    this.stopping = true;
  }

  private get leaving(): boolean {
    return this.stopping || this.readiness.draining;
  }

  async handleDisconnect(socket: AgentSocket): Promise<void> {
    const { siteId } = socket.data;
    if (!siteId || this.leaving) return;
    try {
      // Another agent process of the same site (on any replica) may still be connected.
      const remaining = await this.server.in(siteRoom(siteId)).fetchSockets();
      if (remaining.length === 0 && !this.leaving) await this.devices.setOnline(siteId, false);
    } catch (error) {
      this.logger.warn({ site: siteId, error: String(error) }, 'agent disconnect not recorded');
    }
  }

  private handle<T>(
    socket: AgentSocket,
    schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false } },
    payload: unknown,
    apply: (value: T) => Promise<void>,
  ): void {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn({ site: socket.data.siteId }, 'agent report does not match the contract; ignored');
      return;
    }
    const previous = this.reports.get(socket) ?? Promise.resolve();
    const next = previous
      .then(() => apply(parsed.data))
      .catch((error: unknown) =>
        this.logger.error({ site: socket.data.siteId, error: String(error) }, 'agent report not stored'),
      );
    this.reports.set(socket, next);
  }
}
