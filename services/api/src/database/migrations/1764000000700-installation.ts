import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The install's identity (docs/decisions/0084-install-identity.md): one row, made by the first
 * migration run of a database and carried by every dump, restore and copy of it.
 * - `id`: the install. Written beside its Redis keys (`<prefix>install`); an API that finds another
 *   install's id there refuses to start.
 * - `redis_prefix`: the prefix of its Redis keys when REDIS_PREFIX is not set: `kort:<8 hex of the
 *   id>:`, so two installs on one Redis never meet. A database that already had players when this
 *   migration ran keeps `kort:`, the old default, so its sessions and queued jobs carry on.
 * Install-wide, not a club's: no site_id.
 */
export class Installation1764000000700 implements MigrationInterface {
  name = 'Installation1764000000700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE installation (
         one boolean PRIMARY KEY DEFAULT true CHECK (one),
         id uuid NOT NULL DEFAULT gen_random_uuid(),
         redis_prefix text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await db.query(
      `INSERT INTO installation (id, redis_prefix)
       SELECT id, CASE WHEN EXISTS (SELECT 1 FROM users) THEN 'kort:' ELSE 'kort:' || left(id::text, 8) || ':' END
         FROM (SELECT gen_random_uuid() AS id) AS fresh`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE installation`);
  }
}
