import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * kort_book as it was first written: a booking under the quotas in one round trip. Its current
 * definition (quotas per site) is database/functions/book.ts, applied by the sites migration.
 */
export class BookFunction1763900000000 implements MigrationInterface {
  name = 'BookFunction1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION kort_book(
        p_lock_space integer, p_user integer, p_court integer, p_starts timestamptz, p_ends timestamptz,
        p_players integer, p_day_start timestamptz, p_day_end timestamptz, p_week_start timestamptz,
        p_week_end timestamptz, p_now timestamptz, p_per_day integer, p_per_week integer, p_upcoming integer
      ) RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_day integer;
        v_week integer;
        v_upcoming integer;
        v_id integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(p_lock_space, p_user);
        SELECT count(*) FILTER (WHERE starts_at >= p_day_start AND starts_at < p_day_end),
               count(*) FILTER (WHERE starts_at >= p_week_start AND starts_at < p_week_end),
               count(*) FILTER (WHERE ends_at > p_now)
          INTO v_day, v_week, v_upcoming
          FROM bookings
         WHERE user_id = p_user AND cancelled_at IS NULL;
        IF v_day >= p_per_day OR v_week >= p_per_week OR v_upcoming >= p_upcoming THEN
          RETURN NULL;
        END IF;
        INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
             VALUES (p_user, p_court, p_starts, p_ends, p_players)
          RETURNING id INTO v_id;
        RETURN v_id;
      END $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP FUNCTION kort_book`);
  }
}
