import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type AdminBooking, type AdminClosure, AdminError, closureLimits, messages } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import type { User } from '../users/user.entity';
import { ClosuresService } from './closures.service';
import { CourtsService } from './courts.service';
import { ShapeCascade, type ClosedHours } from './shape-cascade';
import { intIds, intValue, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';

const HOUR_MS = 3_600_000;
const SORTABLE = ['id', 'court_id', 'starts_at', 'ends_at', 'created_at'] as const;
type ClosureField = (typeof SORTABLE)[number];

const closuresFilter = z.strictObject({
  id: intIds.optional(),
  /** One court's closures (null: the whole club's). */
  court_id: z.union([intValue, z.null()]).optional(),
  /** The club's local day a closure overlaps, YYYY-MM-DD (the day view). */
  day: z.iso.date().optional(),
  /** Closures overlapping [from, to), ISO instants with an offset (the calendar of the next weeks). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
type ClosuresFilter = z.output<typeof closuresFilter>;

export const closuresListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'starts_at', order: 'ASC' },
  filter: closuresFilter,
});

/** A closure as the admin names it: the court (null: the club), whole local hours, the reason. */
export interface ClosureRequest {
  courtId: number | null;
  startsAt: string;
  endsAt: string;
  reason?: string;
}

const toClosure = (row: Record<string, unknown>): AdminClosure => isoDates<AdminClosure>(row);

/**
 * The dashboard's `closures`: a court or the whole club closed over whole hours. Saving one cancels
 * the games inside that are not over, a game under way too (their players told with the reason) and takes the hours' waitlist out of line,
 * in one transaction holding the site's shape, so nothing is booked into it meanwhile; while it
 * holds, booking inside is refused with its reason (database/functions/check-booking-slot.ts).
 * Deleting a future one frees its hours (no game comes back); one under way ends at the next hour.
 */
@Injectable()
export class AdminClosuresService {
  private readonly logger = new Logger('AdminClosures');
  private readonly resource: SqlResource<ClosureField, ClosuresFilter>;

  constructor(
    private readonly db: DataSource,
    private readonly closures: ClosuresService,
    private readonly courts: CourtsService,
    private readonly cascade: ShapeCascade,
    private readonly actions: AdminActions,
    private readonly time: SiteTime,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {
    this.resource = {
      source: (params: SqlParams, site: SiteRef) =>
        `SELECT id, court_id, starts_at, ends_at, reason, created_at FROM closures WHERE site_id = ${params.add(site.id)}`,
      columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<ClosureField, string>,
      tiebreak: 'r.id',
      conditions: (filter, params, site) => {
        const where: string[] = [];
        if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
        if (filter.court_id === null) where.push('r.court_id IS NULL');
        else if (filter.court_id !== undefined) where.push(`r.court_id = ${params.add(filter.court_id)}`);
        if (filter.day) {
          const clock = this.time.of(site);
          const day = clock.day(clock.at(filter.day, 12));
          where.push(`r.ends_at > ${params.add(day.start)} AND r.starts_at < ${params.add(day.end)}`);
        }
        if (filter.from) where.push(`r.ends_at > ${params.add(new Date(filter.from))}`);
        if (filter.to) where.push(`r.starts_at < ${params.add(new Date(filter.to))}`);
        return where;
      },
    };
  }

  list(site: SiteRef, query: ListQuery<ClosureField, ClosuresFilter>): Promise<Page<AdminClosure>> {
    return sqlPage(this.db, site, this.resource, query, toClosure);
  }

  /** The site's closure; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminClosure> {
    return sqlRecord(this.db, site, this.resource, id, toClosure, AdminError.ClosureNotFound);
  }

  /** The games saving that closure would cancel now: live, not over, inside it (soonest first). */
  async preview(site: SiteRef, request: ClosureRequest): Promise<AdminBooking[]> {
    return this.cascade.preview(site, await this.hours(site, request));
  }

  async create(site: SiteRef, admin: User, request: ClosureRequest & { reason: string }): Promise<AdminClosure> {
    const hours = await this.hours(site, request);
    const { from, to } = hours;
    const now = this.clock.now();
    const { id, closed } = await this.events.transaction(async (tx) => {
      await this.closures.lockShape(tx, site.id);
      const made = await this.closures.insert(tx, site.id, {
        courtId: request.courtId,
        startsAt: from,
        endsAt: to,
        reason: request.reason,
        createdBy: admin.id,
        at: now,
      });
      const done = await this.cascade.close(tx, site, hours, now);
      await this.actions.record(
        site,
        tx,
        admin.id,
        'closure.create',
        'closure',
        made,
        `Отменено игр: ${done.cancelled}`,
      );
      await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'closures' });
      return { id: made, closed: done };
    });
    await closed.tell();
    this.logger.log(
      {
        closure: id,
        site: site.id,
        court: request.courtId,
        from,
        to,
        cancelled: closed.cancelled,
        waitlist: closed.placesEnded,
        admin: admin.id,
      },
      'closure saved',
    );
    return this.get(site, id);
  }

  /** A future closure goes; one under way ends at the next hour (its past stays); an ended one is history (409). */
  async delete(site: SiteRef, admin: User, id: number): Promise<AdminClosure> {
    const closure = await this.get(site, id);
    const now = this.clock.now();
    const clock = this.time.of(site);
    await this.events.transaction(async (tx) => {
      const locked = await this.closures.lock(tx, id);
      if (!locked || locked.siteId !== site.id) throw new KortError(AdminError.ClosureNotFound);
      if (locked.endsAt <= now) throw new KortError(AdminError.ClosureOver);
      if (locked.startsAt > now) await this.closures.remove(tx, id);
      else await this.closures.endAt(tx, id, clock.local(now).startOf('hour').plus({ hours: 1 }).toJSDate());
      await this.actions.record(site, tx, admin.id, 'closure.delete', 'closure', id, closure.reason);
      await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'closures' });
    });
    this.logger.log({ closure: id, site: site.id, admin: admin.id }, 'closure deleted');
    return closure;
  }

  /**
   * The hours the closure takes out of booking: its instants (whole hours of the site's zone) and
   * the site's courts it closes, a game under way included; or 400 (404 for a court the site does
   * not have) with what is wrong.
   */
  private async hours(site: SiteRef, request: ClosureRequest): Promise<ClosedHours & { to: Date }> {
    const clock = this.time.of(site);
    const wholeHour = (instant: Date) => {
      const local = clock.local(instant);
      return local.minute === 0 && local.second === 0 && local.millisecond === 0;
    };
    const from = new Date(request.startsAt);
    const to = new Date(request.endsAt);
    if (!wholeHour(from) || !wholeHour(to)) throw invalid(messages.closureWholeHours);
    if (to <= from) throw invalid(messages.closureOrder);
    const now = this.clock.now();
    if (from < clock.local(now).startOf('hour').toJSDate()) throw invalid(messages.closurePast);
    if (to.getTime() - from.getTime() > closureLimits.maxDays * 24 * HOUR_MS) throw invalid(messages.closureTooLong);
    const all = await this.courts.list(site);
    const hours = { from, to, begun: true, reason: request.reason ?? '' };
    if (request.courtId === null) return { ...hours, courts: all.map((court) => court.id) };
    if (!all.some((court) => court.id === request.courtId)) throw new KortError(AdminError.CourtNotFound);
    return { ...hours, courts: [request.courtId] };
  }
}

const invalid = (detail: string) => new KortError(AdminError.ShapeInvalid, { detail });
