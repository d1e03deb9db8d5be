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
  GAME_STATUSES,
  messages,
  type MyOrder,
  orderCourtBody,
  type OrderCreated,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { CurrentUser } from '../auth/current-user';
import { BodySchema, QuerySchema, type Parsed } from '../common/request-schema';
import { AdminOnly, OwnObject, SharedObject } from '../common/route-policy';
import { CurrentSite } from '../sites/current-site';
import type { SiteRecord } from '../sites/sites.service';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { ClubCalendar } from '../club/club-calendar';
import { CourtsService } from '../club/courts.service';
import { AvailabilityService } from './availability.service';
import { MyGames } from './my-games';
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
        required: [
          'id',
          'date',
          'day_of_week',
          'time',
          'today',
          'name',
          'id_cort',
          'time_start',
          'site_id',
          'site_name',
        ],
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
          site_id: { type: 'string', description: 'The site (club) the game is at' },
          site_name: { type: 'string', description: "The site's name" },
          status: { type: 'string', enum: [...GAME_STATUSES] },
          cancelled: {
            type: 'object',
            required: ['reason', 'at'],
            properties: { reason: { type: 'string', nullable: true }, at: { type: 'string', format: 'date-time' } },
            description: 'Only for a game the club cancelled (kept a week): the reason, none when the admin gave none',
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
    private readonly myGames: MyGames,
    private readonly courtList: CourtsService,
    private readonly calendar: ClubCalendar,
    private readonly users: UsersService,
  ) {}

  /** The current site's courts open for booking, in its club's order. */
  @Get('get_courts')
  async courts(@CurrentSite() site: SiteRecord): Promise<DetailResponse<Court[]>> {
    const courts = await this.courtList.active(site);
    return { detail: courts.map((court) => ({ id_cort: court.id, name: court.name })) };
  }

  /** The club's hours and quotas of the moment (its settings; the spec's rules by default), the door window and no-show rule. */
  @Get('booking_rules')
  async bookingRules(@CurrentSite() site: SiteRecord): Promise<DetailResponse<ClubRules>> {
    return { detail: await this.calendar.clubRules(site) };
  }

  @Get('booked_times')
  @QuerySchema(bookedTimesQuery)
  async bookedTimes(
    @CurrentSite() site: SiteRecord,
    @Query() query: Parsed<typeof bookedTimesQuery>,
  ): Promise<DetailResponse<number[]>> {
    return { detail: await this.availability.fullyBookedDays(site, query.year, query.month) };
  }

  /** The days the caller's own quotas at the current site refuse a booking, and why (said before the last step). */
  @Get('booking_limits')
  @QuerySchema(bookingLimitsQuery)
  async bookingLimits(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() user: User,
    @Query() query: Parsed<typeof bookingLimitsQuery>,
  ): Promise<DetailResponse<BookingLimits>> {
    return { detail: await this.availability.bookingLimits(site, user, query.year, query.month) };
  }

  @Get('get-available-times')
  @QuerySchema(availableTimesQuery)
  availableTimes(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() user: User,
    @Query() query: Parsed<typeof availableTimesQuery>,
  ): Promise<AvailableTimes> {
    return this.availability.availableTimes(site, user, query.date);
  }

  @Get('get_courts_status')
  @QuerySchema(courtsStatusQuery)
  courtsStatus(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() user: User,
    @Query() query: Parsed<typeof courtsStatusQuery>,
  ): Promise<CourtsStatus> {
    return this.availability.busyCourts(site, user, query.date, query.hour);
  }

  @Post('order-court/:id_cort')
  @HttpCode(200)
  @SharedObject('court', 'id_cort')
  @BodySchema(orderCourtBody)
  async order(
    @CurrentSite() site: SiteRecord,
    @CurrentUser() user: User,
    @Param('id_cort') pathCourt: string,
    @Body() body: Parsed<typeof orderCourtBody>,
  ): Promise<OrderCreated> {
    const booking = await this.bookings.order(site, user, {
      pathCourt: courtNumber(pathCourt),
      courtId: body.id_cort,
      timeStart: body.time_start,
      playersCount: body.players_count,
    });
    return {
      detail: messages.courtBooked,
      id: booking.id,
      ...(booking.payment ? { payment: booking.payment } : {}),
    };
  }

  /** The game is named by its court and start, in the path and the body; it is cancelled at its own site. */
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
    return { detail: await this.myGames.list(user) };
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

  /** The chosen site's games today (its local day): the dashboard's counter. */
  @AdminOnly()
  @Get('count_games')
  async countGames(@CurrentSite() site: SiteRecord): Promise<DetailResponse<number>> {
    return { detail: await this.availability.gamesToday(site) };
  }

  /** The chosen site's games released as no-shows this ISO week (its local week): the dashboard's counter. */
  @AdminOnly()
  @Get('count_no_shows')
  async countNoShows(@CurrentSite() site: SiteRecord): Promise<DetailResponse<number>> {
    return { detail: await this.availability.noShowsThisWeek(site) };
  }
}

function courtNumber(raw: string): number {
  if (!/^\d{1,6}$/.test(raw)) throw new KortError(BookingError.UnknownCourt);
  return Number(raw);
}
