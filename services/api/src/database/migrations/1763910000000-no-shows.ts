import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'setting.update'`;

/**
 * Check-in is the door: a game whose door was not opened by NO_SHOW_AFTER_MIN after its
 * start is released (cancelled_at, which frees the slot) and marked a no-show (no_show_at). The club
 * may forgive one (no_show_forgiven_at, and a row in admin_actions): it then no longer counts
 * towards the pause.
 */
export class NoShows1763910000000 implements MigrationInterface {
  name = 'NoShows1763910000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE bookings ADD COLUMN no_show_at timestamptz, ADD COLUMN no_show_forgiven_at timestamptz,
         ADD CONSTRAINT bookings_no_show_released CHECK (no_show_at IS NULL OR cancelled_at IS NOT NULL)`,
    );
    await db.query(`CREATE INDEX bookings_no_shows_idx ON bookings (user_id, no_show_at) WHERE no_show_at IS NOT NULL`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'booking.forgive_no_show'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE action = 'booking.forgive_no_show'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
    await db.query(`DROP INDEX bookings_no_shows_idx`);
    await db.query(
      `ALTER TABLE bookings DROP CONSTRAINT bookings_no_show_released, DROP COLUMN no_show_forgiven_at, DROP COLUMN no_show_at`,
    );
  }
}
