import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { bookingRules, type AvailableTimes, type MyOrder } from '@kort/contracts';
import { Clock } from '../common/clock';
import { OfflinePins } from '../offline/offline-pins';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { Booking } from './booking.entity';
import { Court } from './court.entity';

const HOURS = Array.from(
  { length: bookingRules.lastHour - bookingRules.firstHour + 1 },
  (_, i) => bookingRules.firstHour + i,
);

/** What is free and what is mine: the reads behind the calendar, the dial and "my games". */
@Injectable()
export class AvailabilityService {
  constructor(
    @InjectRepository(Booking) private readonly bookings: Repository<Booking>,
    @InjectRepository(Court) private readonly courts: Repository<Court>,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly pins: OfflinePins,
  ) {}

  listCourts(): Promise<Court[]> {
    return this.courts.find({ order: { id: 'ASC' } });
  }

  /** Days of the month with no free hour left on any court (past days and hours are not free). */
  async fullyBookedDays(year: number, month: number): Promise<number[]> {
    const range = this.time.month(year, month);
    const [busy, courts] = await Promise.all([this.busyByLocalHour(range.start, range.end), this.courts.count()]);
    const now = this.time.local(this.clock.now());
    const today = now.toISODate() ?? '';
    const monthIso = `${year}-${String(month).padStart(2, '0')}`;
    const days: number[] = [];
    for (let day = 1; day <= range.days; day += 1) {
      const date = `${monthIso}-${String(day).padStart(2, '0')}`;
      // An hour is free if it has not started yet and some court is idle in it.
      const free =
        date >= today &&
        HOURS.some((hour) => (date > today || hour > now.hour) && (busy.get(slotKey(date, hour)) ?? 0) < courts);
      if (!free) days.push(day);
    }
    return days;
  }

  /** Local hours of that day taken on every court, and the caller's own. */
  async availableTimes(user: User, date: string): Promise<AvailableTimes> {
    const start = this.time.at(date, 0);
    const end = this.time.day(start).end;
    const [busy, courts, mine] = await Promise.all([
      this.busyByLocalHour(start, end),
      this.courts.count(),
      this.bookings
        .createQueryBuilder('b')
        .select('b.starts_at', 'startsAt')
        .where('b.user_id = :userId AND b.cancelled_at IS NULL', { userId: user.id })
        .andWhere('b.starts_at >= :start AND b.starts_at < :end', { start, end })
        .getRawMany<{ startsAt: Date }>(),
    ]);
    return {
      reserved: HOURS.filter((hour) => (busy.get(slotKey(date, hour)) ?? 0) >= courts),
      reserved_hours_by_current_user: [...new Set(mine.map((b) => this.time.local(new Date(b.startsAt)).hour))].sort(
        (a, b) => a - b,
      ),
    };
  }

  /** Courts with a live game in that local hour. */
  async busyCourts(date: string, hour: number): Promise<number[]> {
    const start = this.time.at(date, hour);
    const end = new Date(start.getTime() + bookingRules.gameMinutes * 60_000);
    const rows = await this.bookings
      .createQueryBuilder('b')
      .select('DISTINCT b.court_id', 'court')
      .where('b.cancelled_at IS NULL AND b.starts_at < :end AND b.ends_at > :start', { start, end })
      .orderBy('court')
      .getRawMany<{ court: number }>();
    return rows.map((row) => row.court);
  }

  /**
   * Today's and upcoming games of the player, soonest first. Today's carry their offline PIN, so
   * the app has it at the door even when neither the phone nor the club can reach the API.
   */
  async myOrders(user: User): Promise<MyOrder[]> {
    const now = this.clock.now();
    const today = this.time.day(now);
    const games = await this.bookings
      .createQueryBuilder('b')
      .where('b.user_id = :userId AND b.cancelled_at IS NULL AND b.starts_at >= :from', {
        userId: user.id,
        from: today.start,
      })
      .orderBy('b.starts_at', 'ASC')
      .getMany();
    return games.map((game) => {
      const isToday = game.startsAt < today.end;
      return {
        id: game.id,
        date: this.time.longDate(game.startsAt),
        day_of_week: this.time.weekday(game.startsAt),
        time: this.time.time(game.startsAt),
        today: isToday,
        name: game.courtId,
        id_cort: game.courtId,
        time_start: this.time.iso(game.startsAt),
        ...(isToday ? { offline_pin: this.pins.pin(game.id) } : {}),
      };
    });
  }

  /** Live games starting today (site-local): the admin's counter. */
  async gamesToday(): Promise<number> {
    const today = this.time.day(this.clock.now());
    return this.bookings
      .createQueryBuilder('b')
      .where('b.cancelled_at IS NULL AND b.starts_at >= :start AND b.starts_at < :end', today)
      .getCount();
  }

  /**
   * How many courts are busy in each local hour of a range, keyed 'YYYY-MM-DD HH'. Only the booked
   * hours are converted to local time (a few dozen rows), never every hour of the range.
   */
  private async busyByLocalHour(start: Date, end: Date): Promise<Map<string, number>> {
    const rows = await this.bookings
      .createQueryBuilder('b')
      .select('b.starts_at', 'startsAt')
      .addSelect('count(DISTINCT b.court_id)::int', 'courts')
      .where('b.cancelled_at IS NULL AND b.starts_at >= :start AND b.starts_at < :end', { start, end })
      .groupBy('b.starts_at')
      .getRawMany<{ startsAt: Date; courts: number }>();
    return new Map(
      rows.map((row) => {
        const local = this.time.local(new Date(row.startsAt));
        return [slotKey(local.toISODate() ?? '', local.hour), row.courts];
      }),
    );
  }
}

const slotKey = (date: string, hour: number): string => `${date} ${hour}`;
