import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Whether this replica should get new work, and how much it is still doing. It stops being ready
 * when it starts shutting down: `/api/health/` answers 503, every answer says `Connection: close`
 * so no client keeps a connection to it, and the shutdown waits for `inFlight` to reach 0.
 */
@Injectable()
export class Readiness {
  private isDraining = false;
  private requests = 0;
  /** Open connections that have carried an HTTP request (a websocket's never does here). */
  private readonly connections = new Set<Socket>();

  drain(): void {
    this.isDraining = true;
  }

  get draining(): boolean {
    return this.isDraining;
  }

  /** HTTP requests received and not yet answered (or abandoned by their client). */
  get inFlight(): number {
    return this.requests;
  }

  /** Connections kept open for further requests (or carrying one): a proxy's kept-alive ones. */
  get openConnections(): number {
    return this.connections.size;
  }

  /**
   * Counts a request in (lifecycle/request-observer.ts, first of every middleware); the returned
   * function counts it out once answered or abandoned. A draining replica tells the client to close.
   */
  started(response: ServerResponse): () => void {
    this.requests += 1;
    if (this.isDraining) response.setHeader('Connection', 'close');
    const socket = response.socket;
    if (socket && !this.connections.has(socket)) {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    }
    let counted = true;
    return () => {
      if (counted) this.requests -= 1;
      counted = false;
    };
  }
}
