import { fixturePasswordHash } from './players';
import type { Redis } from 'ioredis';
import request, { type Response } from 'supertest';
import { CSRF_COOKIE, CSRF_HEADER, RELAYS, SOCIAL_PROVIDERS } from '@kort/contracts';
import { REDIS } from '../../src/redis/redis.module';
import { PASSWORD } from './accounts';
import type { Client } from './client';
import { urlOf, type FuzzInput } from './fuzz-inputs';
import type { Dictionary } from './fuzz-values';
import { propertyNames, type OpenApiDocument, type Operation } from './openapi';
import type { TestApp } from './test-app';

/**
 * The world test/fuzz.test.ts fuzzes in: who calls (an anonymous visitor, a player, an admin),
 * another player whose objects are targets, the values the database holds now, and a cheap
 * fingerprint of the state a refused call must leave alone.
 */

export type IdentityName = 'anonymous' | 'player' | 'admin';
export const IDENTITIES: readonly IdentityName[] = ['anonymous', 'player', 'admin'];

export interface Identity {
  name: IdentityName;
  client: Client;
  email: string | null;
}

/**
 * State a refused call must leave alone. one_time_codes and door_codes are left out on purpose:
 * a wrong code is refused *and* counted (5 tries, then locked), which is the point of them.
 */
const STATE_TABLES = [
  'users',
  'user_identities',
  'bookings',
  'shelves',
  'shelf_rentals',
  'equipment_loans',
  'settings',
  'commands',
  'admin_actions',
  'prices',
  'game_payments',
  'payments',
  'refunds',
] as const;
export type Snapshot = Record<(typeof STATE_TABLES)[number], string>;
/** Row count and md5 of each table's rows in a stable order: a few milliseconds on this data. */
const SNAPSHOT_SQL = `SELECT ${STATE_TABLES.map(
  (t) => `(SELECT count(*) || ':' || md5(coalesce(string_agg(r::text, ',' ORDER BY r::text), '')) FROM ${t} r) AS ${t}`,
).join(', ')}`;

export class FuzzWorld {
  private accounts = 0;
  private victim: { id: number; email: string } | undefined;

  constructor(
    private readonly api: TestApp,
    private readonly document: OpenApiDocument,
  ) {}

  /** The player whose game now, game later, shelf rental and calendar feed the others aim at. */
  async setUp(player: Identity): Promise<void> {
    this.victim = await this.newAccount('player', 'victim');
    const [own] = await this.api.db.query<{ id: number }[]>(`SELECT id FROM users WHERE email = $1`, [player.email]);
    // The caller's own games (now, so the door calls get past "no game", and later) and the other's.
    await this.bookGame(own!.id, 2, 0);
    await this.bookGame(own!.id, 2, 30);
    await this.bookGame(this.victim.id, 1, 0);
  }

  async identity(name: IdentityName): Promise<Identity> {
    const client = this.api.client();
    if (name === 'anonymous') {
      await client.get('/api/give_rules/'); // the csrftoken cookie an anonymous page gets
      return { name, client, email: null };
    }
    const { email } = await this.newAccount(name, name);
    await this.resetLimits(); // the fuzzed logins may have used up this address's allowance
    const login = await client.post('/api/login/', { email, password: PASSWORD });
    if (login.status !== 200) throw new Error(`login of ${email}: ${login.status} ${login.text}`);
    return { name, client, email };
  }

  /** An identity logged out, deleted, blocked or turned into someone else by an accepted call is replaced. */
  async repair(current: Identity): Promise<Identity> {
    if (current.name === 'anonymous') return current.client.sessionId ? this.identity('anonymous') : current;
    const profile = await current.client.get('/api/profile/');
    const intact = profile.status === 200 && profile.body.detail?.email === current.email;
    return intact ? current : this.identity(current.name);
  }

  /**
   * Between operations: rate limits forgotten, storage on, the club's courts open (an accepted admin
   * call may have switched one off or closed hours), the other player's objects live again.
   */
  async refresh(round: number): Promise<void> {
    await this.resetLimits();
    await this.api.db.query(`UPDATE settings SET value = 'true' WHERE key = 'storage_enabled' AND value <> 'true'`);
    await this.api.db.query(`UPDATE courts SET active = true WHERE id = 1 AND NOT active`);
    await this.api.db.query(`DELETE FROM closures WHERE ends_at > now()`);
    const victim = this.victim!.id;
    await this.api.db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT $1, 1, t, t + interval '1 hour', 2 FROM (SELECT date_trunc('hour', now()) + $2 * interval '1 day' AS t) s
       WHERE NOT EXISTS (SELECT 1 FROM bookings WHERE user_id = $1 AND cancelled_at IS NULL AND starts_at > now())
       ON CONFLICT DO NOTHING`,
      [victim, 30 + round],
    );
    await this.api.db.query(
      `INSERT INTO shelf_rentals (site_id, shelf_id, user_id, started_at)
       SELECT s.site_id, s.id, $1, now() FROM shelves s
        WHERE s.site_id = 'default' AND s.kind = 'shelf'
          AND NOT EXISTS (SELECT 1 FROM shelf_rentals WHERE site_id = s.site_id AND shelf_id = s.id AND ended_at IS NULL)
          AND NOT EXISTS (SELECT 1 FROM shelf_rentals WHERE user_id = $1 AND ended_at IS NULL)
        ORDER BY s.id LIMIT 1`,
      [victim],
    );
    await this.api.db.query(`UPDATE users SET calendar_token = $2 WHERE id = $1 AND calendar_token IS NULL`, [
      victim,
      `victim${round}`.padEnd(43, 'x'),
    ]);
  }

  async resetLimits(): Promise<void> {
    const redis = this.api.app.get<Redis>(REDIS);
    const prefix = this.api.config.redisPrefix;
    const keys = await redis.keys(`${prefix}limit:*`);
    // The client adds its key prefix itself.
    if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  }

  /** Valid-ish values as the database holds them now (ids change as accepted calls create things). */
  async dictionary(): Promise<Dictionary> {
    const zone = this.api.config.siteTimezone;
    const [row] = await this.api.db.query<Record<string, string[]>[]>(
      `SELECT
         array(SELECT id::text FROM users ORDER BY id LIMIT 8) AS users,
         array(SELECT email FROM users ORDER BY id LIMIT 8) AS emails,
         array(SELECT id::text FROM bookings ORDER BY id) AS bookings,
         array(SELECT to_char(starts_at AT TIME ZONE $1, 'YYYY-MM-DD"T"HH24:MI:SS') FROM bookings ORDER BY id) AS starts,
         array(SELECT id::text FROM shelf_rentals ORDER BY id) AS rentals,
         array(SELECT id::text FROM commands ORDER BY requested_at LIMIT 4) AS commands,
         array(SELECT id::text FROM admin_actions ORDER BY id LIMIT 4) AS actions,
         array(SELECT key FROM settings ORDER BY key) AS settings,
         array(SELECT calendar_token || '.ics' FROM users WHERE calendar_token IS NOT NULL ORDER BY id) AS feeds,
         array(SELECT to_char(now() AT TIME ZONE $1 + d * interval '1 day', 'YYYY-MM-DD')
                 FROM generate_series(-1, 2) d) AS days`,
      [zone],
    );
    const r = row as Record<string, string[]>;
    const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')
      ?.value.replace('GMT', '');
    const local = (at: string) => `${at}${offset || '+00:00'}`;
    const ids = ['users', 'bookings', 'rentals', 'commands', 'actions', 'settings', 'feeds'].flatMap((k) => r[k]!);
    return {
      ids: [...ids, ...RELAYS, 'door-sensor', ...SOCIAL_PROVIDERS, '1', '10'],
      values: {
        email: [...r.emails!, ...[1, 2, 3, 4].map((n) => `new-${n}@example.com`), 'NEW-1@Example.com '],
        phone: ['+79990001122', ''],
        password: [PASSWORD, 'Новый-Пароль-2026!', 'short'],
        code: ['1234', '0000'],
        day: [...r.days!, '2026-02-30'],
        instant: [...r.starts!.map(local), ...r.days!.map((day) => local(`${day}T12:00:00`)), '2020-01-01T10:00:00Z'],
        text: ['true', 'false', 'Правила корта', 'Игрок'],
      },
      names: propertyNames(this.document),
    };
  }

  async snapshot(): Promise<Snapshot> {
    const [row] = await this.api.db.query<Snapshot[]>(SNAPSHOT_SQL);
    return row!;
  }

  /** The tables whose fingerprint differs. */
  changed(before: Snapshot, after: Snapshot): string[] {
    return STATE_TABLES.filter((table) => before[table] !== after[table]);
  }

  /** The call as a browser would send it, with the identity's cookies; the CSRF header as the input says. */
  async send(who: Identity, operation: Operation, input: FuzzInput): Promise<Response> {
    const method = operation.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let call = request(this.api.server)[method](urlOf(operation, input));
    const cookies = [...who.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookies) call = call.set('Cookie', cookies);
    const token = who.client.cookies.get(CSRF_COOKIE);
    if (input.csrf === 'valid' && token) call = call.set(CSRF_HEADER, token);
    if (input.csrf === 'forged') call = call.set(CSRF_HEADER, `forged.${'A'.repeat(43)}`);
    switch (input.body.kind) {
      case 'none':
        return call;
      case 'json':
        return call.set('Content-Type', input.body.contentType).send(JSON.stringify(input.body.value) ?? 'null');
      case 'raw':
        return call.set('Content-Type', input.body.contentType).send(input.body.text);
    }
  }

  /** Straight into the database with a known password (registration has its own tests). */
  private async newAccount(role: 'player' | 'admin', label: string): Promise<{ id: number; email: string }> {
    this.accounts += 1;
    const email = `fuzz-${label}-${this.accounts}@example.com`;
    const [row] = await this.api.db.query<{ id: number }[]>(
      `INSERT INTO users (email, name, role, password_hash, confirmed_at, rules_accepted_at)
       VALUES ($1, 'Игрок', $2, $3, now(), now()) RETURNING id`,
      [email, role, await fixturePasswordHash()],
    );
    return { id: row!.id, email };
  }

  private async bookGame(userId: number, courtId: number, hoursFromNow: number): Promise<void> {
    await this.api.db.query(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
       SELECT $1, $2, t, t + interval '1 hour', 2 FROM (SELECT date_trunc('hour', now()) + $3 * interval '1 hour' AS t) s`,
      [userId, courtId, hoursFromNow],
    );
  }
}
