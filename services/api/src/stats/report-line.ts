import { Injectable } from '@nestjs/common';
import { AdminError } from '@kort/contracts';
import { KortError } from '../common/kort-error';

/** One admin's statistics calls computing at once on a replica. */
export const REPORTS_RUNNING = 2;
/**
 * One admin's calls waiting for their turn: the dashboard's page asks for its 5 reports at once, and
 * a change of period or a CSV while they count must wait, not fail.
 */
export const REPORTS_WAITING = 10;
/** What a call past the line is told: come back then. */
export const REPORTS_RETRY_AFTER_SECONDS = 5;

interface Line {
  running: number;
  waiting: (() => void)[];
}

/**
 * Each admin's line for the statistics (docs/decisions/0076-an-admins-heavy-reads.md). A year-long
 * report is a heavy read: unbounded, one admin's 200 at once took the replica's database connections
 * and the players waited behind them. Here REPORTS_RUNNING of one admin's calls run, REPORTS_WAITING
 * more wait in arrival order, and the rest are answered 429 at once. Per replica and in memory: it
 * guards the replica's own connection pool, and a replica that dies takes its line with it.
 */
@Injectable()
export class ReportLines {
  private readonly lines = new Map<number, Line>();

  async run<T>(adminId: number, work: () => Promise<T>): Promise<T> {
    const line = this.lines.get(adminId) ?? { running: 0, waiting: [] };
    this.lines.set(adminId, line);
    if (line.running < REPORTS_RUNNING) line.running += 1;
    else if (line.waiting.length < REPORTS_WAITING) await new Promise<void>((resolve) => line.waiting.push(resolve));
    else throw new KortError(AdminError.StatsBusy, { retryAfterSeconds: REPORTS_RETRY_AFTER_SECONDS });
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line; the last one out closes the line.
      const next = line.waiting.shift();
      if (next) next();
      else if (--line.running === 0) this.lines.delete(adminId);
    }
  }
}
