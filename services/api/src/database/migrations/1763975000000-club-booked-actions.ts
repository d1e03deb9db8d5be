import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update',
  'booking.no_show_release', 'court.create', 'court.update', 'court.deactivate', 'court.activate', 'court.delete',
  'closure.create', 'closure.delete', 'series.create', 'series.delete'`;

/**
 * A game the club books for a player from the dashboard (a walk-in, a caller) is an admin action:
 * logged with the reason when it goes past the club's quotas.
 */
export class ClubBookedActions1763975000000 implements MigrationInterface {
  name = 'ClubBookedActions1763975000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'booking.create'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE action = 'booking.create'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
  }
}
