import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The log of admin actions that move no device (blocks, restores, shelf marks, cancellations,
 * settings), shown next to `commands`. Ids only: names and e-mails are looked up when read.
 */
export class AdminActions1763840000000 implements MigrationInterface {
  name = 'AdminActions1763840000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE admin_actions (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        admin_id integer NOT NULL REFERENCES users (id),
        action text NOT NULL CHECK (action IN (
          'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
          'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'setting.update')),
        target_type text NOT NULL CHECK (target_type IN ('user', 'shelf', 'booking', 'setting')),
        target_id text NOT NULL,
        detail text
      )`);
    await db.query(`CREATE INDEX admin_actions_at_idx ON admin_actions (at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE admin_actions`);
  }
}
