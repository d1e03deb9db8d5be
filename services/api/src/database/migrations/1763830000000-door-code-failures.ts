import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Wrong door-code tries are counted per game over time, not per code (a new code must not reset them). */
export class DoorCodeFailures1763830000000 implements MigrationInterface {
  name = 'DoorCodeFailures1763830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE door_codes ADD COLUMN last_failed_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE door_codes DROP COLUMN last_failed_at`);
  }
}
