import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ShelfError } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { KortError } from '../common/kort-error';
import type { SiteRef } from '../common/site-ref';
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

  /** The spec's admin_block: toggles the block of the site's shelf. */
  async toggleBlock(site: SiteRef, admin: User, shelfId: number): Promise<boolean> {
    const blocked = await this.db.transaction(async (tx) => {
      const [rows] = await tx.query<[{ is_blocked: boolean }[], number]>(
        `UPDATE shelves SET is_blocked = NOT is_blocked WHERE site_id = $1 AND id = $2 RETURNING is_blocked`,
        [site.id, shelfId],
      );
      const row = rows[0];
      if (!row) throw new KortError(ShelfError.NotFound);
      const action = row.is_blocked ? 'shelf.block' : 'shelf.unblock';
      await this.actions.record(site, tx, admin.id, action, 'shelf', shelfId);
      return row.is_blocked;
    });
    this.logger.log({ site: site.id, shelf: shelfId, admin: admin.id, blocked }, 'shelf block toggled');
    return blocked;
  }

  /** Sets (not toggles) the block and the "needs clearing" mark of the site's shelf; each real change is recorded. */
  async setMarks(site: SiteRef, admin: User, shelfId: number, changes: ShelfMarks): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ is_blocked: boolean; needs_clearing: boolean }[]>(
        `SELECT is_blocked, needs_clearing FROM shelves WHERE site_id = $1 AND id = $2 FOR UPDATE`,
        [site.id, shelfId],
      );
      if (!before) throw new KortError(ShelfError.NotFound);
      await tx.query(
        `UPDATE shelves SET is_blocked = coalesce($3, is_blocked), needs_clearing = coalesce($4, needs_clearing)
          WHERE site_id = $1 AND id = $2`,
        [site.id, shelfId, changes.is_blocked ?? null, changes.needs_clearing ?? null],
      );
      if (changes.is_blocked !== undefined && changes.is_blocked !== before.is_blocked) {
        const action = changes.is_blocked ? 'shelf.block' : 'shelf.unblock';
        await this.actions.record(site, tx, admin.id, action, 'shelf', shelfId);
      }
      if (changes.needs_clearing === false && before.needs_clearing) {
        await this.actions.record(site, tx, admin.id, 'shelf.cleared', 'shelf', shelfId);
      }
    });
    this.logger.log({ site: site.id, shelf: shelfId, admin: admin.id, ...changes }, 'shelf updated by an admin');
  }

  /**
   * The player's rentals, at every site, end with their account (deleted or blocked), in the
   * caller's transaction; each shelf is marked for its site's admin to clear out what is left inside.
   */
  async releaseFor(
    userId: number,
    reason: 'account-deleted' | 'account-blocked',
    at: Date,
    tx: Writer,
  ): Promise<{ site_id: string; shelf_id: number }[]> {
    return tx.query(
      `WITH ended AS (
         UPDATE shelf_rentals SET ended_at = $2, ended_reason = $3
          WHERE user_id = $1 AND ended_at IS NULL RETURNING site_id, shelf_id),
       marked AS (
         UPDATE shelves s SET needs_clearing = true FROM ended e WHERE s.site_id = e.site_id AND s.id = e.shelf_id)
       SELECT site_id, shelf_id FROM ended ORDER BY site_id`,
      [userId, at, reason],
    );
  }
}
