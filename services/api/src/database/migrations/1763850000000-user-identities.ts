import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserIdentities1763850000000 implements MigrationInterface {
  name = 'UserIdentities1763850000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_identities (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('vk', 'yandex')),
        subject text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_login_at timestamptz,
        CONSTRAINT user_identities_provider_subject_key UNIQUE (provider, subject),
        CONSTRAINT user_identities_user_provider_key UNIQUE (user_id, provider)
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE user_identities`);
  }
}
