import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SHAPE_LOCK } from '../common/advisory-locks';
import type { Writer } from '../common/writer';

/** A court (courtId null: every court of the site) closed by the club over whole hours. */
export interface Closure {
  id: number;
  courtId: number | null;
  startsAt: Date;
  endsAt: Date;
  reason: string;
  createdAt: Date;
}

interface ClosureRow {
  id: number;
  court_id: number | null;
  starts_at: Date;
  ends_at: Date;
  reason: string;
  created_at: Date;
}

const COLUMNS = 'id, court_id, starts_at, ends_at, reason, created_at';
const toClosure = (row: ClosureRow): Closure => ({
  id: row.id,
  courtId: row.court_id,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  reason: row.reason,
  createdAt: row.created_at,
});

/**
 * The one writer of `closures`. A closure is written with the site's shape held exclusively
 * (lockShape), the lock every new booking holds shared while it checks the closures (the trigger of
 * database/functions/check-booking-slot.ts): games inside are cancelled in the same transaction, and
 * none can be booked in between.
 */
@Injectable()
export class ClosuresService {
  constructor(private readonly db: DataSource) {}

  /** Holds the site's shape until the caller's transaction ends: no booking of the site meanwhile. */
  async lockShape(tx: Writer, siteId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [SHAPE_LOCK, siteId]);
  }

  /** The site's closures overlapping [from, to): whole-club ones first, then by start. */
  async overlapping(siteId: string, from: Date, to: Date, tx: Writer = this.db.manager): Promise<Closure[]> {
    const rows = await tx.query<ClosureRow[]>(
      `SELECT ${COLUMNS} FROM closures WHERE site_id = $1 AND ends_at > $2 AND starts_at < $3
        ORDER BY court_id NULLS FIRST, starts_at, id`,
      [siteId, from, to],
    );
    return rows.map(toClosure);
  }

  async insert(
    tx: Writer,
    siteId: string,
    closure: Pick<Closure, 'courtId' | 'startsAt' | 'endsAt' | 'reason'> & { createdBy: number; at: Date },
  ): Promise<number> {
    const [row] = await tx.query<{ id: number }[]>(
      `INSERT INTO closures (site_id, court_id, starts_at, ends_at, reason, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [siteId, closure.courtId, closure.startsAt, closure.endsAt, closure.reason, closure.at, closure.createdBy],
    );
    return row!.id;
  }

  /** The closure with its site, locked until the caller's transaction ends. */
  async lock(tx: Writer, id: number): Promise<(Closure & { siteId: string }) | undefined> {
    const [row] = await tx.query<(ClosureRow & { site_id: string })[]>(
      `SELECT ${COLUMNS}, site_id FROM closures WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ? { ...toClosure(row), siteId: row.site_id } : undefined;
  }

  async remove(tx: Writer, id: number): Promise<void> {
    await tx.query(`DELETE FROM closures WHERE id = $1`, [id]);
  }

  /** Ends a closure that has begun at `at` (its past stays in the history). */
  async endAt(tx: Writer, id: number, at: Date): Promise<void> {
    await tx.query(`UPDATE closures SET ends_at = $2 WHERE id = $1`, [id, at]);
  }
}
