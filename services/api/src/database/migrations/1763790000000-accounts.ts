import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763790000000 implements MigrationInterface {
  name = 'Accounts1763790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,
        phone_number text,
        name text NOT NULL,
        role text NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
        password_hash text,
        confirmed_at timestamptz,
        deleted_at timestamptz,
        deletion_kind text CHECK (deletion_kind IN ('self', 'admin')),
        purged_at timestamptz,
        is_sport_school boolean NOT NULL DEFAULT false,
        rules_accepted_at timestamptz,
        auth_epoch integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
        CONSTRAINT users_deletion_consistent CHECK ((deleted_at IS NULL) = (deletion_kind IS NULL))
      )`);
    await db.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await db.query(`
      CREATE TABLE one_time_codes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('activation', 'password_reset')),
        code_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_failed_at timestamptz,
        consumed_at timestamptz
      )`);
    await db.query(
      `CREATE INDEX one_time_codes_user_purpose_idx ON one_time_codes (user_id, purpose, created_at DESC)`,
    );
    await db.query(`
      CREATE TABLE settings (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE settings`);
    await db.query(`DROP TABLE one_time_codes`);
    await db.query(`DROP TABLE users`);
  }
}
