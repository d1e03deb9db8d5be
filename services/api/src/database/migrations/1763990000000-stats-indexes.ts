import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's statistics read a period of games whatever became of them (the existing index on
 * starts_at holds live games only), the waitlist by its slot, and the command log's door openings
 * and lights in time order per site (an index-only scan: the lights' on-to-off spans need no sort).
 */
export class StatsIndexes1763990000000 implements MigrationInterface {
  name = 'StatsIndexes1763990000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX bookings_all_starts_idx ON bookings (starts_at)`);
    await db.query(`CREATE INDEX waitlist_starts_idx ON waitlist_entries (starts_at)`);
    await db.query(
      `CREATE INDEX commands_door_openings_idx ON commands (requested_at)
         WHERE action IN ('door.open', 'door.entry', 'door.hold') AND status = 'done'`,
    );
    await db.query(
      `CREATE INDEX commands_lights_idx ON commands (site_id, requested_at, id) INCLUDE (action)
         WHERE action IN ('light.on', 'light.off') AND status = 'done'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX commands_lights_idx`);
    await db.query(`DROP INDEX commands_door_openings_idx`);
    await db.query(`DROP INDEX waitlist_starts_idx`);
    await db.query(`DROP INDEX bookings_all_starts_idx`);
  }
}
