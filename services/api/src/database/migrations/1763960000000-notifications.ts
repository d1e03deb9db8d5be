import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where a player hears from the club: a linked Telegram chat, the devices subscribed to
 * web push, the player's choices per kind of message and channel, a channel the club switched off
 * after a permanent failure, and one row per message and channel sent (what makes a message go
 * once across replicas and retries). These belong to the player, who may play in any club of the
 * install, not to a site: no site_id (docs/decisions.md).
 */
export class Notifications1763960000000 implements MigrationInterface {
  name = 'Notifications1763960000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE telegram_chats (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        chat_id bigint NOT NULL UNIQUE,
        linked_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE push_subscriptions (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh text NOT NULL,
        auth text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id)`);
    await db.query(`
      CREATE TABLE notification_choices (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('reminders', 'waitlist', 'club', 'no_shows')),
        channel text NOT NULL CHECK (channel IN ('email', 'telegram', 'push')),
        enabled boolean NOT NULL,
        PRIMARY KEY (user_id, kind, channel)
      )`);
    await db.query(`
      CREATE TABLE notification_channel_faults (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'telegram', 'push')),
        reason text NOT NULL CHECK (reason IN ('blocked', 'gone')),
        at timestamptz NOT NULL,
        PRIMARY KEY (user_id, channel)
      )`);
    await db.query(`
      CREATE TABLE notification_deliveries (
        event text NOT NULL,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'telegram', 'push')),
        kind text NOT NULL,
        notice jsonb NOT NULL,
        state text NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'dropped')),
        attempts integer NOT NULL DEFAULT 0,
        outcome text,
        created_at timestamptz NOT NULL,
        sent_at timestamptz,
        PRIMARY KEY (event, user_id, channel)
      )`);
    await db.query(`CREATE INDEX notification_deliveries_created_idx ON notification_deliveries (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE notification_deliveries`);
    await db.query(`DROP TABLE notification_channel_faults`);
    await db.query(`DROP TABLE notification_choices`);
    await db.query(`DROP TABLE push_subscriptions`);
    await db.query(`DROP TABLE telegram_chats`);
  }
}
