import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * event_outbox: what must follow a commit, written in the same transaction
 * (docs/decisions/0086-event-outbox.md). A row is a fact ('game.booked', the game's id); every
 * replica's relay takes rows (FOR UPDATE SKIP LOCKED), queues their jobs under ids unique for all
 * time, and deletes them in the same transaction: a crash at any point leaves the row for the next
 * drain, and a second drain adds nothing BullMQ already holds.
 */
export class EventOutbox1764000000900 implements MigrationInterface {
  name = 'EventOutbox1764000000900';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE event_outbox (
         id bigserial PRIMARY KEY,
         site_id text NOT NULL REFERENCES sites (id),
         topic text NOT NULL CHECK (topic IN ('game.booked')),
         ref integer NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE event_outbox`);
  }
}
