import type { MigrationInterface, QueryRunner } from 'typeorm';

// The lists as this migration leaves them (a later one that changes a list starts from these).
const KINDS = `'door.held-open', 'door.forced', 'tamper', 'pi.temperature', 'pi.disk', 'pi.clock', 'agent.offline'`;
const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update',
  'booking.no_show_release', 'court.create', 'court.update', 'court.deactivate', 'court.activate', 'court.delete',
  'closure.create', 'closure.delete', 'series.create', 'series.delete', 'booking.create', 'user.role',
  'price.create', 'price.update', 'price.delete', 'payment.refund'`;
const TARGETS_BEFORE = `'user', 'shelf', 'booking', 'setting', 'court', 'closure', 'series', 'price', 'payment'`;
const TOPICS_BEFORE = `'game.booked'`;

/**
 * Door and Pi alerts (docs/decisions/0103-alerts.md): `alerts` holds each one a site's agent raised
 * through its outbox (`raised_event`, the event's id: applied once) or the API raised about the
 * agent (`agent.offline`, no event), who acknowledged it and when, and when its condition cleared.
 * At most one alert of a kind is unresolved per site (`alerts_one_unresolved`): a raise while one
 * is open is that alert, and the API's periodic check may run on every replica at once. The event
 * outbox carries `alert.raised` (its Telegram message and the dashboards' push) and
 * `alert.changed` (the push); the admin log gets `alert.acknowledge`.
 */
export class Alerts1764000001500 implements MigrationInterface {
  name = 'Alerts1764000001500';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE alerts (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        site_id text NOT NULL REFERENCES sites (id),
        kind text NOT NULL CHECK (kind IN (${KINDS})),
        value double precision,
        detail text NOT NULL,
        offline boolean NOT NULL DEFAULT false,
        raised_at timestamptz NOT NULL,
        raised_event uuid UNIQUE,
        acknowledged_at timestamptz,
        acknowledged_by integer REFERENCES users (id) ON DELETE SET NULL,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT alerts_acknowledged_by_needs_at CHECK (acknowledged_by IS NULL OR acknowledged_at IS NOT NULL)
      )`);
    await db.query(`CREATE UNIQUE INDEX alerts_one_unresolved ON alerts (site_id, kind) WHERE resolved_at IS NULL`);
    await db.query(`CREATE INDEX alerts_site_raised_idx ON alerts (site_id, raised_at DESC)`);

    await db.query(`ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_topic_check`);
    await db.query(
      `ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_topic_check
         CHECK (topic IN (${TOPICS_BEFORE}, 'alert.raised', 'alert.changed'))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'alert.acknowledge'))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check
         CHECK (target_type IN (${TARGETS_BEFORE}, 'alert'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE target_type = 'alert'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check CHECK (target_type IN (${TARGETS_BEFORE}))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
    await db.query(`DELETE FROM event_outbox WHERE topic IN ('alert.raised', 'alert.changed')`);
    await db.query(`ALTER TABLE event_outbox DROP CONSTRAINT event_outbox_topic_check`);
    await db.query(
      `ALTER TABLE event_outbox ADD CONSTRAINT event_outbox_topic_check CHECK (topic IN (${TOPICS_BEFORE}))`,
    );
    await db.query(`DROP TABLE alerts`);
  }
}
