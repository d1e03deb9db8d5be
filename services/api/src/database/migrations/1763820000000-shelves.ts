import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Shelves1763820000000 implements MigrationInterface {
  name = 'Shelves1763820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE shelves (
        id integer PRIMARY KEY CHECK (id BETWEEN 1 AND 11),
        kind text NOT NULL CHECK (kind IN ('shelf', 'equipment')),
        is_blocked boolean NOT NULL DEFAULT false,
        needs_clearing boolean NOT NULL DEFAULT false
      )`);
    await db.query(`
      CREATE TABLE shelf_rentals (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        shelf_id integer NOT NULL REFERENCES shelves (id),
        user_id integer NOT NULL REFERENCES users (id),
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        ended_reason text CHECK (ended_reason IN ('player', 'account-deleted', 'account-blocked', 'admin'))
      )`);
    // One live rental per shelf and one per player: the database settles every race.
    await db.query(`CREATE UNIQUE INDEX shelf_rentals_live_shelf ON shelf_rentals (shelf_id) WHERE ended_at IS NULL`);
    await db.query(`CREATE UNIQUE INDEX shelf_rentals_live_user ON shelf_rentals (user_id) WHERE ended_at IS NULL`);
    await db.query(`
      CREATE TABLE equipment_loans (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        shelf_id integer NOT NULL REFERENCES shelves (id),
        user_id integer NOT NULL REFERENCES users (id),
        booking_id integer NOT NULL REFERENCES bookings (id),
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        ended_reason text CHECK (ended_reason IN ('returned', 'game-ended', 'admin'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX equipment_loans_live_shelf ON equipment_loans (shelf_id) WHERE ended_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE equipment_loans`);
    await db.query(`DROP TABLE shelf_rentals`);
    await db.query(`DROP TABLE shelves`);
  }
}
