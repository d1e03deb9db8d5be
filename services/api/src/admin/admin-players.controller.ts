import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  adminUserSchema,
  currentPlayerSchema,
  detailOf,
  givenUserSchema,
  messages,
  userIdQuery,
  userSearchQuery,
  type AdminUser,
  type CurrentPlayer,
  type DetailResponse,
  type GivenUser,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { QuerySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly, ChangesState } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminBookingsService } from './admin-bookings.service';
import { AccountBlocks } from './account-blocks';
import { AdminUsersService } from './admin-users.service';

/**
 * The spec's admin calls about players: search, profile, block and restore. Accounts are global;
 * the games, shelf and door openings shown are the chosen site's.
 */
@ApiTags('admin')
@Controller()
@AdminOnly()
export class AdminPlayersController {
  constructor(
    private readonly users: AdminUsersService,
    private readonly bookings: AdminBookingsService,
    private readonly blocks: AccountBlocks,
  ) {}

  /** Players whose game at the site is on now; an empty list when nobody plays (the app shows "Никто не играет"). */
  @Get('get_current_players')
  @ResponseSchema(detailOf(z.array(currentPlayerSchema)))
  async currentPlayers(@CurrentSite() site: SiteRecord): Promise<DetailResponse<CurrentPlayer[]>> {
    return { detail: await this.users.currentPlayers(site) };
  }

  /** The whole e-mail, case-insensitive; 404 "Нет такого пользователя". */
  @Get('user_search')
  @QuerySchema(userSearchQuery)
  @ResponseSchema(detailOf(adminUserSchema))
  async search(
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof userSearchQuery>,
  ): Promise<DetailResponse<AdminUser>> {
    return { detail: await this.users.findByEmail(site, query.email) };
  }

  /** The user, their games not over yet, their shelf and their last 20 door openings. */
  @Get('give_user')
  @QuerySchema(userIdQuery)
  @ResponseSchema(detailOf(givenUserSchema))
  async giveUser(
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof userIdQuery>,
  ): Promise<DetailResponse<GivenUser>> {
    const user = await this.users.get(site, query.id);
    const [games, shelf, doorOpenings] = await Promise.all([
      this.bookings.upcomingOf(site, user.id),
      this.users.currentShelf(site, user.id),
      this.users.doorOpenings(site, user.id),
    ]);
    return { detail: { user, games, shelf, door_openings: doorOpenings } };
  }

  /** Lifts an admin block (or takes back a self-deletion not yet purged). */
  @Get('restore_user')
  @ChangesState()
  @QuerySchema(userIdQuery)
  @ResponseSchema(detailOf(z.string()).extend({ user: adminUserSchema }))
  async restore(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Query() query: Parsed<typeof userIdQuery>,
  ): Promise<DetailResponse & { user: AdminUser }> {
    await this.blocks.restore(site, admin, query.id);
    return { detail: messages.userRestored, user: await this.users.get(site, query.id) };
  }

  /** The admin block: kept and restorable; see docs/decisions.md. An admin cannot block themselves (409). */
  @Get('delete_user')
  @ChangesState()
  @QuerySchema(userIdQuery)
  @ResponseSchema(detailOf(z.string()).extend({ user: adminUserSchema }))
  async block(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Query() query: Parsed<typeof userIdQuery>,
  ): Promise<DetailResponse & { user: AdminUser }> {
    await this.blocks.block(site, admin, query.id);
    return { detail: messages.userDeleted, user: await this.users.get(site, query.id) };
  }
}
