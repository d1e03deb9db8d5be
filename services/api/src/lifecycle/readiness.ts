import { Injectable } from '@nestjs/common';

/**
 * Whether this replica should get new work. It stops being ready when it starts shutting down, so
 * `/api/health/` answers 503 while the replica drains and a load balancer stops sending to it.
 */
@Injectable()
export class Readiness {
  private drainingSince: Date | null = null;

  drain(): void {
    this.drainingSince ??= new Date();
  }

  get draining(): boolean {
    return this.drainingSince !== null;
  }
}
