import { randomUUID } from 'node:crypto';
import { seedNewSite } from '../../src/database/seed';
import { SitesService } from '../../src/sites/sites.service';
import type { TestApp } from './test-app';

type Values = Record<string, string | number | boolean>;

/** Next Thursday 12:00 in Vladivostok, an instant no game of the default site starts at. */
const GAME = { startsAt: '2027-10-14T02:00:00Z', endsAt: '2027-10-14T03:00:00Z' };
const NO_SHOW = { startsAt: '2027-10-12T02:00:00Z', endsAt: '2027-10-12T03:00:00Z' };

/**
 * The authorization matrix's second site (B, in Vladivostok) and its records: a court, a game, a
 * no-show, a closure, a school term, a command, a logged action, a price, a paid game's payment, an
 * alert and its own court rules. The site
 * admin of the matrix runs the default site only: B's records named by id must be "not found" to
 * them, `?site_id=B` refused, B's data never changed and B's own texts never shown.
 */
export class OtherSite {
  private constructor(
    private readonly api: TestApp,
    readonly id: string,
    private readonly records: {
      court: number;
      game: number;
      noShow: number;
      player: number;
      closure: number;
      series: number;
      command: string;
      action: number;
      price: number;
      payment: number;
      alert: number;
    },
    /** Texts only B's records hold (its address, court name, closure reason, rules, log and command notes). */
    readonly secrets: string[],
  ) {}

  static async create(api: TestApp, ownerId: number): Promise<OtherSite> {
    const id = `matrix-b-${randomUUID().slice(0, 6)}`;
    const tag = () => `Б-${randomUUID().slice(0, 10)}`;
    const secrets = {
      address: tag(),
      court: tag(),
      reason: tag(),
      rules: tag(),
      action: tag(),
      command: tag(),
      price: tag(),
      alert: tag(),
    };
    await api.db.query(
      `INSERT INTO sites (id, name, slug, timezone, address) VALUES ($1, 'Площадка Б', $1, 'Asia/Vladivostok', $2)`,
      [id, secrets.address],
    );
    await seedNewSite(api.db, id);
    api.app.get(SitesService).wrote();
    const [court] = await api.db.query<{ id: number }[]>(`SELECT min(id) AS id FROM courts WHERE site_id = $1`, [id]);
    await api.db.query(`UPDATE courts SET name = $2 WHERE id = $1`, [court!.id, secrets.court]);
    await api.db.query(`UPDATE settings SET value = $2 WHERE site_id = $1 AND key = 'court_rules'`, [
      id,
      secrets.rules,
    ]);
    const [player] = await api.db.query<{ id: number }[]>(
      `INSERT INTO users (email, name, role, confirmed_at, rules_accepted_at, is_sport_school)
       VALUES ($1, 'Школа Б', 'player', now(), now(), true) RETURNING id`,
      [`b-${randomUUID().slice(0, 12)}@example.com`],
    );
    const one = async (sql: string, params: unknown[]) => (await api.db.query<{ id: number }[]>(sql, params))[0]!.id;
    const book = `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count) VALUES ($1, $2, $3, $4, 2)
                  RETURNING id`;
    const game = await one(book, [player!.id, court!.id, GAME.startsAt, GAME.endsAt]);
    const noShow = await one(book, [player!.id, court!.id, NO_SHOW.startsAt, NO_SHOW.endsAt]);
    await api.db.query(`UPDATE bookings SET no_show_at = ends_at, cancelled_at = ends_at WHERE id = $1`, [noShow]);
    const closure = await one(
      `INSERT INTO closures (site_id, court_id, starts_at, ends_at, reason, created_at, created_by)
       VALUES ($1, NULL, '2027-10-20T00:00:00Z', '2027-10-20T02:00:00Z', $2, now(), $3) RETURNING id`,
      [id, secrets.reason, ownerId],
    );
    const series = await one(
      `INSERT INTO series (site_id, user_id, court_id, weekdays, hour, starts_on, ends_on)
       VALUES ($1, $2, $3, '{1}', 18, '2027-11-01', '2027-11-30') RETURNING id`,
      [id, player!.id, court!.id],
    );
    const command = randomUUID();
    await api.db.query(
      `INSERT INTO commands (id, site_id, device, action, requested_at, deadline, status, error)
       VALUES ($1, $2, 'light', 'light.on', now(), now(), 'failed', $3)`,
      [command, id, secrets.command],
    );
    const action = await one(
      `INSERT INTO admin_actions (site_id, at, admin_id, action, target_type, target_id, detail)
       VALUES ($1, now(), $2, 'setting.update', 'setting', 'court_rules', $3) RETURNING id`,
      [id, ownerId, secrets.action],
    );
    const price = await one(
      `INSERT INTO prices (site_id, name, court_id, weekdays, from_hour, to_hour, amount_kopecks)
       VALUES ($1, $2, $3, '{1,2,3,4,5}', 18, 23, 150000) RETURNING id`,
      [id, secrets.price, court!.id],
    );
    // A paid game of B's: its payment is B's to read and refund.
    await api.db.query(
      `INSERT INTO game_payments (booking_id, site_id, user_id, amount_kopecks, pay_until, paid_at)
       VALUES ($1, $2, $3, 150000, now(), now())`,
      [game, id, player!.id],
    );
    const payment = await one(
      `INSERT INTO payments (site_id, booking_id, user_id, method, amount_kopecks, provider_id, status, paid_at)
       VALUES ($1, $2, $3, 'sbp', 150000, $4, 'succeeded', now()) RETURNING id`,
      [id, game, player!.id, `b-${randomUUID()}`],
    );
    // An alert of B's, open: B's to read and acknowledge.
    const alert = await one(
      `INSERT INTO alerts (site_id, kind, detail, raised_at) VALUES ($1, 'tamper', $2, now()) RETURNING id`,
      [id, secrets.alert],
    );
    return new OtherSite(
      api,
      id,
      { court: court!.id, game, noShow, player: player!.id, closure, series, command, action, price, payment, alert },
      Object.values(secrets),
    );
  }

  /**
   * The path parameters naming B's records for an admin route, or null when the route names none:
   * shelves, devices and settings are numbered or keyed alike at every site (their id names the
   * chosen site's own), and accounts are the install's.
   */
  recordValues(route: { path: string; params: string[] }): Values | null {
    if (route.params.length === 0) return null;
    const resource = /^\/api\/admin\/([^/]+)\//.exec(route.path)?.[1];
    const { court, game, noShow, player, closure, series, command, action, price, payment, alert } = this.records;
    const byResource: Record<string, Values> = {
      courts: { id: court },
      bookings: { id: game },
      closures: { id: closure },
      series: { id: series },
      commands: { id: command },
      actions: { id: action },
      prices: { id: price },
      // With a refund's reason: the refusal must be the record's (404), not the body's.
      payments: { id: payment, reason: 'Проверка доступа' },
      sites: { id: this.id },
      // With the one body it takes: the refusal must be the record's (404), not the body's.
      alerts: { id: alert, acknowledged: true },
    };
    const values: Values | null =
      resource === 'users' && route.params.includes('bookingId') ? { id: player, bookingId: noShow } : null;
    const named = values ?? (resource ? byResource[resource] : undefined);
    return named && route.params.every((param) => named[param] !== undefined) ? named : null;
  }

  /** Everything of B's an admin of another site could change, as one comparable string. */
  async snapshot(): Promise<string> {
    const [row] = await this.api.db.query<[{ snapshot: string }]>(
      `SELECT json_build_object(
         'site', (SELECT row_to_json(s) FROM (SELECT name, timezone, address, token_hash FROM sites WHERE id = $1) s),
         'courts', (SELECT json_agg(c ORDER BY c.id) FROM (SELECT id, name, active, sort_order FROM courts
                    WHERE site_id = $1) c),
         'bookings', (SELECT json_agg(b ORDER BY b.id) FROM (SELECT id, starts_at, cancelled_at, no_show_forgiven_at
                    FROM bookings WHERE site_id = $1) b),
         'closures', (SELECT json_agg(k ORDER BY k.id) FROM (SELECT id, starts_at, ends_at FROM closures
                    WHERE site_id = $1) k),
         'series', (SELECT json_agg(t ORDER BY t.id) FROM (SELECT id, deleted_at FROM series WHERE site_id = $1) t),
         'settings', (SELECT json_object_agg(key, value ORDER BY key) FROM settings WHERE site_id = $1),
         'shelves', (SELECT json_agg(h ORDER BY h.id) FROM (SELECT id, is_blocked, needs_clearing FROM shelves
                    WHERE site_id = $1) h),
         'commands', (SELECT count(*) FROM commands WHERE site_id = $1),
         'prices', (SELECT json_agg(p ORDER BY p.id) FROM (SELECT id, name, amount_kopecks, weekdays FROM prices
                    WHERE site_id = $1) p),
         'payments', (SELECT json_agg(p ORDER BY p.id) FROM (SELECT id, status FROM payments WHERE site_id = $1) p),
         'refunds', (SELECT count(*) FROM refunds WHERE site_id = $1),
         'alerts', (SELECT json_agg(a ORDER BY a.id) FROM (SELECT id, acknowledged_at, resolved_at FROM alerts
                    WHERE site_id = $1) a),
         'actions', (SELECT count(*) FROM admin_actions WHERE site_id = $1)
       )::text AS snapshot`,
      [this.id],
    );
    return row.snapshot;
  }
}
