import { Injectable, Logger } from '@nestjs/common';
import { AdminError } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { BookingsService } from '../bookings/bookings.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { ShelfStateService } from '../shelves/shelf-state.service';
import { SitesService, type SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { assertMayActOn } from '../sites/site-roles';

/**
 * An admin's block of an account (the spec's delete_user) and its restore (restore_user). An
 * account is the install's, so both reach every site: only an owner acts on an admin's or an
 * owner's account, a site's admin lifts only a block made at a site they run, and a block is
 * written in the log of every site it touches (docs/decisions/0071-account-wide-acts.md). A block
 * keeps every row (restorable, never purged); docs/decisions/0005-deletion-and-blocks.md.
 */
@Injectable()
export class AccountBlocks {
  private readonly logger = new Logger('AdminUsers');

  constructor(
    private readonly clock: Clock,
    private readonly actions: AdminActions,
    private readonly users: UsersService,
    private readonly bookings: BookingsService,
    private readonly shelves: ShelfStateService,
    private readonly events: DomainEvents,
    private readonly sites: SitesService,
  ) {}

  /**
   * The admin block (spec: delete_user). The account stops working at once (every session ends on
   * its next request), its games not yet started are cancelled (their courts are free again) and
   * its shelf rentals end, the shelves marked for clearing: at every site, since the account is one.
   * So it is written in the action log of every site it touches, each saying where it was made. A
   * site's admin blocks players only; an owner anyone but themselves. Nothing is erased; restore
   * undoes the block (not the cancellations). Blocking a blocked account changes nothing.
   */
  async block(site: SiteRecord, admin: User, id: number): Promise<void> {
    if (id === admin.id) throw new KortError(AdminError.CannotBlockSelf);
    const now = this.clock.now();
    const cancelled = await this.events.transaction(async (tx) => {
      const account = await this.users.lockForDecision(id, tx);
      assertMayActOn(admin, account);
      if (account.deletion_kind === 'admin') return null;
      if (account.deletion_kind === 'self') throw new KortError(AdminError.UserSelfDeleted);
      await this.users.block(id, now, admin.role === 'owner' ? null : site.id, tx);
      const games = await this.bookings.cancelAllFor(id, now, tx, 'club');
      // A game on now stays, but its door no longer opens: every site's agent hears.
      await this.events.record(tx, { type: 'account.changed', userId: id });
      // Games on now are kept (their door stops opening): they touch their site too.
      const onNow = (await this.bookings.liveGamesBySite(id, now, tx)).filter((row) => row.on_now > 0);
      const rentals = await this.shelves.releaseFor(id, 'account-blocked', now, tx);
      await this.actions.record(
        site,
        tx,
        admin.id,
        'user.block',
        'user',
        id,
        games.length > 0 ? `Отменено игр: ${games.length}` : null,
      );
      const touched = new Set([...games, ...onNow, ...rentals].map((row) => row.site_id));
      touched.delete(site.id);
      for (const other of touched) {
        const cancelledHere = games.filter((game) => game.site_id === other).length;
        const detail = [
          `Заблокирован на площадке «${site.name}»`,
          ...(cancelledHere ? [`отменено игр здесь: ${cancelledHere}`] : []),
          ...(onNow.some((row) => row.site_id === other) ? [`дверь больше не откроется для идущей игры`] : []),
          ...rentals.filter((row) => row.site_id === other).map((row) => `закончилась аренда ящика ${row.shelf_id}`),
        ].join('; ');
        await this.actions.record({ id: other }, tx, admin.id, 'user.block', 'user', id, detail);
      }
      return games;
    });
    if (cancelled === null) return;
    // The account stops working on this replica's next request too, not only once the feed says so.
    this.users.forget(id);
    this.logger.log(
      { user: id, admin: admin.id, site: site.id, gamesCancelled: cancelled.length },
      'account blocked by an admin',
    );
  }

  /**
   * The spec's restore_user: lifts an admin block, or takes back a self-deletion whose data was
   * not erased yet (the purge job then finds the account active and does nothing). A site's admin
   * restores players only, and lifts only a block made at a site they run; an owner lifts any. An
   * owner lifting a site admin's block writes it in that site's log too.
   */
  async restore(site: SiteRecord, admin: User, id: number): Promise<void> {
    await this.events.transaction(async (tx) => {
      const account = await this.users.lockForDecision(id, tx);
      assertMayActOn(admin, account);
      if (account.purged_at) throw new KortError(AdminError.UserPurged);
      if (!account.deleted_at) return;
      const madeAt = account.deletion_kind === 'admin' ? account.blocked_site_id : null;
      if (account.deletion_kind === 'admin' && admin.role !== 'owner') {
        if (madeAt === null || !(await this.sites.runs(admin, madeAt)))
          throw new KortError(AdminError.BlockedElsewhere);
      }
      await this.users.restore(id, tx);
      // A game still on (not cancelled by the block) opens the door again.
      await this.events.record(tx, { type: 'account.changed', userId: id });
      const detail = account.deletion_kind === 'self' ? 'Отменено удаление профиля' : 'Снята блокировка';
      await this.actions.record(site, tx, admin.id, 'user.restore', 'user', id, detail);
      if (madeAt !== null && madeAt !== site.id) {
        const where = `Снята блокировка на площадке «${site.name}»`;
        await this.actions.record({ id: madeAt }, tx, admin.id, 'user.restore', 'user', id, where);
      }
    });
    this.users.forget(id);
    this.logger.log({ user: id, admin: admin.id, site: site.id }, 'account restored by an admin');
  }
}
