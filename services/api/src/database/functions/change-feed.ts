import { ANNOUNCED_BY_RELAY } from '../../common/announced-by-relay';

/**
 * The change feed behind every replica's read caches (cache/change-feed.ts): a committed change to
 * the rows they keep is announced on the `kort_changes` channel, whoever wrote it (any service, a
 * migration, the admin CLI, psql). PostgreSQL delivers a NOTIFY only when its transaction commits,
 * and once per distinct payload per transaction. These are the current definitions (each migration
 * that changed one carries its own copy), and index.ts lists which tables call them.
 */

/**
 * Statement-level: the payload is the trigger's argument (`bookings`, `settings`, `sites`, …). A
 * transaction that set ANNOUNCED_BY_RELAY to that table (set_config, local) is announced by
 * the event outbox's relay after its commit instead (GameFollowUps; decision 0128): a NOTIFY holds
 * PostgreSQL's one notify lock through its transaction's commit flush, which would commit the
 * common booking one at a time.
 */
export const KORT_NOTIFY_TABLE = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('${ANNOUNCED_BY_RELAY}', true) = TG_ARGV[0] THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;

/** Row-level on users: `users:<id>`, so a replica drops only that account from its cache. */
export const KORT_NOTIFY_USER = `
  CREATE OR REPLACE FUNCTION kort_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', 'users:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
    RETURN NULL;
  END $$`;
