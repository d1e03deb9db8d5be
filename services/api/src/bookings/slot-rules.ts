import { Injectable } from '@nestjs/common';
import {
  BookingError,
  bookingRules,
  type BookingRules,
  closedText,
  horizonText,
  openingHoursText,
} from '@kort/contracts';
import { ClubCalendar } from '../club/club-calendar';
import { CourtsService } from '../club/courts.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { COURT_INACTIVE, EXCLUSION_VIOLATION, postgresError, SLOT_CLOSED } from '../common/postgres-error';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';

export interface SlotRequest {
  pathCourt: number;
  courtId: number;
  timeStart: string;
  playersCount: number;
}

/**
 * What makes a court and an hour bookable at a site, by its settings of the moment (its hours and
 * horizon; ClubCalendar) and in its zone: the checks before a game is written, and what a refused write means. The
 * closures and an inactive court are checked where the game is written (the trigger of
 * database/functions/check-booking-slot.ts), so a closure made meanwhile is never slipped past.
 */
@Injectable()
export class SlotRules {
  constructor(
    private readonly calendar: ClubCalendar,
    private readonly courts: CourtsService,
    private readonly time: SiteTime,
    private readonly clock: Clock,
  ) {}

  /**
   * 400 or 409 for anything that is not a bookable slot of the site (another site's court is an
   * unknown court here); else its start and the rules it was judged by.
   */
  async check(
    site: SiteRef,
    { pathCourt, courtId, timeStart, playersCount }: SlotRequest,
  ): Promise<{ startsAt: Date; rules: BookingRules }> {
    if (pathCourt !== courtId) throw new KortError(BookingError.CourtMismatch);
    if (playersCount !== bookingRules.playersCount) throw new KortError(BookingError.PlayersCount);
    const court = await this.courts.findAt(site, courtId);
    if (!court) throw new KortError(BookingError.UnknownCourt);
    if (!court.active) throw new KortError(BookingError.CourtInactive);
    const rules = await this.calendar.bookingRules(site);
    return { startsAt: this.bookableHour(site, timeStart, rules), rules };
  }

  /** The start as an instant, or 400: on the hour, within the site's hours, ahead, within the horizon. */
  bookableHour(site: SiteRef, timeStart: string, rules: BookingRules): Date {
    const startsAt = new Date(timeStart);
    const local = this.time.of(site).local(startsAt);
    if (local.minute !== 0 || local.second !== 0 || local.millisecond !== 0) {
      throw new KortError(BookingError.NotOnTheHour);
    }
    if (local.hour < rules.opening_hour || local.hour >= rules.closing_hour) {
      throw new KortError(BookingError.OutsideHours, {
        detail: openingHoursText(rules.opening_hour, rules.closing_hour),
      });
    }
    if (startsAt.getTime() <= this.clock.now().getTime()) throw new KortError(BookingError.InThePast);
    if ((local.toISODate() ?? '') > this.lastBookableDate(site, rules)) {
      throw new KortError(BookingError.BeyondHorizon, { detail: horizonText(rules.booking_horizon_days) });
    }
    return startsAt;
  }

  /** 'YYYY-MM-DD' of the last site-local day a game may be booked on now. */
  lastBookableDate(site: SiteRef, rules: BookingRules): string {
    return this.time.of(site).lastBookableDate(this.clock.now(), rules.booking_horizon_days);
  }

  /** 400 for a day past the site's booking horizon (to look at, as to book). */
  async withinHorizon(site: SiteRef, date: string): Promise<void> {
    const rules = await this.calendar.bookingRules(site);
    if (date > this.lastBookableDate(site, rules)) {
      throw new KortError(BookingError.BeyondHorizon, { detail: horizonText(rules.booking_horizon_days) });
    }
  }

  /** The refusal a failed insert of a game stands for (the slot taken, closed, the court inactive), else null. */
  refusal(error: unknown): KortError | null {
    const failure = postgresError(error);
    if (failure.code === EXCLUSION_VIOLATION) return new KortError(BookingError.SlotTaken);
    if (failure.code === SLOT_CLOSED) {
      return new KortError(BookingError.SlotClosed, {
        detail: closedText(failure.message ?? '', failure.hint === 'club'),
      });
    }
    if (failure.code === COURT_INACTIVE) return new KortError(BookingError.CourtInactive);
    return null;
  }
}
