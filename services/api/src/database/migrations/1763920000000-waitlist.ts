import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The waitlist (docs/decisions/0058-the-waitlist.md). A player waits for an hour taken on every
 * court; when a game of that hour is freed, the first in line is offered it: a booking is made for
 * them under the quotas and held (held_until) for 15 minutes. A held booking keeps the slot from
 * everyone else (the exclusion constraint, as any booking), but it is not a game yet: no door, no
 * reminder, not in My games, until the player confirms (held_until cleared). An expired hold is
 * cancelled and passes on.
 */
export class Waitlist1763920000000 implements MigrationInterface {
  name = 'Waitlist1763920000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bookings ADD COLUMN held_until timestamptz`);
    await db.query(`
      CREATE TABLE waitlist_entries (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id),
        starts_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        state text NOT NULL DEFAULT 'waiting'
          CHECK (state IN ('waiting', 'offered', 'booked', 'left', 'expired', 'skipped')),
        booking_id integer REFERENCES bookings (id),
        hold_until timestamptz,
        skip_reason text
      )`);
    await db.query(
      `CREATE UNIQUE INDEX waitlist_one_place_idx ON waitlist_entries (user_id, starts_at)
         WHERE state IN ('waiting', 'offered')`,
    );
    await db.query(`CREATE INDEX waitlist_line_idx ON waitlist_entries (starts_at, id) WHERE state = 'waiting'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE waitlist_entries`);
    await db.query(`ALTER TABLE bookings DROP COLUMN held_until`);
  }
}
