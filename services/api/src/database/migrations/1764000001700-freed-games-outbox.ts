import type { MigrationInterface, QueryRunner } from 'typeorm';

// The list as the alerts' migration left it.
const TOPICS_BEFORE = `'game.booked', 'alert.raised', 'alert.changed'`;

/**
 * The event outbox carries `game.freed` too (docs/decisions/0117-freed-hours-through-the-outbox.md):
 * a freed hour's offer to the waitlist commits with the cancellation that freed it.
 */
export class FreedGamesOutbox1764000001700 implements MigrationInterface {
  name = 'FreedGamesOutbox1764000001700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_topic_check`);
    await db.query(
      `ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_topic_check CHECK (topic IN (${TOPICS_BEFORE}, 'game.freed'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM event_outbox WHERE topic = 'game.freed'`);
    await db.query(`ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_topic_check`);
    await db.query(
      `ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_topic_check CHECK (topic IN (${TOPICS_BEFORE}))`,
    );
  }
}
