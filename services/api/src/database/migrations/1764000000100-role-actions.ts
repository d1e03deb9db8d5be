import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update',
  'booking.no_show_release', 'court.create', 'court.update', 'court.deactivate', 'court.activate', 'court.delete',
  'closure.create', 'closure.delete', 'series.create', 'series.delete', 'booking.create'`;

/** An owner changing an account's role, or the sites an admin runs, is an admin action too. */
export class RoleActions1764000000100 implements MigrationInterface {
  name = 'RoleActions1764000000100';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'user.role'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE action = 'user.role'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
  }
}
