import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ShelfError } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { KortError } from '../common/kort-error';
import type { User } from '../users/user.entity';
import type { Writer } from '../common/writer';

/** What the club sets on a shelf (the dashboard's fields). */
export interface ShelfMarks {
  is_blocked?: boolean;
  needs_clearing?: boolean;
}

/**
 * The shelves' state the club decides, as the shelves module's own writes: blocks, the "needs
 * clearing" mark, and rentals that end with their player's account. Every admin change is recorded
 * in the admin-actions log in the same transaction.
 */
@Injectable()
export class ShelfStateService {
  private readonly logger = new Logger('Shelves');

  constructor(
    private readonly db: DataSource,
    private readonly actions: AdminActions,
  ) {}

  /** The spec's admin_block: toggles the block. */
  async toggleBlock(admin: User, shelfId: number): Promise<boolean> {
    const blocked = await this.db.transaction(async (tx) => {
      const [rows] = await tx.query<[{ is_blocked: boolean }[], number]>(
        `UPDATE shelves SET is_blocked = NOT is_blocked WHERE id = $1 RETURNING is_blocked`,
        [shelfId],
      );
      const row = rows[0];
      if (!row) throw new KortError(ShelfError.NotFound);
      await this.actions.record(tx, admin.id, row.is_blocked ? 'shelf.block' : 'shelf.unblock', 'shelf', shelfId);
      return row.is_blocked;
    });
    this.logger.log({ shelf: shelfId, admin: admin.id, blocked }, 'shelf block toggled');
    return blocked;
  }

  /** Sets (not toggles) the block and the "needs clearing" mark; each real change is recorded. */
  async setMarks(admin: User, shelfId: number, changes: ShelfMarks): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ is_blocked: boolean; needs_clearing: boolean }[]>(
        `SELECT is_blocked, needs_clearing FROM shelves WHERE id = $1 FOR UPDATE`,
        [shelfId],
      );
      if (!before) throw new KortError(ShelfError.NotFound);
      await tx.query(
        `UPDATE shelves SET is_blocked = coalesce($2, is_blocked), needs_clearing = coalesce($3, needs_clearing)
          WHERE id = $1`,
        [shelfId, changes.is_blocked ?? null, changes.needs_clearing ?? null],
      );
      if (changes.is_blocked !== undefined && changes.is_blocked !== before.is_blocked) {
        await this.actions.record(tx, admin.id, changes.is_blocked ? 'shelf.block' : 'shelf.unblock', 'shelf', shelfId);
      }
      if (changes.needs_clearing === false && before.needs_clearing) {
        await this.actions.record(tx, admin.id, 'shelf.cleared', 'shelf', shelfId);
      }
    });
    this.logger.log({ shelf: shelfId, admin: admin.id, ...changes }, 'shelf updated by an admin');
  }

  /**
   * The player's rental ends with their account (deleted or blocked), in the caller's transaction;
   * the shelf is marked for an admin to clear out what is left inside.
   */
  async releaseFor(userId: number, reason: 'account-deleted' | 'account-blocked', at: Date, tx: Writer): Promise<void> {
    await tx.query(
      `WITH ended AS (
         UPDATE shelf_rentals SET ended_at = $2, ended_reason = $3
          WHERE user_id = $1 AND ended_at IS NULL RETURNING shelf_id)
       UPDATE shelves SET needs_clearing = true WHERE id IN (SELECT shelf_id FROM ended)`,
      [userId, at, reason],
    );
  }
}
