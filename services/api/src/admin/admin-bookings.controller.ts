import { Body, Delete, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { type AdminBooking, adminBookingCreate, adminBookingSchema, BookingError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { AdminBookingsService, bookingsListQuery } from './admin-bookings.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/** The dashboard's `bookings` resource (docs/admin-api.md). Filters: id, day or week (YYYY-MM-DD, local), court_id, user_id, status; newest start first by default. */
@AdminResourceController('bookings')
export class AdminBookingsController extends ResourceReads<AdminBooking, typeof bookingsListQuery>(
  'bookings',
  bookingsListQuery,
  adminBookingSchema,
) {
  constructor(private readonly bookings: AdminBookingsService) {
    super({
      list: (query, site) => bookings.list(site, query),
      get: (id, site) => bookings.get(site, intId(id, BookingError.GameNotFound)),
    });
  }

  /** The club books a court and hour for a player: 201 with the game; quotas unless overridden with a reason. */
  @Post()
  @BodySchema(adminBookingCreate)
  // 201, not the 200 ResponseSchema declares: the game is created.
  @ApiCreatedResponse({
    schema: z.toJSONSchema(adminBookingSchema, { io: 'output', unrepresentable: 'any' }) as object,
  })
  create(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() admin: User,
    @Body() body: Parsed<typeof adminBookingCreate>,
  ): Promise<AdminBooking> {
    return this.bookings.create(site, admin, body);
  }

  /** The club cancels the game (any time before it is over) and the player is mailed. */
  @Delete(':id')
  @ResponseSchema(adminBookingSchema)
  delete(@CurrentSite() site: SiteRecord, @CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.cancel(site, admin, intId(id, BookingError.GameNotFound));
  }
}
