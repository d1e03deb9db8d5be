import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Namespace of the per-slot advisory lock (first key of pg_advisory_xact_lock(int, int)): 'slot'. */
const SLOT_LOCK = 0x736c6f74;

/**
 * Games of one court and hour are inserted one at a time. Two transactions inserting overlapping
 * rows can each be in the exclusion constraint's index before either checks it, and then each
 * waits for the other: PostgreSQL breaks such a deadlock only after `deadlock_timeout` (1 s), and
 * the loser's request failed. Fifty players booking one hour at once (test/booking-races.test.ts)
 * chained 31 of them in a CI run, 31 s in all. A BEFORE INSERT trigger takes a transaction-scoped
 * advisory lock on the slot on every path (kort_book, a sport school's game, a waitlist hold), so
 * the second insert waits for the first to commit, sees its row and is refused at once (23P01,
 * «Корт уже занят»). Games start on the hour, so court and start name the slot; a hash collision
 * only makes two slots wait for each other.
 */
export class BookingSlotLock1763940000000 implements MigrationInterface {
  name = 'BookingSlotLock1763940000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION kort_lock_booking_slot() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(${SLOT_LOCK}, hashtext(NEW.court_id || '@' || extract(epoch FROM NEW.starts_at)));
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER bookings_one_insert_per_slot BEFORE INSERT ON bookings
        FOR EACH ROW EXECUTE FUNCTION kort_lock_booking_slot()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER bookings_one_insert_per_slot ON bookings`);
    await db.query(`DROP FUNCTION kort_lock_booking_slot`);
  }
}
