import { SHAPE_LOCK, SLOT_LOCK } from '../../common/advisory-locks';
import { COURT_INACTIVE, SLOT_CLOSED } from '../../common/postgres-error';

/**
 * The check every new booking passes, whoever inserts it (a player's kort_book, a sport school's
 * game, a waitlist hold, a school's term), as a BEFORE INSERT trigger on bookings. This is its
 * current definition; each migration that changed it carries its own copy (index.ts).
 *
 * 1. The site's shape, shared: a closure or a court being taken out of booking (which hold it
 *    exclusively) finishes first, and this insert then sees it.
 * 2. The slot, exclusively: games of one court and hour are inserted one at a time. Two inserts of
 *    overlapping rows could otherwise each wait for the other inside the exclusion constraint's
 *    check, a deadlock PostgreSQL breaks only after a second (fifty players booking one hour at once
 *    chained 31 of them); the second now waits for the first to commit and is refused at once
 *    (23P01). Games start on the hour, so court and start name the slot.
 * 3. The court active, and no closure of that court or of the whole club over the game.
 * 4. The game belongs to its court's site: `site_id` is set here, whatever the insert said.
 *
 * Each statement of a VOLATILE function takes a new snapshot: what the locks waited for is seen.
 */
export const CHECK_BOOKING_SLOT = `
  CREATE OR REPLACE FUNCTION kort_check_booking_slot() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
  DECLARE
    v_site text;
    v_closure record;
  BEGIN
    SELECT site_id INTO v_site FROM courts WHERE id = NEW.court_id;
    IF v_site IS NOT NULL THEN
      NEW.site_id := v_site;
      PERFORM pg_advisory_xact_lock_shared(${SHAPE_LOCK}, hashtext(v_site));
    END IF;
    PERFORM pg_advisory_xact_lock(${SLOT_LOCK}, hashtext(NEW.court_id || '@' || extract(epoch FROM NEW.starts_at)));
    IF EXISTS (SELECT 1 FROM courts WHERE id = NEW.court_id AND NOT active) THEN
      RAISE EXCEPTION USING ERRCODE = '${COURT_INACTIVE}', MESSAGE = 'court ' || NEW.court_id || ' is not active';
    END IF;
    SELECT reason, court_id INTO v_closure FROM closures
     WHERE site_id = v_site AND (court_id IS NULL OR court_id = NEW.court_id)
       AND starts_at < NEW.ends_at AND ends_at > NEW.starts_at
     ORDER BY court_id NULLS FIRST, starts_at LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING ERRCODE = '${SLOT_CLOSED}', MESSAGE = v_closure.reason,
        HINT = CASE WHEN v_closure.court_id IS NULL THEN 'club' ELSE 'court' END;
    END IF;
    RETURN NEW;
  END $$`;
