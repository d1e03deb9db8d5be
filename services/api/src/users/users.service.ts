import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type Repository } from 'typeorm';
import { ChangeFeed } from '../cache/change-feed';
import type { LocalCache } from '../cache/local-cache';
import { Clock } from '../common/clock';
import { PURGE_AFTER_MS } from '../queues/queues';
import { User } from './user.entity';

@Injectable()
export class UsersService {
  /** The accounts behind sessions, by id: every signed-in request reads one (issue 17). */
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
  countPlayers(): Promise<number> {
    return this.users.countBy({ role: 'player', deletedAt: IsNull(), confirmedAt: Not(IsNull()) });
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  create(fields: Partial<User>): User {
    return this.users.create(fields);
  }

  async confirm(user: User): Promise<void> {
    user.confirmedAt = this.clock.now();
    await this.users.update(user.id, { confirmedAt: user.confirmedAt });
  }

  async acceptRules(user: User): Promise<void> {
    if (user.rulesAcceptedAt) return;
    await this.users.update(user.id, { rulesAcceptedAt: this.clock.now() });
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
    return updated.auth_epoch;
  }

  /**
   * Self-deletion: the account stops working at once, its games still ahead are cancelled (their
   * courts are free for others; reminders find them cancelled) and its shelf rental ends. Its data
   * goes after PURGE_AFTER_MS.
   */
  async markSelfDeleted(userId: number): Promise<Date> {
    const now = this.clock.now();
    await this.users.manager.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET deleted_at = $2, deletion_kind = 'self', auth_epoch = auth_epoch + 1, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL`,
        [userId, now],
      );
      await tx.query(
        `UPDATE bookings SET cancelled_at = $2 WHERE user_id = $1 AND cancelled_at IS NULL AND starts_at > $2`,
        [userId, now],
      );
      // The shelf is given up and marked for an admin to clear out what is left inside.
      await tx.query(
        `WITH ended AS (
           UPDATE shelf_rentals SET ended_at = $2, ended_reason = 'account-deleted'
            WHERE user_id = $1 AND ended_at IS NULL RETURNING shelf_id)
         UPDATE shelves SET needs_clearing = true WHERE id IN (SELECT shelf_id FROM ended)`,
        [userId, now],
      );
    });
    return now;
  }

  /**
   * Erases the personal data of a self-deleted account whose grace period is over. Does nothing
   * for an account an admin restored, one blocked by an admin (kept on purpose) or one not yet due.
   */
  async purgeIfDue(userId: number): Promise<boolean> {
    const now = this.clock.now();
    // The provider identities (VK ID, Yandex ID user ids) are personal data too: they go with it.
    const rows = await this.users.query<{ id: number }[]>(
      `WITH purged AS (
         UPDATE users
            SET email = 'deleted-' || id || '@purged.invalid', phone_number = NULL,
                name = 'Удалённый пользователь', password_hash = NULL, purged_at = $2, updated_at = now()
          WHERE id = $1 AND deletion_kind = 'self' AND purged_at IS NULL AND deleted_at <= $3
          RETURNING id
       ), unlinked AS (
         DELETE FROM user_identities WHERE user_id IN (SELECT id FROM purged)
       )
       SELECT id FROM purged`,
      [userId, now, new Date(now.getTime() - PURGE_AFTER_MS)],
    );
    return rows.length > 0;
  }
}
