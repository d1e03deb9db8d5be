import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AdminError, type Role } from '@kort/contracts';
import { IsNull, Not, type Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import type { Writer } from '../common/writer';
import { PURGE_AFTER_MS } from '../queues/queues';
import { User } from './user.entity';

@Injectable()
export class UsersService {
  /** The accounts behind sessions, by id: every signed-in request reads one. */
  private readonly sessionUsers: LocalCache<User | null>;

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly clock: Clock,
    feed: ChangeFeed,
  ) {
    this.sessionUsers = feed.cache('users', { maxEntries: 20_000 });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email });
  }

  /**
   * A confirmed, not deleted account: the only kind that may hold a session. From memory until its
   * row changes (a block, a deletion, a new password: the change feed drops it on every replica
   * before the writer answers), so it is frozen: nobody may change it in place.
   */
  findUsable(id: number): Promise<User | null> {
    return this.sessionUsers.get(String(id), () =>
      this.users.findOneBy({ id, deletedAt: IsNull(), confirmedAt: Not(IsNull()) }),
    );
  }

  /** Confirmed, active players: the admin's player counter. */
  async countPlayers(): Promise<number> {
    const [{ players }] = await this.users.query<[{ players: number }]>(
      `SELECT count(*)::int AS players FROM users
        WHERE role = 'player' AND deleted_at IS NULL AND confirmed_at IS NOT NULL`,
    );
    return players;
  }

  /**
   * A registration's account: a new unconfirmed one, or the unconfirmed `existing` taken over by
   * the new details. Its id; a taken address raises the unique violation for the caller to name.
   */
  async register(existing: Pick<User, 'id'> | null, fields: Registration): Promise<number> {
    const values = [fields.email, fields.name, fields.phoneNumber, fields.passwordHash];
    if (existing) {
      await this.users.query(
        `UPDATE users SET email = $2, name = $3, phone_number = $4, password_hash = $5, updated_at = now()
          WHERE id = $1`,
        [existing.id, ...values],
      );
      return existing.id;
    }
    const [created] = await this.users.query<{ id: number }[]>(
      `INSERT INTO users (email, name, phone_number, password_hash) VALUES ($1, $2, $3, $4) RETURNING id`,
      values,
    );
    return created!.id;
  }

  /** The account's role, in the caller's transaction (call `forget` once it committed). */
  async setRole(userId: number, role: Role, tx: Writer): Promise<void> {
    await tx.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [userId, role]);
  }

  /** Drops this replica's copy of the account after a committed write (other replicas hear the change feed). */
  forget(userId: number): void {
    this.sessionUsers.invalidate(String(userId));
  }

  /** The site the player's calls act on from now on (POST /api/site/). */
  async setCurrentSite(userId: number, siteId: string): Promise<void> {
    await this.users.query(`UPDATE users SET current_site_id = $2, updated_at = now() WHERE id = $1`, [userId, siteId]);
    this.sessionUsers.invalidate(String(userId));
  }

  async confirm(user: User): Promise<void> {
    user.confirmedAt = this.clock.now();
    await this.users.query(`UPDATE users SET confirmed_at = $2, updated_at = now() WHERE id = $1`, [
      user.id,
      user.confirmedAt,
    ]);
    this.forget(user.id);
  }

  async acceptRules(user: User): Promise<void> {
    if (user.rulesAcceptedAt) return;
    await this.users.query(`UPDATE users SET rules_accepted_at = $2, updated_at = now() WHERE id = $1`, [
      user.id,
      this.clock.now(),
    ]);
    this.forget(user.id);
  }

  /** Sets a new password hash and ends every session but the caller's (which gets the new epoch). */
  async setPasswordHash(userId: number, passwordHash: string): Promise<number> {
    const rows = await this.users.query<[{ auth_epoch: number }[], number]>(
      `UPDATE users SET password_hash = $2, auth_epoch = auth_epoch + 1, updated_at = now()
        WHERE id = $1 RETURNING auth_epoch`,
      [userId, passwordHash],
    );
    const updated = rows[0][0];
    if (!updated) throw new Error(`User ${userId} vanished while changing the password`);
    // The caller's session takes the new epoch at once: its next request must not meet the old copy.
    this.forget(userId);
    return updated.auth_epoch;
  }

  /** Self-deletion, the account's own part: it stops working at once (AccountService does the rest). */
  async markSelfDeleted(userId: number, at: Date, tx: Writer = this.users.manager): Promise<void> {
    await tx.query(
      `UPDATE users SET deleted_at = $2, deletion_kind = 'self', auth_epoch = auth_epoch + 1, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL`,
      [userId, at],
    );
  }

  /** Locks the account's row for an admin's decision and says what state it is in. */
  async lockForDecision(userId: number, tx: Writer): Promise<AccountState> {
    const [account] = await tx.query<AccountState[]>(
      `SELECT role, deleted_at, deletion_kind, purged_at, blocked_site_id FROM users WHERE id = $1 FOR UPDATE`,
      [userId],
    );
    if (!account) throw new KortError(AdminError.UserNotFound);
    return account;
  }

  /**
   * The admin block: every session ends on its next request; nothing is erased. `siteId` is where a
   * site's admin made it (they may lift it there), null for an owner's block (owners lift it).
   */
  async block(userId: number, at: Date, siteId: string | null, tx: Writer): Promise<void> {
    await tx.query(
      `UPDATE users SET deleted_at = $2, deletion_kind = 'admin', blocked_site_id = $3, auth_epoch = auth_epoch + 1,
              updated_at = now()
        WHERE id = $1`,
      [userId, at, siteId],
    );
  }

  /** Lifts an admin block, or takes back a self-deletion not yet purged. */
  async restore(userId: number, tx: Writer): Promise<void> {
    await tx.query(
      `UPDATE users SET deleted_at = NULL, deletion_kind = NULL, blocked_site_id = NULL, updated_at = now()
        WHERE id = $1`,
      [userId],
    );
  }

  async setSportSchool(userId: number, sportSchool: boolean, tx: Writer): Promise<void> {
    await tx.query(`UPDATE users SET is_sport_school = $2, updated_at = now() WHERE id = $1`, [userId, sportSchool]);
  }

  /** The player's own name and phone (already checked by registration's rules). */
  async setNameAndPhone(userId: number, name: string, phoneNumber: string | null): Promise<void> {
    await this.users.query(`UPDATE users SET name = $2, phone_number = $3, updated_at = now() WHERE id = $1`, [
      userId,
      name,
      phoneNumber,
    ]);
    this.forget(userId);
  }

  /** The secret of the player's calendar feed, or null to turn the feed off. */
  async setCalendarToken(userId: number, token: string | null): Promise<void> {
    await this.users.query(`UPDATE users SET calendar_token = $2, updated_at = now() WHERE id = $1`, [userId, token]);
    this.forget(userId);
  }

  /**
   * An unconfirmed account whose address a login provider vouches for: confirmed, and whoever
   * registered it without confirming loses the password they set (and any session).
   */
  async confirmForProvider(user: Pick<User, 'id' | 'authEpoch'>, at: Date, tx: Writer): Promise<void> {
    await tx.query(
      `UPDATE users SET confirmed_at = $2, password_hash = NULL, auth_epoch = auth_epoch + 1, updated_at = now()
        WHERE id = $1`,
      [user.id, at],
    );
  }

  /** A confirmed account made from a login provider's profile, with no password: its id. */
  async createForProvider(fields: Pick<User, 'email' | 'name' | 'phoneNumber'>, at: Date, tx: Writer): Promise<number> {
    const [created] = await tx.query<{ id: number }[]>(
      `INSERT INTO users (email, name, phone_number, confirmed_at) VALUES ($1, $2, $3, $4) RETURNING id`,
      [fields.email, fields.name, fields.phoneNumber, at],
    );
    return created!.id;
  }

  /**
   * Erases the personal data of a self-deleted account whose grace period is over. Does nothing
   * for an account an admin restored, one blocked by an admin (kept on purpose) or one not yet due.
   */
  async purgeIfDue(userId: number, at: Date, tx: Writer): Promise<boolean> {
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's query().
    const [rows] = await tx.query<[{ id: number }[], number]>(
      `UPDATE users
          SET email = 'deleted-' || id || '@purged.invalid', phone_number = NULL,
              name = 'Удалённый пользователь', password_hash = NULL, purged_at = $2, updated_at = now()
        WHERE id = $1 AND deletion_kind = 'self' AND purged_at IS NULL AND deleted_at <= $3
        RETURNING id`,
      [userId, at, new Date(at.getTime() - PURGE_AFTER_MS)],
    );
    return rows.length > 0;
  }
}

export type Registration = Pick<User, 'email' | 'name' | 'phoneNumber' | 'passwordHash'>;

export interface AccountState {
  role: Role;
  deleted_at: Date | null;
  deletion_kind: 'self' | 'admin' | null;
  purged_at: Date | null;
  /** Where a site's admin blocked the account; null for an owner's block or none. */
  blocked_site_id: string | null;
}
