import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

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

  /** Counts every request; registered first in app.factory.ts. */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    this.requests += 1;
    let counted = true;
    const done = () => {
      if (counted) this.requests -= 1;
      counted = false;
    };
    response.once('finish', done);
    response.once('close', done);
    if (this.isDraining) response.setHeader('Connection', 'close');
    next();
  };
}
