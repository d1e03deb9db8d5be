import { KORT_BOOK } from './book';
import { KORT_NOTIFY_TABLE, KORT_NOTIFY_USER } from './change-feed';
import { CHECK_BOOKING_SLOT } from './check-booking-slot';
import { KORT_SITE_STATE_VERSION } from './site-state-version';

/**
 * The logic that lives in PostgreSQL, as it is now: each function's current definition (one file
 * each) and every trigger that calls one. A reader finds it here rather than by replaying
 * migrations; test/database-logic.test.ts holds the migrated database to exactly this.
 *
 * Migrations never import these texts: a migration that changes a function carries its new
 * definition as written that day (CREATE OR REPLACE). Importing today's text would let an old
 * migration run today's function on a schema of its own day, and would hide a change made here
 * without a migration (a new install would get it and every running install would not): with each
 * migration keeping its own text, that change fails the database-logic test (docs/decisions/0113).
 */
export const DATABASE_FUNCTIONS: Record<string, string> = {
  kort_book: KORT_BOOK,
  kort_check_booking_slot: CHECK_BOOKING_SLOT,
  kort_notify_table: KORT_NOTIFY_TABLE,
  kort_notify_user: KORT_NOTIFY_USER,
  kort_site_state_version: KORT_SITE_STATE_VERSION,
};

/** Every trigger, as PostgreSQL prints it (`pg_get_triggerdef`), by table. */
export const DATABASE_TRIGGERS: Record<string, string[]> = {
  bookings: [
    // Whoever inserts a game: the shape and slot locks, the court active, no closure, the court's site.
    'CREATE TRIGGER bookings_check_slot BEFORE INSERT ON public.bookings FOR EACH ROW EXECUTE FUNCTION kort_check_booking_slot()',
    "CREATE TRIGGER bookings_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.bookings FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('bookings')",
  ],
  closures: [
    "CREATE TRIGGER closures_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.closures FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('closures')",
  ],
  courts: [
    "CREATE TRIGGER courts_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.courts FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('courts')",
  ],
  prices: [
    "CREATE TRIGGER prices_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.prices FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('prices')",
  ],
  settings: [
    "CREATE TRIGGER settings_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.settings FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('settings')",
  ],
  // The sites' names and zones, and who runs them (not the agent's heartbeat columns).
  site_admins: [
    "CREATE TRIGGER site_admins_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.site_admins FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('sites')",
  ],
  sites: [
    "CREATE TRIGGER sites_changed AFTER INSERT OR DELETE OR UPDATE OF name, slug, timezone, address OR TRUNCATE ON public.sites FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('sites')",
    // What the dashboards see of the agent moves the state's version (DeviceState.version).
    'CREATE TRIGGER sites_state_version BEFORE UPDATE OF online, last_seen_at, door_closed, agent_driver, last_offline_from, last_offline_to ON public.sites FOR EACH ROW EXECUTE FUNCTION kort_site_state_version()',
  ],
  users: [
    'CREATE TRIGGER users_changed AFTER INSERT OR DELETE OR UPDATE ON public.users FOR EACH ROW EXECUTE FUNCTION kort_notify_user()',
    "CREATE TRIGGER users_truncated AFTER TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('users')",
  ],
};
