import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Request } from 'express';
import type { Namespace, Socket } from 'socket.io';
import { LIVE_EVENTS, type ServerToLiveEvents } from '@kort/contracts';
import { SessionMiddleware } from '../common/session.middleware';
import { UsersService } from '../users/users.service';
import { DEFAULT_SITE, DevicesService } from './devices.service';

type LiveNamespace = Namespace<object, ServerToLiveEvents>;
const ADMINS = 'admins';

/**
 * The /live namespace: dashboards receive device state as it changes. Admin sessions only (the
 * same sessionid cookie as HTTP), and only from our own origin.
 */
@WebSocketGateway({ namespace: '/live' })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('LiveGateway');

  @WebSocketServer()
  server!: LiveNamespace;

  constructor(
    private readonly devices: DevicesService,
    private readonly users: UsersService,
    private readonly session: SessionMiddleware,
  ) {}

  afterInit(namespace: LiveNamespace): void {
    namespace.server.engine.use((request: Request, response: never, next: (error?: unknown) => void) =>
      this.session.use(request, response, next),
    );
    namespace.use((socket, next) => {
      this.admit(socket).then(
        (admitted) => (admitted ? next() : next(new Error('forbidden'))),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    this.devices.changes.subscribe((state) => namespace.to(ADMINS).emit(LIVE_EVENTS.deviceState, state));
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
    if (origin && new URL(origin).host !== socket.handshake.headers.host) {
      this.logger.warn({ origin }, 'live socket refused: foreign origin');
      return false;
    }
    const { userId, authEpoch } = request.session ?? {};
    const user = userId ? await this.users.findUsable(userId) : null;
    return user?.role === 'admin' && user.authEpoch === authEpoch;
  }
}
