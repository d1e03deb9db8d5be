import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  currentShelfSchema,
  detailOf,
  equipmentViewSchema,
  messages,
  reservationQuery,
  reserveShelfQuery,
  shelfIdQuery,
  shelfViewSchema,
  type CurrentShelf,
  type DetailResponse,
  type EquipmentView,
  type ShelfView,
} from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { QuerySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly, ChangesState, OwnObject, SharedObject } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { ShelfStateService } from './shelf-state.service';
import { ShelvesService } from './shelves.service';

/** The shelves of the player's current site (an admin's: the dashboard's chosen site). */
@ApiTags('shelves')
@Controller()
export class ShelvesController {
  constructor(
    private readonly shelves: ShelvesService,
    private readonly state: ShelfStateService,
  ) {}

  @Get('is_shelf')
  @ResponseSchema(detailOf(z.boolean()))
  async isShelf(@CurrentSite() site: SiteRecord): Promise<DetailResponse<boolean>> {
    return { detail: await this.shelves.isEnabled(site) };
  }

  @Get('shelves')
  @ResponseSchema(detailOf(z.array(shelfViewSchema)))
  async list(@CurrentSite() site: SiteRecord): Promise<DetailResponse<ShelfView[]>> {
    return { detail: await this.shelves.list(site) };
  }

  @Get('current_shelf')
  @ResponseSchema(detailOf(currentShelfSchema.nullable()))
  async current(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
  ): Promise<DetailResponse<CurrentShelf | null>> {
    return { detail: await this.shelves.current(site, user) };
  }

  @Get('reserve_shelf')
  @ChangesState()
  @SharedObject('shelf', 'id')
  @QuerySchema(reserveShelfQuery)
  @ResponseSchema(detailOf(z.string()).extend({ shelf: currentShelfSchema }))
  async reserve(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof reserveShelfQuery>,
  ): Promise<DetailResponse & { shelf: CurrentShelf }> {
    return { detail: messages.shelfRented, shelf: await this.shelves.reserve(site, user, query.id) };
  }

  /** The renter's shelf, or an equipment compartment on the day of the caller's game. */
  @Get('open_shelf')
  @ChangesState()
  @OwnObject('shelf', 'shelf_id')
  @QuerySchema(shelfIdQuery)
  async open(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof shelfIdQuery>,
  ): Promise<DetailResponse> {
    await this.shelves.move(site, user, query.shelf_id, true);
    return { detail: messages.boxOpened };
  }

  @Get('close_shelf')
  @ChangesState()
  @OwnObject('shelf', 'shelf_id')
  @QuerySchema(shelfIdQuery)
  async close(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof shelfIdQuery>,
  ): Promise<DetailResponse> {
    await this.shelves.move(site, user, query.shelf_id, false);
    return { detail: messages.boxClosed };
  }

  @Get('cancel_reservation')
  @ChangesState()
  @OwnObject('rental', 'reservation_id')
  @QuerySchema(reservationQuery)
  async endRental(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof reservationQuery>,
  ): Promise<DetailResponse> {
    await this.shelves.endRental(site, user, query.reservation_id);
    return { detail: messages.rentalEnded };
  }

  @Get('give_inventory')
  @ResponseSchema(detailOf(z.array(equipmentViewSchema)))
  async inventory(
    @CurrentUser() user: User,
    @CurrentSite() site: SiteRecord,
  ): Promise<DetailResponse<EquipmentView[]>> {
    return { detail: await this.shelves.inventory(site, user) };
  }

  /** Whether the caller has a game today: equipment is lent for it. */
  @Get('currentday')
  @ResponseSchema(detailOf(z.boolean()))
  async currentDay(@CurrentUser() user: User, @CurrentSite() site: SiteRecord): Promise<DetailResponse<boolean>> {
    return { detail: (await this.shelves.gameToday(site, user)) !== null };
  }

  @AdminOnly()
  @Get('admin_open')
  @ChangesState()
  @QuerySchema(shelfIdQuery)
  async adminOpen(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof shelfIdQuery>,
  ): Promise<DetailResponse> {
    await this.shelves.adminMove(site, admin, query.shelf_id, true);
    return { detail: messages.boxOpened };
  }

  @AdminOnly()
  @Get('admin_close')
  @ChangesState()
  @QuerySchema(shelfIdQuery)
  async adminClose(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof shelfIdQuery>,
  ): Promise<DetailResponse> {
    await this.shelves.adminMove(site, admin, query.shelf_id, false);
    return { detail: messages.boxClosed };
  }

  /** Blocks or unblocks a shelf or compartment: a blocked one cannot be rented or opened by players. */
  @AdminOnly()
  @Get('admin_block')
  @ChangesState()
  @QuerySchema(shelfIdQuery)
  async adminBlock(
    @CurrentUser() admin: User,
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof shelfIdQuery>,
  ): Promise<DetailResponse & { is_blocked: boolean }> {
    const blocked = await this.state.toggleBlock(site, admin, query.shelf_id);
    return { detail: blocked ? messages.shelfBlocked : messages.shelfUnblocked, is_blocked: blocked };
  }
}
