import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update',
  'booking.no_show_release', 'court.create', 'court.update', 'court.deactivate', 'court.activate', 'court.delete',
  'closure.create', 'closure.delete', 'series.create', 'series.delete', 'booking.create', 'user.role'`;
const TARGETS_BEFORE = `'user', 'shelf', 'booking', 'setting', 'court', 'closure', 'series'`;

/**
 * A club's prices (docs/decisions/0078-prices.md): ordered rules of a site, each an amount in
 * kopecks for a court (or every court), weekdays and local hours [from, to), and an audience; the
 * first that matches an hour sets its price. Changing them is an admin action.
 */
export class Prices1764000000500 implements MigrationInterface {
  name = 'Prices1764000000500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE prices (
         id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         site_id text NOT NULL REFERENCES sites (id),
         name text NOT NULL,
         court_id integer REFERENCES courts (id),
         weekdays smallint[] NOT NULL CHECK (cardinality(weekdays) BETWEEN 1 AND 7 AND weekdays <@ '{1,2,3,4,5,6,7}'),
         from_hour smallint NOT NULL CHECK (from_hour BETWEEN 0 AND 23),
         to_hour smallint NOT NULL CHECK (to_hour BETWEEN 1 AND 24 AND to_hour > from_hour),
         audience text NOT NULL DEFAULT 'everyone' CHECK (audience IN ('everyone', 'sport_school')),
         amount_kopecks integer NOT NULL CHECK (amount_kopecks BETWEEN 0 AND 99999999),
         sort_order integer NOT NULL DEFAULT 0,
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await db.query(`CREATE INDEX prices_site_idx ON prices (site_id, sort_order, id)`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'price.create', 'price.update', 'price.delete'))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check
         CHECK (target_type IN (${TARGETS_BEFORE}, 'price'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE target_type = 'price'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check CHECK (target_type IN (${TARGETS_BEFORE}))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
    await db.query(`DROP TABLE prices`);
  }
}
