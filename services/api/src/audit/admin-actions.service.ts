import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AdminActionName, AdminActionTarget } from '@kort/contracts';
import { Clock } from '../common/clock';
import type { SiteRef } from '../common/site-ref';

/**
 * The log of admin actions that move no device (docs/admin-api.md, `actions`): the one writer of
 * admin_actions. Rows hold ids only, and the site the action was taken at (the dashboard lists
 * one site's rows); the dashboard's list (admin/admin-action-log.service.ts) looks up names and
 * labels when it reads.
 */
@Injectable()
export class AdminActions {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * Records a done change at `site` (the site the dashboard acted on, or the game's own site for
   * the club's own decisions; adminId null: the club's own decision, such as a no-show released).
   * Pass the transaction's manager when the change runs in one (the row then commits or rolls back
   * with it); otherwise call this right after the change succeeded.
   */
  async record(
    site: Pick<SiteRef, 'id'>,
    manager: EntityManager | undefined,
    adminId: number | null,
    action: AdminActionName,
    targetType: AdminActionTarget,
    targetId: string | number,
    detail?: string | null,
  ): Promise<void> {
    await (manager ?? this.db).query(
      `INSERT INTO admin_actions (site_id, at, admin_id, action, target_type, target_id, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [site.id, this.clock.now(), adminId, action, targetType, String(targetId), detail ?? null],
    );
  }
}
