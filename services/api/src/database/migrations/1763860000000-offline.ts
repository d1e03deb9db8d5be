import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The club without its link: courts belong to a site (whose agent gets their games in
 * its schedule), each site numbers its schedules and keeps the agent's last offline period, and the
 * command log also holds what the agent decided or saw on its own.
 */
export class Offline1763860000000 implements MigrationInterface {
  name = 'Offline1763860000000';

  async up(db: QueryRunner): Promise<void> {
    // Sites are otherwise created at API start: the courts' default needs its row now.
    await db.query(`INSERT INTO sites (id, name) VALUES ('default', 'Корт') ON CONFLICT (id) DO NOTHING`);
    await db.query(`ALTER TABLE courts ADD COLUMN site_id text NOT NULL DEFAULT 'default' REFERENCES sites (id)`);
    await db.query(`
      ALTER TABLE sites
        ADD COLUMN schedule_version bigint NOT NULL DEFAULT 0,
        ADD COLUMN last_offline_from timestamptz,
        ADD COLUMN last_offline_to timestamptz`);
    await db.query(`
      ALTER TABLE commands
        ADD COLUMN origin text NOT NULL DEFAULT 'api' CHECK (origin IN ('api', 'agent')),
        ADD COLUMN offline boolean NOT NULL DEFAULT false,
        ADD COLUMN booking_id integer REFERENCES bookings (id)`);
    await db.query(`CREATE INDEX commands_booking_idx ON commands (booking_id) WHERE booking_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX commands_booking_idx`);
    await db.query(`ALTER TABLE commands DROP COLUMN booking_id, DROP COLUMN offline, DROP COLUMN origin`);
    await db.query(
      `ALTER TABLE sites DROP COLUMN last_offline_to, DROP COLUMN last_offline_from, DROP COLUMN schedule_version`,
    );
    await db.query(`ALTER TABLE courts DROP COLUMN site_id`);
  }
}
