import type { MigrationInterface, QueryRunner } from 'typeorm';

/** kort_notify_table as the change feed's migration (1763880000000) wrote it. */
const NOTIFY_BEFORE = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;

/** Its text from here on (database/functions/change-feed.ts). */
const NOTIFY_AFTER = `
  CREATE OR REPLACE FUNCTION kort_notify_table() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF current_setting('kort.announced_by_relay', true) = TG_ARGV[0] THEN
      RETURN NULL;
    END IF;
    PERFORM pg_notify('kort_changes', TG_ARGV[0]);
    RETURN NULL;
  END $$`;

/**
 * A statement may leave its table's announcement to the event outbox's relay
 * (docs/decisions/0128-the-common-booking-announced-by-the-relay.md): a transaction that NOTIFYs
 * holds PostgreSQL's one notify lock through its commit's flush, so every booking committed one
 * after another.
 */
export class BookingsAnnouncedByRelay1764000001800 implements MigrationInterface {
  name = 'BookingsAnnouncedByRelay1764000001800';

  async up(db: QueryRunner): Promise<void> {
    await db.query(NOTIFY_AFTER);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(NOTIFY_BEFORE);
  }
}
