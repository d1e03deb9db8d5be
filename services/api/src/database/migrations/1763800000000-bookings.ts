import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Bookings1763800000000 implements MigrationInterface {
  name = 'Bookings1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    await db.query(`
      CREATE TABLE courts (
        id integer PRIMARY KEY,
        name text NOT NULL
      )`);
    await db.query(`
      CREATE TABLE bookings (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        court_id integer NOT NULL REFERENCES courts (id),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        players_count integer NOT NULL CHECK (players_count = 2),
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_time_order CHECK (ends_at > starts_at),
        CONSTRAINT bookings_no_overlap EXCLUDE USING gist (
          court_id WITH =,
          tstzrange(starts_at, ends_at, '[)') WITH &&
        ) WHERE (cancelled_at IS NULL)
      )`);
    await db.query(`CREATE INDEX bookings_user_starts_idx ON bookings (user_id, starts_at) WHERE cancelled_at IS NULL`);
    await db.query(`CREATE INDEX bookings_starts_idx ON bookings (starts_at) WHERE cancelled_at IS NULL`);
    await db.query(`ALTER TABLE users ADD COLUMN calendar_token text`);
    await db.query(`CREATE UNIQUE INDEX users_calendar_token_key ON users (calendar_token)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN calendar_token`);
    await db.query(`DROP TABLE bookings`);
    await db.query(`DROP TABLE courts`);
  }
}
