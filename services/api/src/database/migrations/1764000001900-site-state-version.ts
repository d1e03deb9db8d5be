import type { MigrationInterface, QueryRunner } from 'typeorm';

/** kort_site_state_version as this migration writes it (database/functions/site-state-version.ts). */
const STATE_VERSION = `
  CREATE OR REPLACE FUNCTION kort_site_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.state_version := greatest(OLD.state_version + 1, floor(extract(epoch from clock_timestamp()) * 1000)::bigint);
    RETURN NEW;
  END $$`;

/**
 * A version on each site's device state, moved by every write of what the dashboards show, so a
 * dashboard can tell a state published late from a newer one
 * (docs/decisions/0130-device-state-versions.md).
 */
export class SiteStateVersion1764000001900 implements MigrationInterface {
  name = 'SiteStateVersion1764000001900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE sites ADD COLUMN state_version bigint NOT NULL DEFAULT 0`);
    await db.query(STATE_VERSION);
    await db.query(
      `CREATE TRIGGER sites_state_version
         BEFORE UPDATE OF online, last_seen_at, door_closed, agent_driver, last_offline_from, last_offline_to ON sites
         FOR EACH ROW EXECUTE FUNCTION kort_site_state_version()`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER sites_state_version ON sites`);
    await db.query(`DROP FUNCTION kort_site_state_version()`);
    await db.query(`ALTER TABLE sites DROP COLUMN state_version`);
  }
}
