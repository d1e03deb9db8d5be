/**
 * The change feed behind every replica's read caches (cache/change-feed.ts): a committed change to
 * the rows they keep is announced on the `kort_changes` channel, whoever wrote it (any service, a
 * migration, the admin CLI, psql). PostgreSQL delivers a NOTIFY only when its transaction commits,
 * and once per distinct payload per transaction. These are the current definitions; migrations
 * apply them with CREATE OR REPLACE, and index.ts lists which tables call them.
 */

/**
 * Statement-level: the payload is the trigger's argument (`bookings`, `settings`, `sites`, …). A
 * transaction that set `kort.announce_later` to that topic (kort_book) announces it itself once
 * committed (kort_announce): a NOTIFY holds PostgreSQL's one notification lock from its
 * transaction's commit through the WAL flush, so every booking committing with one waited for the
 * booking before it (docs/decisions/0109-announced-after-commit.md).
 */
export const KORT_NOTIFY_TABLE = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('kort.announce_later', true) = TG_ARGV[0] THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;

/**
 * A topic announced on its own, after the change it tells of committed: a transaction of this one
 * statement that does not wait for its WAL flush (it changes no row, and a notification a crash
 * loses is one every replica's LISTEN connection loses with it, which empties their caches), so
 * it holds the notification lock for microseconds.
 */
export const KORT_ANNOUNCE = `
  CREATE OR REPLACE FUNCTION kort_announce(p_topic text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    PERFORM pg_notify('kort_changes', p_topic);
  END $$`;

/** Row-level on users: `users:<id>`, so a replica drops only that account from its cache. */
export const KORT_NOTIFY_USER = `
  CREATE OR REPLACE FUNCTION kort_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', 'users:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
    RETURN NULL;
  END $$`;
