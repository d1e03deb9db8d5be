import { Injectable } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/**
 * Whether this replica should get new work, and how much it is still doing. It stops being ready
 * when it starts shutting down: `/api/health/` answers 503, every answer says `Connection: close`
 * so no client keeps a connection to it, and the shutdown waits for `inFlight` to reach 0.
 */
@Injectable()
export class Readiness {
  private isDraining = false;
  private requests = 0;

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

  /**
   * Counts a request in (lifecycle/request-observer.ts, first of every middleware); the returned
   * function counts it out once answered or abandoned. A draining replica tells the client to close.
   */
  started(response: ServerResponse): () => void {
    this.requests += 1;
    if (this.isDraining) response.setHeader('Connection', 'close');
    let counted = true;
    return () => {
      if (counted) this.requests -= 1;
      counted = false;
    };
  }
}
