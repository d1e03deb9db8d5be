import { Delete, Param } from '@nestjs/common';
import { type AdminBooking, adminBookingSchema, BookingError } from '@kort/contracts';
import { CurrentUser } from '../auth/current-user';
import { ResponseSchema } from '../common/request-schema';
import type { User } from '../users/user.entity';
import { AdminBookingsService, bookingsListQuery } from './admin-bookings.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from './resource-reads';

/** The dashboard's `bookings` resource (docs/admin-api.md). Filters: id, day (YYYY-MM-DD, local), court_id, user_id, status; newest start first by default. */
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

  /** The club cancels the game (any time before it is over) and the player is mailed. */
  @Delete(':id')
  @ResponseSchema(adminBookingSchema)
  delete(@CurrentUser() admin: User, @Param('id') id: string): Promise<AdminBooking> {
    return this.bookings.cancel(admin, intId(id, BookingError.GameNotFound));
  }
}
