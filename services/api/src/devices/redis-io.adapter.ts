import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import type { AppConfig } from '../config/app-config';

/**
 * socket.io across API replicas: rooms, broadcasts, fetchSockets and acknowledged emits go
 * through Redis, so a command accepted by one replica reaches an agent connected to another.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly config: AppConfig,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    // Short heartbeats: an agent that vanished is marked offline within ~15 seconds.
    const server = super.createIOServer(port, {
      ...options,
      pingInterval: 10_000,
      pingTimeout: 5_000,
    } as ServerOptions);
    const pub = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${this.config.redisPrefix}socket.io`, requestsTimeout: 3000 }));
    return server;
  }

  /** Called once after every gateway's server is closed (close() runs per gateway). */
  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.clients.splice(0).map((client) => client.quit().catch(() => client.disconnect())));
  }
}
