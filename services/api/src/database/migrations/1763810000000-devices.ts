import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Devices1763810000000 implements MigrationInterface {
  name = 'Devices1763810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE sites (
        id text PRIMARY KEY,
        name text NOT NULL,
        token_hash text,
        online boolean NOT NULL DEFAULT false,
        last_seen_at timestamptz,
        door_closed boolean,
        agent_version text
      )`);
    await db.query(`
      CREATE TABLE device_states (
        site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        device text NOT NULL,
        is_on boolean NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (site_id, device)
      )`);
    await db.query(`
      CREATE TABLE commands (
        id uuid PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id),
        device text,
        action text NOT NULL,
        requested_by integer REFERENCES users (id),
        requested_at timestamptz NOT NULL,
        deadline timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'delivered', 'done', 'failed', 'expired')),
        error text,
        finished_at timestamptz
      )`);
    await db.query(`CREATE INDEX commands_site_requested_idx ON commands (site_id, requested_at DESC)`);
    await db.query(`CREATE INDEX commands_requested_by_idx ON commands (requested_by, requested_at DESC)`);
    await db.query(`ALTER TABLE bookings ADD COLUMN started_at timestamptz, ADD COLUMN ended_at timestamptz`);
    await db.query(`
      CREATE TABLE door_codes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        booking_id integer NOT NULL REFERENCES bookings (id),
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        consumed_at timestamptz
      )`);
    await db.query(`CREATE INDEX door_codes_booking_idx ON door_codes (booking_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE door_codes`);
    await db.query(`ALTER TABLE bookings DROP COLUMN started_at, DROP COLUMN ended_at`);
    await db.query(`DROP TABLE commands`);
    await db.query(`DROP TABLE device_states`);
    await db.query(`DROP TABLE sites`);
  }
}
