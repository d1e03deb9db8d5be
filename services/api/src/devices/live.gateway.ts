import { Logger, OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Request } from 'express';
import type { Subscription } from 'rxjs';
import type { Namespace, Socket } from 'socket.io';
import { LIVE_EVENTS, type ServerToLiveEvents } from '@kort/contracts';
import { SessionMiddleware } from '../auth/session.middleware';
import { MetricsService } from '../metrics/metrics.service';
import { UsersService } from '../users/users.service';
import { DEFAULT_SITE } from '../common/sites';
import { DevicesService } from './devices.service';
import { OutboxService } from './outbox.service';

type LiveNamespace = Namespace<object, ServerToLiveEvents>;
const SESSION_RECHECK_MS = 30_000;
const ADMINS = 'admins';

/**
 * The /live namespace: dashboards receive device state as it changes. Admin sessions only (the
 * same sessionid cookie as HTTP), and only from our own origin.
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
  ) {}

  afterInit(namespace: LiveNamespace): void {
    this.metrics.watchSockets('/live', () => namespace.sockets.size);
    namespace.server.engine.use((request: Request, response: never, next: (error?: unknown) => void) =>
      this.session.use(request, response, next),
    );
    namespace.use((socket, next) => {
      this.admit(socket).then(
        (admitted) => (admitted ? next() : next(new Error('forbidden'))),
        (error: unknown) => {
          // The client learns that it failed, not why (the log has the reason).
          this.logger.error({ error: String(error) }, 'dashboard handshake failed');
          next(new Error('unavailable'));
        },
      );
    });
    this.subscriptions = [
      this.devices.changes.subscribe((state) => namespace.to(ADMINS).emit(LIVE_EVENTS.deviceState, state)),
      this.outbox.doorEvents.subscribe((event) => namespace.to(ADMINS).emit(LIVE_EVENTS.doorEvent, event)),
    ];
    this.recheck = setInterval(() => void this.recheckSessions(), SESSION_RECHECK_MS).unref();
  }

  /** Before the socket.io servers and their Redis clients close: nothing is emitted after. */
  onModuleDestroy(): void {
    clearInterval(this.recheck);
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /**
   * A dashboard stays connected only while its session does: logged out, demoted or signed out
   * everywhere, and its socket is closed on the next check.
   */
  async recheckSessions(): Promise<number> {
    let closed = 0;
    for (const socket of this.server.sockets.values()) {
      const request = socket.request as Request;
      const stored = await new Promise<{ userId?: number; authEpoch?: number } | null | undefined>((resolve) =>
        request.sessionStore.get(request.sessionID, (_error, session) => resolve(session)),
      );
      const user = stored?.userId ? await this.users.findUsable(stored.userId) : null;
      if (user?.role !== 'admin' || user.authEpoch !== stored?.authEpoch) {
        socket.disconnect(true);
        closed += 1;
      }
    }
    if (closed) this.logger.log({ closed }, 'dashboard sockets closed: their sessions ended');
    return closed;
  }

  async handleConnection(socket: Socket): Promise<void> {
    try {
      await socket.join(ADMINS);
      socket.emit(LIVE_EVENTS.deviceState, await this.devices.state(DEFAULT_SITE));
    } catch (error) {
      // Nest does not catch what this handler throws: an unhandled rejection would end the process.
      this.logger.error({ error: String(error) }, 'dashboard connection failed');
      socket.disconnect(true);
    }
  }

  private async admit(socket: Socket): Promise<boolean> {
    const request = socket.request as Request;
    const origin = socket.handshake.headers.origin;
    // `Origin: null` (a sandboxed frame, a file: page) or any origin that is not a URL is foreign.
    if (origin && (!URL.canParse(origin) || new URL(origin).host !== socket.handshake.headers.host)) {
      this.logger.warn({ origin }, 'live socket refused: foreign origin');
      return false;
    }
    const { userId, authEpoch } = request.session ?? {};
    const user = userId ? await this.users.findUsable(userId) : null;
    return user?.role === 'admin' && user.authEpoch === authEpoch;
  }
}
