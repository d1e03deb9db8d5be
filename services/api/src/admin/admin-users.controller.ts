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
import type { User } from '../users/user.entity';
import { AdminUsersService, usersListQuery } from './admin-users.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from './resource-reads';

/** The dashboard's `users` resource (docs/admin-api.md). Filters: id, q, role, status, blocked, deleted. PUT: `blocked` true blocks (as delete_user), false restores; `is_sport_school`. */
@AdminResourceController('users')
export class AdminUsersController extends ResourceReads<AdminUser, typeof usersListQuery>(
  'users',
  usersListQuery,
  adminUserSchema,
) {
  constructor(private readonly users: AdminUsersService) {
    super({
      list: (query) => users.list(query),
      get: (id) => users.get(intId(id, AdminError.UserNotFound)),
    });
  }

  /** What a block would do now: the games it cancels, those on now it keeps, the rental it ends. */
  @Get(':id/block-effects')
  @ResponseSchema(blockEffectsSchema)
  blockEffects(@Param('id') id: string): Promise<BlockEffects> {
    return this.users.blockEffects(intId(id, AdminError.UserNotFound));
  }

  /** The player's no-shows and the pause they bring now (issue 21). */
  @Get(':id/no-shows')
  @ResponseSchema(playerNoShowsSchema)
  noShows(@Param('id') id: string): Promise<PlayerNoShows> {
    return this.users.noShows(intId(id, AdminError.UserNotFound));
  }

  /** Forgives one of the player's no-shows (logged in the admin action log); answers the list anew. */
  @Post(':id/no-shows/:bookingId/forgive')
  @HttpCode(200)
  @ResponseSchema(playerNoShowsSchema)
  forgiveNoShow(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Param('bookingId') bookingId: string,
  ): Promise<PlayerNoShows> {
    return this.users.forgiveNoShow(
      admin,
      intId(id, AdminError.UserNotFound),
      intId(bookingId, AdminError.NoShowNotFound),
    );
  }

  /** Other fields than `blocked` and `is_sport_school` are ignored. */
  @Put(':id')
  @BodySchema(adminUserUpdate)
  @ResponseSchema(adminUserSchema)
  update(
    @CurrentUser() admin: User,
    @Param('id') id: string,
    @Body() body: Parsed<typeof adminUserUpdate>,
  ): Promise<AdminUser> {
    return this.users.update(admin, intId(id, AdminError.UserNotFound), body);
  }
}
