import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminError, type AdminUser, type AdminUserUpdate, messages, type Role, SiteError } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { KortError } from '../common/kort-error';
import type { SiteRef } from '../common/site-ref';
import { SitesService } from './sites.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';

const ROLE_NAMES: Record<Role, string> = {
  player: messages.rolePlayer,
  admin: messages.roleAdmin,
  owner: messages.roleOwner,
};

/**
 * Only an owner acts on an admin's or an owner's account (a block, a restore, a flag): a site's admin
 * acts on players only (docs/decisions/0071-account-wide-acts.md).
 */
export function assertMayActOn(admin: Pick<User, 'role'>, target: { role: Role }): void {
  if (target.role !== 'player' && admin.role !== 'owner') throw new KortError(AdminError.StaffOwnersOnly);
}

/**
 * Who runs which site: an account's role ('player', 'admin' of the sites in site_admins, 'owner' of
 * every site) and an admin's sites. Only an owner changes them; the same values sent back (react-
 * admin sends the whole record) change nothing and need nobody's permission. An owner never changes
 * their own role (the install keeps its owner). Sites mean something for an admin only: an account
 * made a player or an owner runs no assigned site, and an admin runs at least one (422 otherwise).
 * The site_admins table's one writer; the dashboard's user resource (admin/) calls it.
 */
@Injectable()
export class AdminRoles {
  private readonly logger = new Logger('AdminRoles');

  constructor(
    private readonly db: DataSource,
    private readonly sites: SitesService,
    private readonly actions: AdminActions,
    private readonly users: UsersService,
  ) {}

  /** Applies `role` and `site_ids` to the account as it is now; false when they change nothing. */
  async change(
    site: SiteRef,
    admin: Pick<User, 'id' | 'role'>,
    user: AdminUser,
    changes: Pick<AdminUserUpdate, 'role' | 'site_ids'>,
  ): Promise<boolean> {
    const current = [...(user.site_ids ?? [])].sort();
    const role = changes.role ?? user.role;
    const wanted = role === 'admin' ? [...new Set(changes.site_ids ?? current)].sort() : [];
    const roleChanged = role !== user.role;
    const sitesChanged = wanted.join('\n') !== current.join('\n');
    if (!roleChanged && !sitesChanged) return false;
    if (admin.role !== 'owner') throw new KortError(SiteError.OwnersOnly);
    if (roleChanged && user.id === admin.id) throw new KortError(AdminError.CannotChangeOwnRole);
    // An admin with no site would run the default one (the legacy rule in SitesService.sitesRunBy).
    if (role === 'admin' && wanted.length === 0) throw new KortError(AdminError.AdminNeedsSite);
    const named = await Promise.all(wanted.map((id) => this.sites.find(id)));
    if (named.some((one) => one === null)) throw new KortError(SiteError.NotFound);

    const detail = [
      `Роль: ${ROLE_NAMES[role]}`,
      ...(role === 'admin' && named.length > 0 ? [`площадки: ${named.map((one) => one!.name).join(', ')}`] : []),
    ].join('; ');
    await this.db.transaction(async (tx) => {
      if (roleChanged) await this.users.setRole(user.id, role, tx);
      await tx.query(`DELETE FROM site_admins WHERE user_id = $1`, [user.id]);
      if (wanted.length > 0) {
        await tx.query(`INSERT INTO site_admins (site_id, user_id) SELECT unnest($2::text[]), $1`, [user.id, wanted]);
      }
      await this.actions.record(site, tx, admin.id, 'user.role', 'user', user.id, detail);
    });
    // This replica's copies of the account and of who runs what; the others hear the change feed.
    this.users.forget(user.id);
    this.sites.wrote();
    this.logger.log({ user: user.id, admin: admin.id, role, sites: wanted }, 'role changed by an owner');
    return true;
  }
}
