/**
 * A booking under the quotas in one round trip: the player's lock, the day, week and upcoming
 * counts and the insert run inside the database, in the caller's single statement. This is its
 * current definition; each migration that changed it carries its own copy (index.ts).
 *
 * The limits and the local day and week are the API's (the site's settings and zone) and come as
 * arguments. Quotas count per site: only the player's games at the court's own site. The counts
 * are read after the lock is held: under READ COMMITTED each statement of a VOLATILE PL/pgSQL
 * function takes a new snapshot, so a game committed by a concurrent request of the same player
 * while this one waited is counted. Returns the new game's id, or NULL when a quota is reached; a
 * taken slot raises the exclusion constraint's 23P01 as a plain INSERT would.
 */
export const KORT_BOOK = `
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
