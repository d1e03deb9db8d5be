import { Controller, Delete, Get, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AdminBooking, adminBookingSchema, BookingError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { ResponseSchema, type Parsed } from '../common/request-schema';
import { AdminOnly } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { AdminBookingsService, bookingsListQuery } from './admin-bookings.service';
import { ListRoute, sendPage } from './list-query';
import { intId } from './record-id';

/** The dashboard's `bookings` resource in ra-data-simple-rest's convention (docs/admin-api.md). */
@ApiTags('admin')
@Controller('admin/bookings')
@AdminOnly()
export class AdminBookingsController {
  constructor(private readonly bookings: AdminBookingsService) {}

  /** Filters: id, day (YYYY-MM-DD, local), court_id, user_id, status. Newest start first by default. */
  @ListRoute(bookingsListQuery, adminBookingSchema)
  async list(
    @Query() query: Parsed<typeof bookingsListQuery>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminBooking[]> {
    return sendPage(response, 'bookings', await this.bookings.list(query));
  }

  @Get(':id')
  @ResponseSchema(adminBookingSchema)
  getOne(@Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.get(intId(id, BookingError.GameNotFound));
  }

  /** The club cancels the game (any time before it is over) and the player is mailed. */
  @Delete(':id')
  @ResponseSchema(adminBookingSchema)
  delete(@CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.cancel(admin, intId(id, BookingError.GameNotFound));
  }
}
