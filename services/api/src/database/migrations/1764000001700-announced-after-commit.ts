import type { MigrationInterface, QueryRunner } from 'typeorm';
import { KORT_ANNOUNCE, KORT_NOTIFY_TABLE } from '../functions/change-feed';
import { KORT_BOOK } from '../functions/book';

/**
 * A player's booking is announced to the replicas' caches once committed, not by its commit
 * (docs/decisions/0109-announced-after-commit.md): kort_book sets `kort.announce_later`, the
 * bookings trigger then leaves the NOTIFY to the caller's kort_announce. `down` restores the
 * definitions as they were, kept here (later changes to the functions' files do not reach them).
 */
export class AnnouncedAfterCommit1764000001700 implements MigrationInterface {
  name = 'AnnouncedAfterCommit1764000001700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(KORT_NOTIFY_TABLE);
    await db.query(KORT_ANNOUNCE);
    await db.query(KORT_BOOK);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(KORT_BOOK_BEFORE);
    await db.query(KORT_NOTIFY_TABLE_BEFORE);
    await db.query(`DROP FUNCTION kort_announce(text)`);
  }
}

const KORT_NOTIFY_TABLE_BEFORE = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;

const KORT_BOOK_BEFORE = `
  CREATE OR REPLACE FUNCTION kort_book(
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
     WHERE user_id = p_user AND cancelled_at IS NULL
       AND site_id = (SELECT site_id FROM courts WHERE id = p_court);
    IF v_day >= p_per_day OR v_week >= p_per_week OR v_upcoming >= p_upcoming THEN
      RETURN NULL;
    END IF;
    INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
         VALUES (p_user, p_court, p_starts, p_ends, p_players)
      RETURNING id INTO v_id;
    RETURN v_id;
  END $$`;
