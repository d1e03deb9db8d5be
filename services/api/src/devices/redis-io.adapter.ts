import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import type { AgentAdmission } from './agent-admission';

/**
 * socket.io across API replicas: rooms, broadcasts, fetchSockets and acknowledged emits go
 * through Redis, so a command accepted by one replica reaches an agent connected to another.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];
  private readonly servers: Server[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
    private readonly admission: Pick<AgentAdmission, 'allowRequest'>,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    // Short heartbeats: an agent that vanished is marked offline within ~15 seconds.
    const server = super.createIOServer(port, {
      ...options,
      pingInterval: 10_000,
      pingTimeout: 5_000,
      // One engine serves every namespace: during a reconnect storm agents' upgrades wait here.
      allowRequest: this.admission.allowRequest,
    } as ServerOptions);
    const pub = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${this.config.redisPrefix}socket.io`, requestsTimeout: 3000 }));
    this.servers.push(server);
    return server;
  }

  /**
   * Closes this replica's own sockets (never the other replicas': `local`), so agents and dashboards
   * reconnect, through the proxy, to a replica that stays.
   */
  disconnectLocalSockets(): number {
    let closed = 0;
    for (const server of this.servers) {
      for (const namespace of server._nsps.values()) {
        closed += namespace.sockets.size;
        namespace.local.disconnectSockets(true);
      }
    }
    return closed;
  }

  /** Called once after every gateway's server is closed (close() runs per gateway). */
  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())));
  }
}
