import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The apps write an hour with two digits, '06:00' (docs/decisions/0099-one-format-per-kind.md); the
 * club's contacts were seeded with «Ежедневно с 6:00 до 24:00». A site whose text still holds that
 * seeded line gets it as '06:00'; every other word an admin wrote is kept.
 */
export class TwoDigitHours1764000001400 implements MigrationInterface {
  name = 'TwoDigitHours1764000001400';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE settings SET value = replace(value, 'Ежедневно с 6:00 до 24:00', 'Ежедневно с 06:00 до 24:00')
        WHERE key = 'club_contacts' AND strpos(value, 'Ежедневно с 6:00 до 24:00') > 0`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `UPDATE settings SET value = replace(value, 'Ежедневно с 06:00 до 24:00', 'Ежедневно с 6:00 до 24:00')
        WHERE key = 'club_contacts' AND strpos(value, 'Ежедневно с 06:00 до 24:00') > 0`,
    );
  }
}
