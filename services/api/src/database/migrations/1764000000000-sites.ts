import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Many clubs on one install. A site gains its name, slug, time zone and address; everything a site
 * owns carries `site_id` with a foreign key and an index led by it (courts, closures, series,
 * devices and commands already did; now settings, shelves, games, the waitlist and the admin log).
 * Today's data becomes the default site unchanged: with one site, nothing a player or an admin sees
 * moves. Games take their court's site in the slot trigger, whoever inserts them; quotas count per
 * site (kort_book). Admins become owners (they ran the whole install); a site's admin is a row of
 * site_admins. A player's current site is remembered on the account.
 */
/**
 * The booking check and kort_book as this migration wrote them, with the game's site (a migration keeps
 * its own text: database/functions/index.ts).
 */
const CHECK_BOOKING_SLOT = `
  CREATE OR REPLACE FUNCTION kort_check_booking_slot() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
  DECLARE
    v_site text;
    v_closure record;
  BEGIN
    SELECT site_id INTO v_site FROM courts WHERE id = NEW.court_id;
    IF v_site IS NOT NULL THEN
      NEW.site_id := v_site;
      PERFORM pg_advisory_xact_lock_shared(1936220528, hashtext(v_site));
    END IF;
    PERFORM pg_advisory_xact_lock(1936486260, hashtext(NEW.court_id || '@' || extract(epoch FROM NEW.starts_at)));
    IF EXISTS (SELECT 1 FROM courts WHERE id = NEW.court_id AND NOT active) THEN
      RAISE EXCEPTION USING ERRCODE = 'KC002', MESSAGE = 'court ' || NEW.court_id || ' is not active';
    END IF;
    SELECT reason, court_id INTO v_closure FROM closures
     WHERE site_id = v_site AND (court_id IS NULL OR court_id = NEW.court_id)
       AND starts_at < NEW.ends_at AND ends_at > NEW.starts_at
     ORDER BY court_id NULLS FIRST, starts_at LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'KC001', MESSAGE = v_closure.reason,
        HINT = CASE WHEN v_closure.court_id IS NULL THEN 'club' ELSE 'court' END;
    END IF;
    RETURN NEW;
  END $$`;
const KORT_BOOK = `
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

export class Sites1764000000000 implements MigrationInterface {
  name = 'Sites1764000000000';

  async up(db: QueryRunner): Promise<void> {
    const zone = process.env.SITE_TIMEZONE?.trim() || 'Europe/Moscow';
    await db.query(`INSERT INTO sites (id, name) VALUES ('default', 'Корт') ON CONFLICT (id) DO NOTHING`);
    await db.query(`
      ALTER TABLE sites
        ADD COLUMN slug text,
        ADD COLUMN timezone text,
        ADD COLUMN address text NOT NULL DEFAULT '',
        ADD COLUMN created_at timestamptz NOT NULL DEFAULT now()`);
    await db.query(`UPDATE sites SET slug = lower(id), timezone = $1`, [zone]);
    await db.query(`ALTER TABLE sites ALTER COLUMN slug SET NOT NULL, ALTER COLUMN timezone SET NOT NULL`);
    await db.query(`CREATE UNIQUE INDEX sites_slug_key ON sites (slug)`);
    await db.query(`
      CREATE TRIGGER sites_changed AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, slug, timezone, address
        ON sites FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('sites')`);

    await db.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await db.query(`UPDATE users SET role = 'owner' WHERE role = 'admin'`);
    await db.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('player', 'admin', 'owner'))`);
    await db.query(`ALTER TABLE users ADD COLUMN current_site_id text REFERENCES sites (id) ON DELETE SET NULL`);
    await db.query(`
      CREATE TABLE site_admins (
        site_id text NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (site_id, user_id)
      )`);
    await db.query(`CREATE INDEX site_admins_user_idx ON site_admins (user_id)`);
    await db.query(`
      CREATE TRIGGER site_admins_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_admins
        FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('sites')`);

    await db.query(
      `ALTER TABLE settings ADD COLUMN site_id text NOT NULL DEFAULT 'default' REFERENCES sites (id) ON DELETE CASCADE`,
    );
    await db.query(`ALTER TABLE settings ALTER COLUMN site_id DROP DEFAULT`);
    await db.query(`ALTER TABLE settings DROP CONSTRAINT settings_pkey, ADD PRIMARY KEY (site_id, key)`);

    await db.query(`ALTER TABLE shelves ADD COLUMN site_id text NOT NULL DEFAULT 'default' REFERENCES sites (id)`);
    await db.query(`ALTER TABLE shelves ALTER COLUMN site_id DROP DEFAULT`);
    await db.query(`CREATE INDEX shelves_site_idx ON shelves (site_id, id)`);

    await db.query(`ALTER TABLE bookings ADD COLUMN site_id text REFERENCES sites (id)`);
    await db.query(`UPDATE bookings b SET site_id = c.site_id FROM courts c WHERE c.id = b.court_id`);
    await db.query(`ALTER TABLE bookings ALTER COLUMN site_id SET NOT NULL`);
    await db.query(`CREATE INDEX bookings_site_starts_idx ON bookings (site_id, starts_at)`);
    await db.query(
      `CREATE INDEX bookings_user_site_idx ON bookings (user_id, site_id, starts_at) WHERE cancelled_at IS NULL`,
    );
    await db.query(CHECK_BOOKING_SLOT);
    await db.query(KORT_BOOK);

    await db.query(
      `ALTER TABLE waitlist_entries ADD COLUMN site_id text NOT NULL DEFAULT 'default' REFERENCES sites (id)`,
    );
    await db.query(`ALTER TABLE waitlist_entries ALTER COLUMN site_id DROP DEFAULT`);
    await db.query(`CREATE INDEX waitlist_site_starts_idx ON waitlist_entries (site_id, starts_at)`);

    await db.query(`ALTER TABLE admin_actions ADD COLUMN site_id text REFERENCES sites (id)`);
    await db.query(`UPDATE admin_actions SET site_id = 'default'`);
    await db.query(`CREATE INDEX admin_actions_site_at_idx ON admin_actions (site_id, at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX admin_actions_site_at_idx`);
    await db.query(`ALTER TABLE admin_actions DROP COLUMN site_id`);
    await db.query(`ALTER TABLE waitlist_entries DROP COLUMN site_id`);
    await db.query(`ALTER TABLE bookings DROP COLUMN site_id`);
    await db.query(`ALTER TABLE shelves DROP COLUMN site_id`);
    await db.query(`DELETE FROM settings WHERE site_id <> 'default'`);
    await db.query(`ALTER TABLE settings DROP CONSTRAINT settings_pkey, ADD PRIMARY KEY (key)`);
    await db.query(`ALTER TABLE settings DROP COLUMN site_id`);
    await db.query(`DROP TABLE site_admins`);
    await db.query(`ALTER TABLE users DROP COLUMN current_site_id`);
    await db.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await db.query(`UPDATE users SET role = 'admin' WHERE role = 'owner'`);
    await db.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('player', 'admin'))`);
    await db.query(`DROP TRIGGER sites_changed ON sites`);
    await db.query(
      `ALTER TABLE sites DROP COLUMN slug, DROP COLUMN timezone, DROP COLUMN address, DROP COLUMN created_at`,
    );
  }
}
