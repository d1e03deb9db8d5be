import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where an admin's block was made: the site of the site admin who made it, or NULL for an owner's
 * (docs/decisions/0071-account-wide-acts.md). A site's admin lifts only a block made at a site they
 * run. Blocks made before this column existed take the site of their last logged block when a site
 * admin (not an owner) made it, else NULL (an owner's, lifted by owners only).
 */
export class BlockSite1764000000400 implements MigrationInterface {
  name = 'BlockSite1764000000400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN blocked_site_id text REFERENCES sites (id)`);
    await db.query(
      `UPDATE users u SET blocked_site_id = (
         SELECT a.site_id FROM admin_actions a JOIN users made_by ON made_by.id = a.admin_id
          WHERE a.action = 'user.block' AND a.target_type = 'user' AND a.target_id = u.id::text
            AND made_by.role <> 'owner'
          ORDER BY a.at DESC, a.id DESC LIMIT 1)
        WHERE u.deletion_kind = 'admin'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users DROP COLUMN blocked_site_id`);
  }
}
