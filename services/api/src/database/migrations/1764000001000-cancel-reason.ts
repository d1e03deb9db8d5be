import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * bookings.cancel_reason: why the club cancelled a game (a closure's or a court's reason, «Ремонт
 * покрытия»), which My games shows on the greyed card for a week
 * (docs/decisions/0092-club-cancelled-games.md). Null: the player's own cancellation, or the club's
 * without a reason (an admin's cancel of one game), read as «Отменена клубом».
 *
 * bookings.cancelled_by gains 'series': a school's term ended, its games not begun cancelled with it
 * (the school ended it; My games does not keep a term's worth of greyed cards). For refunds it is
 * the club's cancellation, as before.
 */
export class CancelReason1764000001000 implements MigrationInterface {
  name = 'CancelReason1764000001000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bookings ADD COLUMN cancel_reason text`);
    await db.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_cancelled_by_check`);
    await db.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_check CHECK (cancelled_by IN ('player', 'unpaid', 'series'))`,
    );
    // My games reads a player's club-cancelled games of the last week.
    await db.query(
      `CREATE INDEX bookings_club_cancelled ON bookings (user_id, cancelled_at)
        WHERE cancelled_at IS NOT NULL AND cancelled_by IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX bookings_club_cancelled`);
    await db.query(`UPDATE bookings SET cancelled_by = NULL WHERE cancelled_by = 'series'`);
    await db.query(`ALTER TABLE bookings DROP CONSTRAINT bookings_cancelled_by_check`);
    await db.query(
      `ALTER TABLE bookings ADD CONSTRAINT bookings_cancelled_by_check CHECK (cancelled_by IN ('player', 'unpaid'))`,
    );
    await db.query(`ALTER TABLE bookings DROP COLUMN cancel_reason`);
  }
}
