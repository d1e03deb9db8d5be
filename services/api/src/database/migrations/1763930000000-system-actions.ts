import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update'`;

/**
 * The club's own decisions in the action log: a game released as a no-show is logged
 * like an admin's cancellation, with no admin (admin_id NULL, shown as «Система»).
 */
export class SystemActions1763930000000 implements MigrationInterface {
  name = 'SystemActions1763930000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE admin_actions ALTER COLUMN admin_id DROP NOT NULL`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'booking.no_show_release'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE action = 'booking.no_show_release' OR admin_id IS NULL`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
    await db.query(`ALTER TABLE admin_actions ALTER COLUMN admin_id SET NOT NULL`);
  }
}
