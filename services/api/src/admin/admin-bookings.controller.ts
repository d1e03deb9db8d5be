import { Body, Delete, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { type AdminBooking, adminBookingCreate, adminBookingSchema, BookingError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, ResponseSchema, type Parsed } from '../common/request-schema';
import type { User } from '../users/user.entity';
import { AdminBookingsService, bookingsListQuery } from './admin-bookings.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from './resource-reads';

/** The dashboard's `bookings` resource (docs/admin-api.md). Filters: id, day or week (YYYY-MM-DD, local), court_id, user_id, status; newest start first by default. */
@AdminResourceController('bookings')
export class AdminBookingsController extends ResourceReads<AdminBooking, typeof bookingsListQuery>(
  'bookings',
  bookingsListQuery,
  adminBookingSchema,
) {
  constructor(private readonly bookings: AdminBookingsService) {
    super({
      list: (query) => bookings.list(query),
      get: (id) => bookings.get(intId(id, BookingError.GameNotFound)),
    });
  }

  /** The club books a court and hour for a player: 201 with the game; quotas unless overridden with a reason. */
  @Post()
  @BodySchema(adminBookingCreate)
  // 201, not the 200 ResponseSchema declares: the game is created.
  @ApiCreatedResponse({
    schema: z.toJSONSchema(adminBookingSchema, { io: 'output', unrepresentable: 'any' }) as object,
  })
  create(@CurrentUser() admin: User, @Body() body: Parsed<typeof adminBookingCreate>): Promise<AdminBooking> {
    return this.bookings.create(admin, body);
  }

  /** The club cancels the game (any time before it is over) and the player is mailed. */
  @Delete(':id')
  @ResponseSchema(adminBookingSchema)
  delete(@CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.cancel(admin, intId(id, BookingError.GameNotFound));
  }
}
