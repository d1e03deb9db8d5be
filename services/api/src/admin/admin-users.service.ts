import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  AdminError,
  ROLES,
  USER_STATUSES,
  type AdminUser,
  type AdminUserUpdate,
  type BlockEffects,
  type CurrentPlayer,
  type GivenUser,
  messages,
  roublesOf,
  type PlayerNoShows,
} from '@kort/contracts';
import { GameReads } from '../bookings/game-reads';
import { NoShows } from '../bookings/no-shows';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import type { CommandStatus } from '../devices/command.entity';
import type { SiteRef } from '../common/site-ref';
import { SitesService, type SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AdminActions } from '../audit/admin-actions.service';
import { AdminBookingsService } from './admin-bookings.service';
import { AccountBlocks } from './account-blocks';
import { AdminRoles, assertMayActOn } from '../sites/site-roles';
import { withPauses } from './user-pauses';
import { boolValue, intIds, listQuery, type ListQuery } from '../resources/list-query';
import {
  containsPattern,
  isoDates,
  sqlPage,
  sqlRows,
  type Page,
  type SqlParams,
  type SqlResource,
} from '../resources/sql-list';

const SORTABLE = [
  'id',
  'email',
  'name',
  'phone_number',
  'role',
  'is_sport_school',
  'confirmed_at',
  'blocked',
  'deleted_at',
  'rules_accepted_at',
  'created_at',
  'status',
] as const;
type UserField = (typeof SORTABLE)[number];

const usersFilter = z.strictObject({
  id: intIds.optional(),
  /** E-mail, name or phone contains it (case-insensitive). */
  q: z.string().max(200).optional(),
  role: z.enum(ROLES).optional(),
  /** The account's state; `active` with role 'player' is who the home counter counts. */
  status: z.enum(USER_STATUSES).optional(),
  blocked: boolValue.optional(),
  /** Deleted in any way (self-deleted or blocked). */
  deleted: boolValue.optional(),
  /** Sport-school accounts (a school's term is booked for one). */
  is_sport_school: boolValue.optional(),
});
type UsersFilter = z.output<typeof usersFilter>;

export const usersListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filter: usersFilter,
});

/** Accounts are the install's, not a site's: one account plays at every site. */
export const USERS_SOURCE = `
  SELECT u.id, u.email, u.name, u.phone_number, u.role,
         coalesce((SELECT array_agg(a.site_id ORDER BY a.site_id) FROM site_admins a WHERE a.user_id = u.id), '{}')
           AS site_ids,
         u.is_sport_school, u.confirmed_at,
         coalesce(u.deletion_kind = 'admin', false) AS blocked, u.deleted_at, u.deletion_kind,
         (u.purged_at IS NOT NULL) AS purged, u.rules_accepted_at, u.created_at,
         CASE WHEN u.deletion_kind = 'admin' THEN 'blocked'
              WHEN u.purged_at IS NOT NULL THEN 'purged'
              WHEN u.deleted_at IS NOT NULL THEN 'self_deleted'
              WHEN u.confirmed_at IS NULL THEN 'unconfirmed'
              ELSE 'active' END AS status
    FROM users u`;

/**
 * The digits of a search that reads as a phone number ('+7 (912) 345', '8 912 345-67-89'), with a
 * leading 8 of a whole Russian number read as 7; null for anything else.
 */
export function phoneDigits(q: string): string | null {
  if (!/^[\d\s()+-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return digits.length === 11 && digits.startsWith('8') ? `7${digits.slice(1)}` : digits;
}

/** The account with what it paid at the site and got back there (kopecks). */
const usersWithMoney = (params: SqlParams, site: SiteRef): string => {
  const at = params.add(site.id);
  return `SELECT a.*,
            coalesce((SELECT sum(p.amount_kopecks) FROM payments p
                       WHERE p.user_id = a.id AND p.site_id = ${at} AND p.status = 'succeeded'), 0)::int AS paid_kopecks,
            coalesce((SELECT sum(r.amount_kopecks) FROM refunds r JOIN payments p ON p.id = r.payment_id
                       WHERE p.user_id = a.id AND r.site_id = ${at} AND r.status = 'succeeded'), 0)::int AS refunded_kopecks
       FROM (${USERS_SOURCE}) a`;
};

const usersResource: SqlResource<UserField, UsersFilter> = {
  source: usersWithMoney,
  columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<UserField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    const where: string[] = [];
    if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
    const q = filter.q?.trim();
    if (q) {
      const pattern = params.add(containsPattern(q));
      // Phones are stored as +79123456789 and shown as +7 (912) 345-67-89: either way of typing finds them.
      const digits = phoneDigits(q);
      const byDigits = digits
        ? ` OR regexp_replace(coalesce(r.phone_number, ''), '\\D', '', 'g') LIKE ${params.add(`%${digits}%`)}`
        : '';
      where.push(
        `(r.email ILIKE ${pattern} OR r.name ILIKE ${pattern} OR coalesce(r.phone_number, '') ILIKE ${pattern}${byDigits})`,
      );
    }
    if (filter.role) where.push(`r.role = ${params.add(filter.role)}`);
    if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
    if (filter.blocked !== undefined) where.push(`r.blocked = ${params.add(filter.blocked)}`);
    if (filter.deleted !== undefined) where.push(`(r.deleted_at IS NOT NULL) = ${params.add(filter.deleted)}`);
    if (filter.is_sport_school !== undefined) where.push(`r.is_sport_school = ${params.add(filter.is_sport_school)}`);
    return where;
  },
};

const toUser = (row: Record<string, unknown>): AdminUser => {
  const { paid_kopecks: paid, refunded_kopecks: refunded, ...rest } = row;
  return { ...isoDates<AdminUser>(rest), paid: roublesOf(Number(paid)), refunded: roublesOf(Number(refunded)) };
};

/**
 * Players as the admin sees them (their block and restore: account-blocks.ts).
 * Accounts are global (one account plays at every site), so every admin lists and reads every
 * account (a walk-in at their site may never have played there); what is a site's (games, no-shows
 * and their pause, the shelf, door openings, the players on court now) is the chosen site's only.
 * A block is the account's: it shuts the account and cancels its games at every site, and is
 * logged at every site it touches; only an owner blocks, restores or flags an admin or an owner,
 * and only an owner sets the sport-school flag (docs/decisions/0071-account-wide-acts.md). A block
 * keeps every row (restorable, never purged); see docs/decisions.md for its effects.
 */
@Injectable()
export class AdminUsersService {
  private readonly logger = new Logger('AdminUsers');

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly actions: AdminActions,
    private readonly users: UsersService,
    private readonly games: AdminBookingsService,
    private readonly noShowRule: NoShows,
    private readonly roles: AdminRoles,
    private readonly sites: SitesService,
    private readonly blocks: AccountBlocks,
    private readonly gameReads: GameReads,
  ) {}

  /** The player's no-shows at the site and the pause they bring there now (no-shows count per site). */
  async noShows(site: SiteRef, id: number): Promise<PlayerNoShows> {
    const [player] = await this.db.query<{ is_sport_school: boolean }[]>(
      `SELECT is_sport_school FROM users WHERE id = $1`,
      [id],
    );
    if (!player) throw new KortError(AdminError.UserNotFound);
    const [rows, here, pausedUntil] = await Promise.all([
      this.noShowRule.of(id),
      this.gameReads.noShowsOf(site, id),
      this.noShowRule.pausedUntil(site, { id, isSportSchool: player.is_sport_school }),
    ]);
    return {
      no_shows: rows
        .filter((row) => here.has(row.booking_id))
        .map((row) => ({ ...row, starts_at: row.starts_at.toISOString() })),
      paused_until: pausedUntil?.toISOString() ?? null,
    };
  }

  /** Forgives one no-show at the site: it no longer counts towards the pause. Logged as the admin's action. */
  async forgiveNoShow(site: SiteRef, admin: User, id: number, bookingId: number): Promise<PlayerNoShows> {
    if (!(await this.gameReads.noShowsOf(site, id)).has(bookingId)) throw new KortError(AdminError.NoShowNotFound);
    await this.db.transaction(async (tx) => {
      if (!(await this.noShowRule.forgive(id, bookingId, tx))) throw new KortError(AdminError.NoShowNotFound);
      await this.actions.record(
        site,
        tx,
        admin.id,
        'booking.forgive_no_show',
        'booking',
        bookingId,
        messages.noShowForgiven,
      );
    });
    this.logger.log({ user: id, booking: bookingId, site: site.id, admin: admin.id }, 'no-show forgiven by an admin');
    return this.noShows(site, id);
  }

  async list(site: SiteRef, query: ListQuery<UserField, UsersFilter>): Promise<Page<AdminUser>> {
    const page = await sqlPage(this.db, site, usersResource, query, toUser);
    return { ...page, rows: await withPauses(this.noShowRule, site, page.rows) };
  }

  /** Any account (accounts are global), with its no-show pause at the site. */
  async get(site: SiteRef, id: number): Promise<AdminUser> {
    const [user] = await sqlRows(this.db, site, usersResource, (params) => `r.id = ${params.add(id)}`, toUser);
    if (!user) throw new KortError(AdminError.UserNotFound);
    const [withPause] = await withPauses(this.noShowRule, site, [user]);
    return withPause!;
  }

  /** The spec's user_search: the whole e-mail, case-insensitively (e-mails are stored lowercased). */
  async findByEmail(site: SiteRef, email: string): Promise<AdminUser> {
    const address = email.trim().toLowerCase();
    const [user] = await sqlRows(this.db, site, usersResource, (params) => `r.email = ${params.add(address)}`, toUser);
    if (!user) throw new KortError(AdminError.UserNotFound);
    return user;
  }

  /**
   * Fields react-admin sends back unchanged change nothing; `blocked` blocks or restores; `role` and
   * `site_ids` are an owner's (AdminRoles), checked before anything else changes; so is the
   * sport-school flag, which lifts the quotas at every site.
   */
  async update(site: SiteRecord, admin: User, id: number, changes: AdminUserUpdate): Promise<AdminUser> {
    const user = await this.get(site, id);
    const sportSchool = changes.is_sport_school;
    const flagChanges = sportSchool !== undefined && sportSchool !== user.is_sport_school;
    if (flagChanges) {
      assertMayActOn(admin, user);
      if (admin.role !== 'owner') throw new KortError(AdminError.SportSchoolOwnersOnly);
    }
    await this.roles.change(site, admin, user, changes);
    if (changes.blocked !== undefined && changes.blocked !== user.blocked) {
      if (changes.blocked) await this.blocks.block(site, admin, id);
      else await this.blocks.restore(site, admin, id);
    }
    if (flagChanges) {
      await this.db.transaction(async (tx) => {
        await this.users.setSportSchool(id, sportSchool, tx);
        await this.actions.record(
          site,
          tx,
          admin.id,
          sportSchool ? 'user.sport_school_on' : 'user.sport_school_off',
          'user',
          id,
        );
      });
      this.users.forget(id);
      this.logger.log({ user: id, admin: admin.id, sportSchool }, 'sport-school flag set');
    }
    return this.get(site, id);
  }

  /**
   * What blocking the account would do now (the confirmation's list): the games it cancels, the
   * games on now it keeps, at the sites the admin runs (the others' only counted: the block is the
   * account's), and the shelf rental at the site it ends. 404 for an unknown account.
   */
  async blockEffects(site: SiteRef, admin: User, id: number): Promise<BlockEffects> {
    await this.get(site, id);
    const shown = admin.role === 'owner' ? null : (await this.sites.sitesRunBy(admin)).map((one) => one.id);
    const [{ cancelled, onNow, elsewhere }, shelf] = await Promise.all([
      this.games.blockEffectsOn(site, id, shown),
      this.currentShelf(site, id),
    ]);
    return {
      cancelled_games: cancelled,
      games_on_now: onNow,
      shelf: shelf && { shelf_id: shelf.shelf_id, since: shelf.since },
      other_sites: { cancelled_games: elsewhere.cancelled, games_on_now: elsewhere.onNow },
    };
  }

  /**
   * The spec's get_current_players: players with a game on now at the site, i.e. not cancelled, not
   * ended, its hour not over, and either its hour has begun or the door was already opened for it.
   */
  async currentPlayers(site: SiteRef): Promise<CurrentPlayer[]> {
    return this.gameReads.playingAt(site, this.clock.now());
  }

  /** The player's shelf rental at the site. */
  async currentShelf(site: SiteRef, userId: number): Promise<GivenUser['shelf']> {
    const [rental] = await this.db.query<{ shelf_id: number; rental_id: number; since: Date }[]>(
      `SELECT shelf_id, id AS rental_id, started_at AS since FROM shelf_rentals
        WHERE user_id = $1 AND site_id = $2 AND ended_at IS NULL`,
      [userId, site.id],
    );
    return rental ? { ...rental, since: rental.since.toISOString() } : null;
  }

  /**
   * The player's door openings at the site: their `door.open` commands (by code) and the agent's
   * `door.entry` rows (by offline PIN), from the audit log, newest first.
   */
  async doorOpenings(site: SiteRef, userId: number, limit = 20): Promise<GivenUser['door_openings']> {
    const rows = await this.db.query<{ command_id: string; requested_at: Date; status: CommandStatus }[]>(
      `SELECT id AS command_id, requested_at, status FROM commands
        WHERE site_id = $3 AND requested_by = $1 AND action IN ('door.open', 'door.entry')
        ORDER BY requested_at DESC LIMIT $2`,
      [userId, limit, site.id],
    );
    return rows.map((row) => ({ ...row, requested_at: row.requested_at.toISOString() }));
  }
}
