import { Body, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  AdminError,
  type AdminUser,
  adminUserSchema,
  adminUserUpdate,
  type BlockEffects,
  blockEffectsSchema,
  type PlayerNoShows,
  playerNoShowsSchema,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminUsersService, usersListQuery } from './admin-users.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/**
 * The dashboard's `users` resource (docs/admin-api.md): every account (accounts are global). Filters:
 * id, q, role, status, blocked, deleted. PUT: `blocked` true blocks (as delete_user), false restores
 * (a site's admin: players only, and blocks made at their sites); `is_sport_school`, `role` and
 * `site_ids` (owners only).
 */
@AdminResourceController('users')
export class AdminUsersController extends ResourceReads<AdminUser, typeof usersListQuery>(
  'users',
  usersListQuery,
  adminUserSchema,
) {
  constructor(private readonly users: AdminUsersService) {
    super({
      list: (query, site) => users.list(site, query),
      get: (id, site) => users.get(site, intId(id, AdminError.UserNotFound)),
    });
  }

  /** What a block would do now: the games it cancels, those on now it keeps, the rental it ends. */
  @Get(':id/block-effects')
  @ResponseSchema(blockEffectsSchema)
  blockEffects(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
  ): Promise<BlockEffects> {
    return this.users.blockEffects(site, admin, intId(id, AdminError.UserNotFound));
  }

  /** The player's no-shows at the site and the pause they bring there now. */
  @Get(':id/no-shows')
  @ResponseSchema(playerNoShowsSchema)
  noShows(@CurrentSite() site: SiteRecord, @Param('id') id: string): Promise<PlayerNoShows> {
    return this.users.noShows(site, intId(id, AdminError.UserNotFound));
  }

  /** Forgives one of the player's no-shows (logged in the admin action log); answers the list anew. */
  @Post(':id/no-shows/:bookingId/forgive')
  @HttpCode(200)
  @ResponseSchema(playerNoShowsSchema)
  forgiveNoShow(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Param('bookingId') bookingId: string,
  ): Promise<PlayerNoShows> {
    return this.users.forgiveNoShow(
      site,
      admin,
      intId(id, AdminError.UserNotFound),
      intId(bookingId, AdminError.NoShowNotFound),
    );
  }

  /** Other fields than `blocked`, `is_sport_school`, `role` and `site_ids` are ignored. */
  @Put(':id')
  @BodySchema(adminUserUpdate)
  @ResponseSchema(adminUserSchema)
  update(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminUserUpdate>,
  ): Promise<AdminUser> {
    return this.users.update(site, admin, intId(id, AdminError.UserNotFound), body);
  }
}
