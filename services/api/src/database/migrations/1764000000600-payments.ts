import type { MigrationInterface, QueryRunner } from 'typeorm';

const ACTIONS_BEFORE = `'user.block', 'user.restore', 'user.sport_school_on', 'user.sport_school_off',
  'shelf.block', 'shelf.unblock', 'shelf.cleared', 'booking.cancel', 'booking.forgive_no_show', 'setting.update',
  'booking.no_show_release', 'court.create', 'court.update', 'court.deactivate', 'court.activate', 'court.delete',
  'closure.create', 'closure.delete', 'series.create', 'series.delete', 'booking.create', 'user.role',
  'price.create', 'price.update', 'price.delete'`;
const TARGETS_BEFORE = `'user', 'shelf', 'booking', 'setting', 'court', 'closure', 'series', 'price'`;
const STATUS = `('pending', 'succeeded', 'canceled')`;

/** The payment settings every site starts with, as of this migration (a site made later gets the seed's). */
const SETTINGS: [string, string][] = [
  ['refund_full_before_hours', '24'],
  ['refund_late_percent', '0'],
  ['payment_hold_minutes', '15'],
  ['vat_code', '1'],
  ['receipts_enabled', 'true'],
  ['tax_system_code', ''],
];

/**
 * Paying for games (docs/decisions/0080-payments.md):
 * - `game_payments`: what a priced game costs its player and until when it is held for the
 *   payment; paid_at once a payment succeeded for it, released_at when the hold ran out;
 *   refund_decided_at once its cancellation's refund (if any) is written.
 * - `payments`: each payment at YooKassa, one per game, method and attempt, with the
 *   Idempotence-Key Kort sends every time it asks YooKassa for it (a retry is the same payment);
 *   its prepayment receipt's state and the settlement receipt's key and state.
 * - `refunds`: each refund with its own key, cause and state.
 * - bookings.cancelled_by: who cancelled a game ('player' for the player's own cancellation,
 *   'unpaid' for a hold that ran out; null: the club), which sets the refund.
 * The prices table joins the change feed (its rules are cached per site).
 */
export class Payments1764000000600 implements MigrationInterface {
  name = 'Payments1764000000600';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE bookings ADD COLUMN cancelled_by text CHECK (cancelled_by IN ('player', 'unpaid'))`);
    await db.query(
      `CREATE TABLE game_payments (
         booking_id integer PRIMARY KEY REFERENCES bookings (id),
         site_id text NOT NULL REFERENCES sites (id),
         user_id integer NOT NULL REFERENCES users (id),
         amount_kopecks integer NOT NULL CHECK (amount_kopecks > 0),
         pay_until timestamptz NOT NULL,
         paid_at timestamptz,
         released_at timestamptz,
         refund_decided_at timestamptz,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await db.query(
      `CREATE INDEX game_payments_holds_idx ON game_payments (pay_until) WHERE paid_at IS NULL AND released_at IS NULL`,
    );
    await db.query(`CREATE INDEX game_payments_user_idx ON game_payments (user_id)`);
    await db.query(
      `CREATE TABLE payments (
         id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         site_id text NOT NULL REFERENCES sites (id),
         booking_id integer NOT NULL REFERENCES game_payments (booking_id) ON UPDATE CASCADE,
         user_id integer NOT NULL REFERENCES users (id),
         method text NOT NULL CHECK (method IN ('bank_card', 'sbp')),
         attempt smallint NOT NULL DEFAULT 1 CHECK (attempt >= 1),
         amount_kopecks integer NOT NULL CHECK (amount_kopecks > 0),
         idempotence_key uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
         provider_id text UNIQUE,
         status text NOT NULL DEFAULT 'pending' CHECK (status IN ${STATUS}),
         confirmation_url text,
         receipt_status text CHECK (receipt_status IN ${STATUS}),
         settlement_key uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
         settlement_provider_id text,
         settlement_status text CHECK (settlement_status IN ${STATUS}),
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         paid_at timestamptz,
         canceled_at timestamptz,
         UNIQUE (booking_id, method, attempt)
       )`,
    );
    await db.query(`CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'pending'`);
    await db.query(`CREATE INDEX payments_site_idx ON payments (site_id, created_at)`);
    await db.query(
      `CREATE INDEX payments_settlement_idx ON payments (booking_id)
         WHERE status = 'succeeded' AND settlement_status IS DISTINCT FROM 'succeeded'`,
    );
    await db.query(
      `CREATE TABLE refunds (
         id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         site_id text NOT NULL REFERENCES sites (id),
         payment_id integer NOT NULL REFERENCES payments (id),
         amount_kopecks integer NOT NULL CHECK (amount_kopecks > 0),
         cause text NOT NULL CHECK (cause IN ('player_cancel', 'club_cancel', 'admin', 'double', 'late')),
         reason text NOT NULL,
         admin_id integer REFERENCES users (id),
         idempotence_key uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
         provider_id text UNIQUE,
         status text NOT NULL DEFAULT 'pending' CHECK (status IN ${STATUS}),
         receipt_status text CHECK (receipt_status IN ${STATUS}),
         created_at timestamptz NOT NULL DEFAULT now(),
         updated_at timestamptz NOT NULL DEFAULT now(),
         done_at timestamptz
       )`,
    );
    await db.query(`CREATE INDEX refunds_payment_idx ON refunds (payment_id)`);
    await db.query(`CREATE INDEX refunds_open_idx ON refunds (created_at) WHERE status = 'pending'`);
    await db.query(
      `INSERT INTO settings (site_id, key, value)
       SELECT s.id, v.key, v.value FROM sites s, unnest($1::text[], $2::text[]) AS v (key, value)
       ON CONFLICT (site_id, key) DO NOTHING`,
      [SETTINGS.map(([key]) => key), SETTINGS.map(([, value]) => value)],
    );
    await db.query(
      `CREATE TRIGGER prices_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON prices
         FOR EACH STATEMENT EXECUTE FUNCTION kort_notify_table('prices')`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check
         CHECK (action IN (${ACTIONS_BEFORE}, 'payment.refund'))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check
         CHECK (target_type IN (${TARGETS_BEFORE}, 'payment'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM admin_actions WHERE target_type = 'payment'`);
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check CHECK (target_type IN (${TARGETS_BEFORE}))`,
    );
    await db.query(`ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check`);
    await db.query(
      `ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (${ACTIONS_BEFORE}))`,
    );
    await db.query(`DROP TRIGGER prices_changed ON prices`);
    await db.query(`DELETE FROM settings WHERE key = ANY($1::text[])`, [SETTINGS.map(([key]) => key)]);
    await db.query(`DROP TABLE refunds`);
    await db.query(`DROP TABLE payments`);
    await db.query(`DROP TABLE game_payments`);
    await db.query(`ALTER TABLE bookings DROP COLUMN cancelled_by`);
  }
}
