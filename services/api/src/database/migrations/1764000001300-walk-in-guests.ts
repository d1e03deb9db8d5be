import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guest without an account booked at the desk (docs/decisions/0100-walk-in-guests.md): `guests`
 * holds the name and phone, one row per game booked, at the site of the game; a game is a player's
 * (`user_id`) or a guest's (`guest_id`), never both nor neither. Every reader of a player's games
 * asks by `user_id` (or joins users), so a guest's game is in none of them: no quota, reminder,
 * no-show pause or My games. The guest's site is the game's: the pair is a foreign key, and the
 * slot trigger sets the game's site from its court.
 */
export class WalkInGuests1764000001300 implements MigrationInterface {
  name = 'WalkInGuests1764000001300';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE guests (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id),
        name text NOT NULL,
        phone text NOT NULL CHECK (phone ~ '^\\+7[0-9]{10}$'),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT guests_id_site_key UNIQUE (id, site_id)
      )`);
    await db.query(`ALTER TABLE bookings ADD COLUMN guest_id integer`);
    await db.query(`ALTER TABLE bookings ALTER COLUMN user_id DROP NOT NULL`);
    await db.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_guest_fkey FOREIGN KEY (guest_id, site_id) REFERENCES guests (id, site_id)`,
    );
    await db.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_player_or_guest CHECK (num_nonnulls(user_id, guest_id) = 1)`,
    );
    await db.query(`CREATE INDEX bookings_guest_idx ON bookings (guest_id) WHERE guest_id IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    // Guests' games cannot be kept without a player: going back removes them with their guests.
    await db.query(`DELETE FROM bookings WHERE guest_id IS NOT NULL`);
    await db.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_player_or_guest`);
    await db.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_guest_fkey`);
    await db.query(`ALTER TABLE bookings ALTER COLUMN user_id SET NOT NULL`);
    await db.query(`ALTER TABLE bookings DROP COLUMN guest_id`);
    await db.query(`DROP TABLE guests`);
  }
}
