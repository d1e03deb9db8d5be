import { randomUUID } from 'node:crypto';
import { Waitlist } from '../../src/bookings/waitlist';
import { SitesService } from '../../src/sites/sites.service';
import type { OwnedKind, SharedKind } from '../../src/common/route-policy';
import { PASSWORD } from './accounts';
import { OtherSite } from './authz-other-site';
import type { Client } from './client';
import { signedInPlayers } from './players';
import { displayState, type realAgent } from './real-agent';
import type { TestApp } from './test-app';

/** 'admin' is an owner (runs every site, as `npm run admin:create` makes); 'site admin' runs the default site only. */
export const IDENTITIES = ['anonymous', 'player', 'another player', 'admin', 'site admin'] as const;
export type Identity = (typeof IDENTITIES)[number];
export const isAdmin = (who: Identity): boolean => who === 'admin' || who === 'site admin';

type Agent = Awaited<ReturnType<typeof realAgent>>;
type Values = Record<string, string | number>;

interface Person {
  client: Client;
  id: number;
  email: string;
}

/** Wednesday 13 October 2027, 12:20 in Moscow: the player's game of 12:00 is on. */
const MATRIX_NOW = '2027-10-13T09:20:00Z';
const GAME_NOW = { court: 1, startsAt: '2027-10-13T09:00:00Z', endsAt: '2027-10-13T10:00:00Z' };
/** Next Tuesday's 12:00 (another ISO week: A's quota allows it), taken on both courts by others. */
const WAIT_HOUR = { startsAt: '2027-10-19T09:00:00Z', endsAt: '2027-10-19T10:00:00Z' };
/** Tomorrow's game: far enough ahead to be cancelled. */
const GAME_LATER = { court: 2, startsAt: '2027-10-14T09:00:00Z', endsAt: '2027-10-14T10:00:00Z' };

/**
 * The people of the authorization matrix and the objects of "the player" (A): a game on now and
 * started, a game tomorrow, a rented shelf, a calendar link and a door code on the display.
 * Allowed calls use these up (end, delete_order, cancel_reservation, logout, del_account…), so
 * each cell first makes sure what it names is live again: a used object is replaced, a session
 * that ended is signed in again, a deleted account is replaced by a new person.
 */
export class AuthzWorld {
  readonly anonymous: Client;
  private owner!: Person & { name: string };
  private other!: Person;
  private admin!: Person;
  private siteAdmin!: Person;
  /** The second site, whose records the site admin must never reach. */
  otherSite!: OtherSite;
  private games: { now?: number; later?: number } = {};
  private doorCode?: { id: number; code: string };

  private constructor(
    private readonly api: TestApp,
    private readonly agent: Agent,
  ) {
    this.anonymous = api.client();
  }

  static async create(api: TestApp, agent: Agent): Promise<AuthzWorld> {
    const world = new AuthzWorld(api, agent);
    api.clock.set(MATRIX_NOW);
    [world.owner, world.other, world.admin, world.siteAdmin] = await Promise.all([
      world.newOwner(),
      world.newPlayer(),
      world.newPlayer('owner'),
      world.newSiteAdmin(),
    ]);
    world.otherSite = await OtherSite.create(api, world.admin.id);
    // The player's games exist before any route is called: the courts they are on have a history
    // from the start, so what an admin's call may do to a court does not depend on the routes' order.
    await world.liveGames();
    return world;
  }

  client(who: Identity): Client {
    switch (who) {
      case 'anonymous':
        return this.anonymous;
      case 'player':
        return this.owner.client;
      case 'another player':
        return this.other.client;
      case 'admin':
        return this.admin.client;
      case 'site admin':
        return this.siteAdmin.client;
    }
  }

  /** After a call that may end a session: sign in again, or replace a deleted account. */
  async revive(who: Identity): Promise<void> {
    if (who === 'anonymous') return;
    const people = {
      player: this.owner,
      'another player': this.other,
      admin: this.admin,
      'site admin': this.siteAdmin,
    };
    const person = people[who];
    if ((await person.client.get('/api/my_name/')).status === 200) return;
    const again = await person.client.post('/api/login/', { email: person.email, password: PASSWORD });
    if (again.status === 200) return;
    if (who === 'player') {
      this.owner = await this.newOwner();
      this.games = {};
      this.doorCode = undefined;
    } else if (who === 'another player') this.other = await this.newPlayer();
    else if (who === 'admin') this.admin = await this.newPlayer('owner');
    else this.siteAdmin = await this.newSiteAdmin();
  }

  /** The fields naming A's live object of this kind (made live again first). */
  async ownedValues(kind: OwnedKind): Promise<Values> {
    switch (kind) {
      case 'game': {
        // send and end need the game that is on; delete_order one that may still be cancelled.
        const { now, later } = await this.liveGames();
        return {
          gameId: now,
          id_cort: GAME_LATER.court,
          time_start: GAME_LATER.startsAt,
          booking_id: await this.held(later),
          method: 'bank_card',
        };
      }
      case 'door-code':
        return { qr_code: (await this.liveDoorCode()).code };
      case 'shelf':
        return { shelf_id: (await this.liveRental()).shelf_id };
      case 'rental':
        return { reservation_id: (await this.liveRental()).id };
      case 'calendar-feed':
        return { file: `${await this.calendarToken()}.ics` };
      case 'waitlist-place':
        return { id: await this.liveWaitlistPlace() };
    }
  }

  /** Club objects: court 1, the shelf A rents (nobody else may take it over), VK ID, the default site. */
  async sharedValues(kind: SharedKind): Promise<Values> {
    switch (kind) {
      case 'court':
        return { id_cort: 1 };
      case 'shelf':
        return { id: (await this.liveRental()).shelf_id };
      case 'provider':
        return { provider: 'vk' };
      case 'site':
        return { site_id: 'default' };
      case 'release':
        return { version: '1.0.0' };
    }
  }

  /** Everything of A's that another caller could change, as one comparable string. */
  async ownerSnapshot(): Promise<string> {
    const [row] = await this.api.db.query<[{ snapshot: string }]>(
      `SELECT json_build_object(
         'user', (SELECT row_to_json(u) FROM (SELECT email, name, role, password_hash, confirmed_at, deleted_at,
                    deletion_kind, is_sport_school, rules_accepted_at, auth_epoch, calendar_token
                    FROM users WHERE id = $1) u),
         'bookings', (SELECT json_agg(b ORDER BY b.id) FROM (SELECT id, court_id, starts_at, ends_at, cancelled_at,
                    started_at, ended_at FROM bookings WHERE user_id = $1) b),
         'door_codes', (SELECT json_agg(c ORDER BY c.id) FROM (SELECT c.id, c.expires_at, c.consumed_at, c.attempts,
                    c.last_failed_at FROM door_codes c JOIN bookings b ON b.id = c.booking_id WHERE b.user_id = $1) c),
         'rentals', (SELECT json_agg(r ORDER BY r.id) FROM (SELECT id, shelf_id, ended_at FROM shelf_rentals
                    WHERE user_id = $1) r),
         'loans', (SELECT json_agg(l ORDER BY l.id) FROM (SELECT id, shelf_id, ended_at FROM equipment_loans
                    WHERE user_id = $1) l),
         'waitlist', (SELECT json_agg(w ORDER BY w.id) FROM (SELECT id, state, booking_id FROM waitlist_entries
                    WHERE user_id = $1) w)
       )::text AS snapshot`,
      [this.owner.id],
    );
    return row.snapshot;
  }

  /** What identifies A in an answer: another caller must never receive it. */
  async ownerSecrets(): Promise<string[]> {
    const token = await this.storedCalendarToken();
    return [this.owner.email, this.owner.name, ...(token ? [token] : [])];
  }

  private async newPlayer(role: 'player' | 'admin' | 'owner' = 'player'): Promise<Person> {
    const [person] = await signedInPlayers(this.api, 1, { role });
    return person!;
  }

  /** An admin of the default site only (a site_admins row). */
  private async newSiteAdmin(): Promise<Person> {
    const person = await this.newPlayer('admin');
    await this.api.db.query(`INSERT INTO site_admins (site_id, user_id) VALUES ('default', $1)`, [person.id]);
    this.api.app.get(SitesService).wrote();
    return person;
  }

  private async newOwner(): Promise<Person & { name: string }> {
    const person = await this.newPlayer();
    const name = `Владелец ${randomUUID().slice(0, 8)}`;
    await this.api.db.query(`UPDATE users SET name = $2 WHERE id = $1`, [person.id, name]);
    return { ...person, name };
  }

  /** A game cannot be waited for: the rows are written as if booked earlier (as the e2e journey does). */
  /** The later game as a priced one waiting for its payment (POST /api/payments/ names it). */
  private async held(bookingId: number): Promise<number> {
    await this.api.db.query(
      `INSERT INTO game_payments (booking_id, site_id, user_id, amount_kopecks, pay_until)
       SELECT id, site_id, user_id, 150000, $2 FROM bookings WHERE id = $1
       ON CONFLICT (booking_id) DO UPDATE SET paid_at = NULL, released_at = NULL, pay_until = EXCLUDED.pay_until`,
      [bookingId, new Date(this.api.clock.now().getTime() + 3600_000)],
    );
    return bookingId;
  }

  private async liveGames(): Promise<{ now: number; later: number }> {
    const live = await this.api.db.query<{ id: number }[]>(
      `SELECT id FROM bookings WHERE id = ANY($1::int[]) AND cancelled_at IS NULL AND ended_at IS NULL`,
      [[this.games.now ?? 0, this.games.later ?? 0]],
    );
    const isLive = (id?: number) => id !== undefined && live.some((row) => row.id === id);
    if (!isLive(this.games.now)) {
      this.games.now = await this.insertGame(GAME_NOW, true);
      this.doorCode = undefined;
    }
    if (!isLive(this.games.later)) this.games.later = await this.insertGame(GAME_LATER, false);
    return { now: this.games.now!, later: this.games.later! };
  }

  private async insertGame(slot: typeof GAME_NOW, started: boolean): Promise<number> {
    const now = this.api.clock.now();
    // The slot's previous game (ended, or a replaced owner's) gives way.
    await this.api.db.query(
      `UPDATE bookings SET cancelled_at = $3 WHERE court_id = $1 AND starts_at = $2 AND cancelled_at IS NULL`,
      [slot.court, slot.startsAt, now],
    );
    const [row] = await this.api.db.query<[{ id: number }]>(
      `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count, started_at)
       VALUES ($1, $2, $3, $4, 2, $5) RETURNING id`,
      [this.owner.id, slot.court, slot.startsAt, slot.endsAt, started ? now : null],
    );
    return row.id;
  }

  /** A code on the door display for A's game, not used yet: asked for through the real call. */
  private async liveDoorCode(): Promise<{ id: number; code: string }> {
    const { now } = await this.liveGames();
    if (this.doorCode) {
      const [row] = await this.api.db.query<{ id: number }[]>(
        `SELECT id FROM door_codes WHERE id = $1 AND consumed_at IS NULL AND expires_at > $2`,
        [this.doorCode.id, this.api.clock.now()],
      );
      if (row) return this.doorCode;
    }
    const sent = await this.owner.client.act(`/api/send/${now}/`);
    if (sent.status !== 200) throw new Error(`send for the door code: ${sent.status} ${JSON.stringify(sent.body)}`);
    const code = (await displayState(this.agent)).display?.code;
    const [row] = await this.api.db.query<{ id: number }[]>(
      `SELECT id FROM door_codes WHERE booking_id = $1 AND consumed_at IS NULL ORDER BY id DESC LIMIT 1`,
      [now],
    );
    if (!code || !row) throw new Error('no door code on the display');
    this.doorCode = { id: row.id, code };
    return this.doorCode;
  }

  /** A's rental, through the real call on a free shelf when there is none. */
  private async liveRental(): Promise<{ id: number; shelf_id: number }> {
    const rental = async () =>
      (
        await this.api.db.query<{ id: number; shelf_id: number }[]>(
          `SELECT id, shelf_id FROM shelf_rentals WHERE user_id = $1 AND ended_at IS NULL`,
          [this.owner.id],
        )
      )[0];
    const live = await rental();
    if (live) return live;
    const shelves = (await this.owner.client.get('/api/shelves/')).body as { detail: { id: number; status: string }[] };
    const free = shelves.detail.find((shelf) => shelf.status === 'free');
    if (!free) throw new Error('no free shelf for the player');
    const rented = await this.owner.client.act(`/api/reserve_shelf/?id=${free.id}`);
    if (rented.status !== 200) throw new Error(`reserve_shelf: ${rented.status} ${JSON.stringify(rented.body)}`);
    return (await rental())!;
  }

  /**
   * A's place in line for next Tuesday's 12:00, when both courts were taken by others, with court 2
   * freed since and held for A (an offer: confirm takes it, leave lets it go).
   */
  private async liveWaitlistPlace(): Promise<number> {
    const place = async () =>
      (
        await this.api.db.query<{ id: number }[]>(
          `SELECT id FROM waitlist_entries WHERE user_id = $1 AND state = 'offered'`,
          [this.owner.id],
        )
      )[0]?.id;
    const live = await place();
    if (live) return live;
    const now = new Date(MATRIX_NOW);
    await this.api.db.query(
      `UPDATE bookings SET cancelled_at = $3 WHERE user_id = $1 AND starts_at = $2 AND cancelled_at IS NULL`,
      [this.owner.id, WAIT_HOUR.startsAt, now],
    );
    await this.api.db.query(`UPDATE waitlist_entries SET state = 'left' WHERE user_id = $1 AND state = 'waiting'`, [
      this.owner.id,
    ]);
    for (const [court, userId] of [
      [1, this.other.id],
      [2, this.admin.id],
    ] as const) {
      await this.api.db.query(
        `INSERT INTO bookings (user_id, court_id, starts_at, ends_at, players_count)
         SELECT $1, $2, $3, $4, 2 WHERE NOT EXISTS (
           SELECT 1 FROM bookings WHERE court_id = $2 AND starts_at = $3 AND cancelled_at IS NULL)`,
        [userId, court, WAIT_HOUR.startsAt, WAIT_HOUR.endsAt],
      );
    }
    const joined = await this.owner.client.post('/api/waitlist/', { time_start: WAIT_HOUR.startsAt });
    if (joined.status !== 200) throw new Error(`waitlist: ${joined.status} ${JSON.stringify(joined.body)}`);
    const [[freed]] = await this.api.db.query<[{ id: number }[], number]>(
      `UPDATE bookings SET cancelled_at = $2 WHERE court_id = 2 AND starts_at = $1 AND cancelled_at IS NULL RETURNING id`,
      [WAIT_HOUR.startsAt, now],
    );
    await this.api.app.get(Waitlist).offer({ bookingId: freed!.id, courtId: 2, startsAt: WAIT_HOUR.startsAt });
    return (await place())!;
  }

  private async calendarToken(): Promise<string> {
    const stored = await this.storedCalendarToken();
    if (stored) return stored;
    const made = await this.owner.client.post('/api/calendar_token/');
    if (made.status !== 200) throw new Error(`calendar_token: ${made.status} ${JSON.stringify(made.body)}`);
    return (await this.storedCalendarToken())!;
  }

  private async storedCalendarToken(): Promise<string | null> {
    const [row] = await this.api.db.query<{ calendar_token: string | null }[]>(
      `SELECT calendar_token FROM users WHERE id = $1`,
      [this.owner.id],
    );
    return row?.calendar_token ?? null;
  }
}
