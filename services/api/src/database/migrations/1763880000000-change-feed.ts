import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change feed behind every replica's read caches (src/cache/): the notify functions
 * (database/functions/change-feed.ts) and the triggers of the tables cached then. Payloads:
 * `bookings`, `settings`, `courts`, and `users:<id>` (`users` after a TRUNCATE).
 */
/** The notify functions as this migration wrote them (a migration keeps its own text: database/functions/index.ts). */
const KORT_NOTIFY_TABLE = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;
const KORT_NOTIFY_USER = `
  CREATE OR REPLACE FUNCTION kort_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', 'users:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
    RETURN NULL;
  END $$`;

export class ChangeFeed1763880000000 implements MigrationInterface {
  name = 'ChangeFeed1763880000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(KORT_NOTIFY_TABLE);
    await db.query(KORT_NOTIFY_USER);
    for (const table of ['bookings', 'settings', 'courts']) {
      await db.query(`
        CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('${table}')`);
    }
    await db.query(`
      CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
        FOR EACH ROW EXECUTE FUNCTION kort_notify_user()`);
    await db.query(`
      CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
        FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('users')`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['bookings', 'settings', 'courts']) await db.query(`DROP TRIGGER ${table}_changed ON ${table}`);
    await db.query(`DROP TRIGGER users_changed ON users`);
    await db.query(`DROP TRIGGER users_truncated ON users`);
    await db.query(`DROP FUNCTION kort_notify_user()`);
    await db.query(`DROP FUNCTION kort_notify_table()`);
  }
}
