import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seeded site was named «Корт», like the product: in the dashboard's switcher and on My games of
 * an install with several clubs it read as the brand, not as a club. Still so named, it becomes
 * «Основная площадка» (the owner names it in «Площадки»); a name the owner chose is kept.
 */
export class DefaultSiteName1764000001200 implements MigrationInterface {
  name = 'DefaultSiteName1764000001200';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE sites SET name = 'Основная площадка' WHERE id = 'default' AND name = 'Корт'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE sites SET name = 'Корт' WHERE id = 'default' AND name = 'Основная площадка'`);
  }
}
