import { BeforeApplicationShutdown, Logger, OnModuleDestroy } from '@nestjs/common';
import {
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { setTimeout as sleep } from 'node:timers/promises';
import { Subject, type Subscription } from 'rxjs';
import type { Namespace, Socket } from 'socket.io';
import {
  DEFAULT_SITE_ID,
  EDGE_EVENTS,
  EDGE_REFUSALS,
  type EdgeCommand,
  inputChangedSchema,
  outboxBatchSchema,
  relayChangedSchema,
  snapshotSchema,
  type AgentToServerEvents,
  type OutboxAck,
  type ServerToAgentEvents,
} from '@kort/contracts';
import { AlertsService } from '../alerts/alerts.service';
import { Readiness } from '../lifecycle/readiness';
import { MetricsService } from '../metrics/metrics.service';
import { AgentPresence } from './agent-presence';
import { AgentTokens, DEFERRED } from './agent-tokens';
import { DevicesService } from './devices.service';
import { EdgeHandshakes } from './edge-handshakes';
import { OutboxService } from './outbox.service';
import { Slots } from './slots';

export type EdgeNamespace = Namespace<AgentToServerEvents, ServerToAgentEvents, object, { siteId: string }>;
export type AgentSocket = Socket<AgentToServerEvents, ServerToAgentEvents, object, { siteId: string }>;

export const siteRoom = (siteId: string): string => `site:${siteId}`;

/** Agents whose handshake and first reports this replica works on at once (the others wait). */
export const CONNECT_SLOTS = 4;

/**
 * How long a site marked online with its agent connected nowhere is given before the
 * reconciliation sets it offline: an agent that moves from a draining replica reconnects within it.
 */
export const RECONCILE_GRACE_MS = 10_000;

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
  /** Each site's agent when it is connected to this replica. */
  private readonly localAgents = new Map<string, AgentSocket>();
  private reconcileTimer?: NodeJS.Timeout;
  private firstReconcile?: NodeJS.Timeout;
  /** The database work of connecting agents (handshake, online mark, snapshot), a few at a time. */
  private readonly connecting = new Slots(CONNECT_SLOTS);
  private rekeys?: Subscription;
  /** A site's agent connected, joined its room and is marked online (the schedule follows). */
  readonly connected = new Subject<string>();

  @WebSocketServer()
  server!: EdgeNamespace;

  constructor(
    private readonly devices: DevicesService,
    private readonly presence: AgentPresence,
    private readonly tokens: AgentTokens,
    private readonly handshakes: EdgeHandshakes,
    private readonly outbox: OutboxService,
    private readonly metrics: MetricsService,
    private readonly readiness: Readiness,
    private readonly alerts: AlertsService,
  ) {}

  /**
   * The online flag follows connect and disconnect events; a replica killed with an agent attached
   * sends neither. Every replica therefore checks, at start and every 30 seconds, that each site
   * marked online still has a socket somewhere in the cluster, and sets offline those that still
   * have none after `graceMs`. Answers the sites it set offline.
   */
  async reconcileOnline({ graceMs = RECONCILE_GRACE_MS }: { graceMs?: number } = {}): Promise<string[]> {
    const online = await this.presence.onlineSites();
    if (online.length === 0) return [];
    const connected = await this.connectedSites();
    const missing = online.filter((site) => !connected.has(site.id));
    if (missing.length === 0 || this.leaving) return [];
    // An agent moving from a replica that drains is connected nowhere for a moment (its retry, the
    // admission): it is looked for once more after the grace, so the dashboards never show a club
    // offline while its agent only changes replica.
    await sleep(graceMs, undefined, { ref: false });
    if (this.leaving) return [];
    const still = await this.connectedSites();
    return this.presence.setOfflineMany(missing.filter((site) => !still.has(site.id)));
  }

  /**
   * The sites with an agent connected to any replica. One question to every replica for all its
   * agents, not one per site: a thousand sites would be a thousand round trips through Redis. An
   * agent that connects after the answer is safe: setOffline changes nothing once the site's
   * connection is a newer one.
   */
  private async connectedSites(): Promise<Set<string | undefined>> {
    return new Set((await this.server.fetchSockets()).map((socket) => socket.data.siteId));
  }

  onModuleDestroy(): void {
    clearTimeout(this.firstReconcile);
    clearInterval(this.reconcileTimer);
    this.rekeys?.unsubscribe();
  }

  afterInit(namespace: EdgeNamespace): void {
    this.metrics.watchSockets('/edge', () => namespace.sockets.size);
    const reconcile = () =>
      void this.reconcileOnline().catch((error: unknown) =>
        this.logger.warn({ error: String(error) }, 'online state not reconciled'),
      );
    this.firstReconcile = setTimeout(reconcile, 5_000).unref();
    this.reconcileTimer = setInterval(reconcile, 30_000).unref();
    // A replaced token: the agent connected with it goes now, not at its next reconnect.
    this.rekeys = this.tokens.rekeyed.subscribe((siteId) => this.disconnectSite(siteId));
    namespace.use((socket, next) => {
      const { site, token } = (socket.handshake.auth ?? {}) as { site?: unknown; token?: unknown };
      // An agent that names no site is a one-club install's (its token is EDGE_AGENT_TOKEN).
      this.connecting
        .run(() => this.handshakes.admit(socket.request, site ?? DEFAULT_SITE_ID, token))
        .then(
          (siteId) => {
            if (siteId === DEFERRED) return next(new Error(EDGE_REFUSALS.busy));
            if (!siteId) return next(new Error(EDGE_REFUSALS.unauthorized));
            socket.data.siteId = siteId;
            next();
          },
          (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
        );
    });
  }

  /**
   * A command to the site's agent, acknowledged: its answers ([] when no agent is connected
   * anywhere). The agent on this replica gets it directly; one on another replica through the
   * Redis adapter's broadcast. Rejects when no answer comes within `timeoutMs`.
   */
  async deliver(siteId: string, command: EdgeCommand, timeoutMs: number): Promise<unknown[]> {
    const local = this.localAgents.get(siteId);
    if (local?.connected) return [await local.timeout(timeoutMs).emitWithAck(EDGE_EVENTS.command, command)];
    return this.server.to(siteRoom(siteId)).timeout(timeoutMs).emitWithAck(EDGE_EVENTS.command, command);
  }

  /**
   * Closes the site's agent connection wherever it is (every replica, through the Redis adapter):
   * after a re-key, its old token must stop working at once, not at its next reconnect.
   */
  disconnectSite(siteId: string): void {
    this.server.in(siteRoom(siteId)).disconnectSockets(true);
  }

  async handleConnection(socket: AgentSocket): Promise<void> {
    const { siteId } = socket.data;
    // Listeners first, synchronously: the agent sends its snapshot the moment it is connected.
    socket.on(EDGE_EVENTS.clock, (ack) => {
      if (typeof ack === 'function') ack(Date.now());
    });
    socket.on(EDGE_EVENTS.snapshot, (payload) =>
      this.handle(socket, snapshotSchema, payload, (s) =>
        this.connecting.run(() => this.devices.applySnapshot(siteId, s)),
      ),
    );
    socket.on(EDGE_EVENTS.relayChanged, (payload) =>
      this.handle(socket, relayChangedSchema, payload, (c) => this.devices.applyRelay(siteId, c.device, c.on)),
    );
    socket.on(EDGE_EVENTS.inputChanged, (payload) =>
      this.handle(socket, inputChangedSchema, payload, (c) => this.devices.applyDoorSensor(siteId, c.closed)),
    );
    socket.on(EDGE_EVENTS.outbox, (payload, ack) => this.handleOutbox(socket, payload, ack));
    // Each answered ping (every 10 s) is a sign of life: the dashboards' "last signal" stays fresh.
    socket.conn.on('heartbeat', () => this.presence.heard(siteId, socket.id));
    try {
      // One agent per site: a newer connection (a restarted Pi, a reconnect landing on another
      // replica) replaces the old one, so a command never goes to a dead or a second agent. Join
      // first, so the old socket's disconnect still finds an agent online.
      // The close goes to every replica through Redis, without waiting for their answers (asking
      // them who is in the room first was a round trip to every replica on each connect).
      await socket.join(siteRoom(siteId));
      const previous = this.localAgents.get(siteId);
      if (previous?.connected && previous !== socket) {
        this.logger.warn({ site: siteId }, 'agent reconnected; the older connection is closed');
      }
      this.server.in(siteRoom(siteId)).except(socket.id).disconnectSockets(true);
      this.localAgents.set(siteId, socket);
      // In line with the agent's reports: the online mark and the snapshot each publish the whole
      // state, and run side by side the later one could carry the relays from before the other
      // committed (a restarted agent's light shown on, when it is off).
      await this.inOrder(socket, () => this.connecting.run(() => this.presence.setOnline(siteId, socket.id)));
      this.connected.next(siteId);
      // Back online: its `agent.offline` alert resolves now, not at the next periodic check.
      this.alerts.agentOnline(siteId);
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
    if (siteId && this.localAgents.get(siteId) === socket) this.localAgents.delete(siteId);
    if (!siteId || this.leaving) return;
    try {
      // Offline only if this socket is still the site's agent: a newer one (here or on another
      // replica) that connected before this disconnect was seen keeps the site online.
      await this.presence.setOffline(siteId, socket.id);
    } catch (error) {
      this.logger.warn({ site: siteId, error: String(error) }, 'agent disconnect not recorded');
    }
  }

  /**
   * A batch of the agent's outbox, applied in order with its other reports; the ack tells it which
   * events it may drop. A failure acks ok:false and the agent uploads the batch again.
   */
  private handleOutbox(socket: AgentSocket, payload: unknown, ack: unknown): void {
    const reply = (result: OutboxAck) => {
      if (typeof ack === 'function') (ack as (result: OutboxAck) => void)(result);
    };
    const parsed = outboxBatchSchema.safeParse(payload);
    if (!parsed.success) {
      this.logger.warn({ site: socket.data.siteId }, 'agent outbox does not match the contract; refused');
      reply({ ok: false, error: 'invalid' });
      return;
    }
    this.chain(socket, async () => {
      try {
        reply(await this.outbox.apply(socket.data.siteId, parsed.data.events));
      } catch (error) {
        this.logger.error({ site: socket.data.siteId, error: String(error) }, 'agent outbox not stored');
        reply({ ok: false, error: 'not stored' });
      }
    });
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
    this.chain(socket, () =>
      apply(parsed.data).catch((error: unknown) =>
        this.logger.error({ site: socket.data.siteId, error: String(error) }, 'agent report not stored'),
      ),
    );
  }

  /** Runs `work` after every earlier report of the socket (it must not reject). */
  private chain(socket: AgentSocket, work: () => Promise<void>): void {
    const next = (this.reports.get(socket) ?? Promise.resolve()).then(work);
    this.reports.set(socket, next);
  }

  /** Runs `work` in the socket's line of reports and answers how it went. */
  private inOrder(socket: AgentSocket, work: () => Promise<void>): Promise<void> {
    return new Promise((resolve, reject) => this.chain(socket, () => work().then(resolve, reject)));
  }
}
