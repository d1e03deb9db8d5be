import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  type AvailableTimes,
  availableTimesQuery,
  bookedTimesQuery,
  BookingError,
  type BookingLimits,
  bookingLimitsQuery,
  type ClubRules,
  type Court,
  type CourtsStatus,
  courtsStatusQuery,
  deleteOrderBody,
  type DetailResponse,
  messages,
  type MyOrder,
  orderCourtBody,
  type OrderCreated,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, QuerySchema, type Parsed } from '../common/request-schema';
import { AdminOnly, OwnObject, SharedObject } from '../common/route-policy';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ClubCalendar } from '../club/club-calendar';
import { CourtsService } from '../club/courts.service';
import { AvailabilityService } from './availability.service';
import { BookingsService } from './bookings.service';

/** MyOrder (@kort/contracts) as OpenAPI: `offline_pin` only on today's games, `court_name` and `series` only when they say something. */
const MY_ORDERS_SCHEMA = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'date', 'day_of_week', 'time', 'today', 'name', 'id_cort', 'time_start'],
        properties: {
          id: { type: 'integer' },
          date: { type: 'string' },
          day_of_week: { type: 'string' },
          time: { type: 'string' },
          today: { type: 'boolean' },
          name: { type: 'integer' },
          id_cort: { type: 'integer' },
          time_start: { type: 'string', format: 'date-time' },
          offline_pin: {
            type: 'string',
            pattern: '^[0-9]{6}$',
            description: "Today's games only: the PIN for the door keypad while the club is offline",
          },
          court_name: {
            type: 'string',
            description: 'Only for a court the club named otherwise than «Корт N»: its name',
          },
          series: {
            type: 'object',
            required: ['id', 'label'],
            properties: { id: { type: 'integer' }, label: { type: 'string' } },
            description: "A sport school's game booked by its term: the term and how it reads",
          },
        },
      },
    },
  },
};

@ApiTags('bookings')
@Controller()
export class BookingsController {
  constructor(
    private readonly bookings: BookingsService,
    private readonly availability: AvailabilityService,
    private readonly courtList: CourtsService,
    private readonly calendar: ClubCalendar,
    private readonly users: UsersService,
  ) {}

  /** The courts open for booking, in the club's order. */
  @Get('get_courts')
  async courts(): Promise<DetailResponse<Court[]>> {
    const courts = await this.courtList.active();
    return { detail: courts.map((court) => ({ id_cort: court.id, name: court.name })) };
  }

  /** The club's hours and quotas of the moment (its settings; the spec's rules by default), the door window and no-show rule. */
  @Get('booking_rules')
  async bookingRules(): Promise<DetailResponse<ClubRules>> {
    return { detail: await this.calendar.clubRules() };
  }

  @Get('booked_times')
  @QuerySchema(bookedTimesQuery)
  async bookedTimes(@Query() query: Parsed<typeof bookedTimesQuery>): Promise<DetailResponse<number[]>> {
    return { detail: await this.availability.fullyBookedDays(query.year, query.month) };
  }

  /** The days the caller's own quotas refuse a booking, and why (issue 19: said before the last step). */
  @Get('booking_limits')
  @QuerySchema(bookingLimitsQuery)
  async bookingLimits(
    @CurrentUser() user: User,
    @Query() query: Parsed<typeof bookingLimitsQuery>,
  ): Promise<DetailResponse<BookingLimits>> {
    return { detail: await this.availability.bookingLimits(user, query.year, query.month) };
  }

  @Get('get-available-times')
  @QuerySchema(availableTimesQuery)
  availableTimes(
    @CurrentUser() user: User,
    @Query() query: Parsed<typeof availableTimesQuery>,
  ): Promise<AvailableTimes> {
    return this.availability.availableTimes(user, query.date);
  }

  @Get('get_courts_status')
  @QuerySchema(courtsStatusQuery)
  courtsStatus(@Query() query: Parsed<typeof courtsStatusQuery>): Promise<CourtsStatus> {
    return this.availability.busyCourts(query.date, query.hour);
  }

  @Post('order-court/:id_cort')
  @HttpCode(200)
  @SharedObject('court', 'id_cort')
  @BodySchema(orderCourtBody)
  async order(
    @CurrentUser() user: User,
    @Param('id_cort') pathCourt: string,
    @Body() body: Parsed<typeof orderCourtBody>,
  ): Promise<OrderCreated> {
    const booking = await this.bookings.order(user, {
      pathCourt: courtNumber(pathCourt),
      courtId: body.id_cort,
      timeStart: body.time_start,
      playersCount: body.players_count,
    });
    return { detail: messages.courtBooked, id: booking.id };
  }

  /** The game is named by its court and start, in the path and the body. */
  @Post('delete_order/:id_cort')
  @HttpCode(200)
  @OwnObject('game', 'id_cort', 'time_start')
  @BodySchema(deleteOrderBody)
  async cancel(
    @CurrentUser() user: User,
    @Param('id_cort') pathCourt: string,
    @Body() body: Parsed<typeof deleteOrderBody>,
  ): Promise<DetailResponse> {
    await this.bookings.cancel(user, courtNumber(pathCourt), body.id_cort, body.time_start);
    return { detail: messages.gameCancelled };
  }

  @Get('my-orders')
  @ApiOkResponse({ schema: MY_ORDERS_SCHEMA })
  async myOrders(@CurrentUser() user: User): Promise<DetailResponse<MyOrder[]>> {
    return { detail: await this.availability.myOrders(user) };
  }

  @Get('sport_school')
  sportSchool(@CurrentUser() user: User): DetailResponse<boolean> {
    return { detail: user.isSportSchool };
  }

  @AdminOnly()
  @Get('count_users')
  async countUsers(): Promise<DetailResponse<number>> {
    return { detail: await this.users.countPlayers() };
  }

  @AdminOnly()
  @Get('count_games')
  async countGames(): Promise<DetailResponse<number>> {
    return { detail: await this.availability.gamesToday() };
  }

  /** Games released as no-shows this ISO week (the club's local week): the dashboard's counter. */
  @AdminOnly()
  @Get('count_no_shows')
  async countNoShows(): Promise<DetailResponse<number>> {
    return { detail: await this.availability.noShowsThisWeek() };
  }
}

function courtNumber(raw: string): number {
  if (!/^\d{1,6}$/.test(raw)) throw new KortError(BookingError.UnknownCourt);
  return Number(raw);
}
