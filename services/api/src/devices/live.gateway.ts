import { Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session, SessionData, Store } from 'express-session';
import type { Subscription } from 'rxjs';
import type { Namespace, Socket } from 'socket.io';
import { isAdminRole, LIVE_EVENTS, type ServerToLiveEvents } from '@kort/contracts';
import { AlertsService } from '../alerts/alerts.service';
import { SessionMiddleware } from '../auth/session.middleware';
import { MetricsService } from '../metrics/metrics.service';
import { KortError } from '../common/kort-error';
import { SitesService } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { isAgentConnection } from './agent-admission';
import { DevicesService } from './devices.service';
import { OutboxService } from './outbox.service';

/** What a dashboard's socket watches: the one site chosen at connect. */
interface LiveData {
  siteId?: string;
}
type LiveNamespace = Namespace<object, ServerToLiveEvents, object, LiveData>;
type LiveSocket = Socket<object, ServerToLiveEvents, object, LiveData>;
const SESSION_RECHECK_MS = 30_000;

/** The room of a site's dashboards (the /live namespace's own rooms, not /edge's). */
export const liveRoom = (siteId: string): string => `site:${siteId}`;

/**
 * The /live namespace: dashboards receive device state as it changes. Admin sessions only (the
 * same sessionid cookie as HTTP), and only from our own origin. A dashboard watches one site: the
 * one it names at connect (`auth.site_id` or the `site_id` query, as on admin calls; absent, the
 * admin's first site), among those its admin runs; it is sent that site's events only. Another
 * site is a new connection.
 */
@WebSocketGateway({ namespace: '/live' })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger('LiveGateway');
  private recheck?: NodeJS.Timeout;
  private subscriptions: Subscription[] = [];

  @WebSocketServer()
  server!: LiveNamespace;

  constructor(
    private readonly devices: DevicesService,
    private readonly outbox: OutboxService,
    private readonly users: UsersService,
    private readonly session: SessionMiddleware,
    private readonly metrics: MetricsService,
    private readonly sites: SitesService,
    private readonly alerts: AlertsService,
  ) {}

  afterInit(namespace: LiveNamespace): void {
    this.metrics.watchSockets('/live', () => namespace.sockets.size);
    // One engine serves /edge too: an agent's upgrade carries no session, and skips reading one.
    namespace.server.engine.use(
      (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) =>
        isAgentConnection(request) ? next() : this.session.use(request, response, next),
    );
    namespace.use((socket, next) => {
      this.admit(socket).then(
        (siteId) => {
          if (!siteId) return next(new Error('forbidden'));
          socket.data.siteId = siteId;
          next();
        },
        (error: unknown) => {
          // The client learns that it failed, not why (the log has the reason).
          this.logger.error({ error: String(error) }, 'dashboard handshake failed');
          next(new Error('unavailable'));
        },
      );
    });
    this.subscriptions = [
      this.devices.changes.subscribe((state) =>
        namespace.to(liveRoom(state.site)).emit(LIVE_EVENTS.deviceState, state),
      ),
      this.outbox.doorEvents.subscribe((event) =>
        namespace.to(liveRoom(event.site)).emit(LIVE_EVENTS.doorEvent, event),
      ),
      // A new or changed alert, to the dashboards watching its site (every replica's, through Redis).
      this.alerts.changes.subscribe((alert) => namespace.to(liveRoom(alert.site_id)).emit(LIVE_EVENTS.alert, alert)),
    ];
    this.recheck = setInterval(() => void this.recheckSessions(), SESSION_RECHECK_MS).unref();
  }

  /** Before the socket.io servers and their Redis clients close: nothing is emitted after. */
  onModuleDestroy(): void {
    clearInterval(this.recheck);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /**
   * A dashboard stays connected only while its session does: logged out, demoted, signed out
   * everywhere or no longer running its site, and its socket is closed on the next check.
   */
  async recheckSessions(): Promise<number> {
    let closed = 0;
    for (const socket of this.server.sockets.values()) {
      const request = socket.request as HandshakeRequest;
      const stored = await new Promise<{ userId?: number; authEpoch?: number } | null | undefined>((resolve) =>
        request.sessionStore.get(request.sessionID, (_error, session) => resolve(session)),
      );
      const user = stored?.userId ? await this.users.findUsable(stored.userId) : null;
      const { siteId } = socket.data;
      if (
        !user ||
        !isAdminRole(user.role) ||
        user.authEpoch !== stored?.authEpoch ||
        !siteId ||
        !(await this.sites.runs(user, siteId))
      ) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    if (closed) this.logger.log({ closed }, 'dashboard sockets closed: their sessions ended');
    return closed;
  }

  async handleConnection(socket: LiveSocket): Promise<void> {
    try {
      const { siteId } = socket.data;
      if (!siteId) throw new Error('dashboard admitted without a site');
      await socket.join(liveRoom(siteId));
      socket.emit(LIVE_EVENTS.deviceState, await this.devices.state({ id: siteId }));
    } catch (error) {
      // Nest does not catch what this handler throws: an unhandled rejection would end the process.
      this.logger.error({ error: String(error) }, 'dashboard connection failed');
      socket.disconnect(true);
    }
  }

  /** The site the dashboard may watch, or null (refused). */
  private async admit(socket: LiveSocket): Promise<string | null> {
    const request = socket.request as HandshakeRequest;
    const origin = socket.handshake.headers.origin;
    // `Origin: null` (a sandboxed frame, a file: page) or any origin that is not a URL is foreign.
    if (origin && (!URL.canParse(origin) || new URL(origin).host !== socket.handshake.headers.host)) {
      this.logger.warn({ origin }, 'live socket refused: foreign origin');
      return null;
    }
    const { userId, authEpoch } = request.session ?? {};
    const user = userId ? await this.users.findUsable(userId) : null;
    if (!user || !isAdminRole(user.role) || user.authEpoch !== authEpoch) return null;
    return this.chosenSite(socket, user);
  }

  /** The site named at connect when the admin runs it, else their first; null for another's site. */
  private async chosenSite(socket: LiveSocket, user: User): Promise<string | null> {
    const auth = (socket.handshake.auth ?? {}) as { site_id?: unknown };
    const requested = auth.site_id ?? socket.handshake.query.site_id;
    try {
      return (await this.sites.forAdmin(user, requested)).id;
    } catch (error) {
      if (!(error instanceof KortError)) throw error;
      this.logger.warn({ user: user.id, site: requested }, 'live socket refused: not a site of this admin');
      return null;
    }
  }
}

/** A dashboard's handshake request, with the session express-session attached to it. */
type HandshakeRequest = IncomingMessage & {
  session?: Session & Partial<SessionData>;
  sessionID: string;
  sessionStore: Store;
};
