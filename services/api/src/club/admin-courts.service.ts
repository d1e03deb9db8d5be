import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  type AdminBooking,
  type AdminCourt,
  adminCourtCreate,
  type AdminCourtUpdate,
  AdminError,
  messages,
} from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { Clock } from '../common/clock';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { postgresError, UNIQUE_VIOLATION } from '../common/postgres-error';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';
import { ClosuresService } from './closures.service';
import { CourtsService } from './courts.service';
import { ShapeCascade, type ClosedHours } from './shape-cascade';
import { boolValue, intIds, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';

const SORTABLE = ['id', 'name', 'active', 'sort_order', 'created_at'] as const;
type CourtField = (typeof SORTABLE)[number];

const courtsFilter = z.strictObject({ id: intIds.optional(), active: boolValue.optional() });
type CourtsFilter = z.output<typeof courtsFilter>;

export const courtsListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'sort_order', order: 'ASC' },
  filter: courtsFilter,
});

const courtsResource: SqlResource<CourtField, CourtsFilter> = {
  source: (params: SqlParams, site: SiteRef) =>
    `SELECT id, name, active, sort_order, created_at FROM courts WHERE site_id = ${params.add(site.id)}`,
  columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<CourtField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    const where: string[] = [];
    if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
    if (filter.active !== undefined) where.push(`r.active = ${params.add(filter.active)}`);
    return where;
  },
};

const toCourt = (row: Record<string, unknown>): AdminCourt => isoDates<AdminCourt>(row);

/**
 * The dashboard's `courts`: a court made, renamed, ordered, taken out of booking (its games not
 * begun are cancelled and their players told, in one transaction that holds the site's shape, so no
 * game is booked on it meanwhile) or put back; deleted only when it never had a game.
 */
@Injectable()
export class AdminCourtsService {
  private readonly logger = new Logger('AdminCourts');

  constructor(
    private readonly db: DataSource,
    private readonly courts: CourtsService,
    private readonly closures: ClosuresService,
    private readonly cascade: ShapeCascade,
    private readonly actions: AdminActions,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
  ) {}

  list(site: SiteRef, query: ListQuery<CourtField, CourtsFilter>): Promise<Page<AdminCourt>> {
    return sqlPage(this.db, site, courtsResource, query, toCourt);
  }

  /** The site's court; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminCourt> {
    return sqlRecord(this.db, site, courtsResource, id, toCourt, AdminError.CourtNotFound);
  }

  /** The games taking the court out of booking would cancel now (shown before it is saved). */
  async futureGames(site: SiteRef, id: number): Promise<AdminBooking[]> {
    const court = await this.get(site, id);
    return this.cascade.preview(site, takenOut(court, this.clock.now()));
  }

  async create(site: SiteRef, admin: User, body: z.output<typeof adminCourtCreate>): Promise<AdminCourt> {
    const id = await this.named(() =>
      this.events.transaction(async (tx) => {
        const made = await this.courts.create(tx, site.id, {
          name: body.name,
          active: body.active,
          sortOrder: body.sort_order,
        });
        await this.actions.record(site, tx, admin.id, 'court.create', 'court', made, body.name);
        await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'courts' });
        return made;
      }),
    );
    this.logger.log({ court: id, site: site.id, admin: admin.id }, 'court added');
    return this.get(site, id);
  }

  async update(site: SiteRef, admin: User, id: number, body: AdminCourtUpdate): Promise<AdminCourt> {
    const now = this.clock.now();
    const closed = await this.named(() =>
      this.events.transaction(async (tx) => {
        const court = await this.courts.lock(tx, id);
        if (!court || court.siteId !== site.id) throw new KortError(AdminError.CourtNotFound);
        const renamed = body.name !== undefined && body.name !== court.name;
        const moved = body.sort_order !== undefined && body.sort_order !== court.sortOrder;
        const switched = body.active !== undefined && body.active !== court.active;
        if (!renamed && !moved && !switched) return null;
        await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'courts' });
        // Taken out of booking: no game of the site is booked until its games are cancelled.
        if (switched && body.active === false) await this.closures.lockShape(tx, court.siteId);
        await this.courts.update(tx, id, { name: body.name, active: body.active, sortOrder: body.sort_order });
        if (renamed || moved) {
          await this.actions.record(site, tx, admin.id, 'court.update', 'court', id, body.name ?? null);
        }
        if (!switched) return null;
        if (body.active) {
          await this.actions.record(site, tx, admin.id, 'court.activate', 'court', id);
          return null;
        }
        const done = await this.cascade.close(tx, site, takenOut({ id, name: body.name ?? court.name }, now), now);
        await this.actions.record(
          site,
          tx,
          admin.id,
          'court.deactivate',
          'court',
          id,
          `Отменено игр: ${done.cancelled}`,
        );
        return done;
      }),
    );
    await closed?.tell();
    this.logger.log({ court: id, site: site.id, admin: admin.id, cancelled: closed?.cancelled ?? 0 }, 'court changed');
    return this.get(site, id);
  }

  /** A court that never had a game (nor a closure or a term) goes; any other stays, inactive at most. */
  async delete(site: SiteRef, admin: User, id: number): Promise<AdminCourt> {
    const court = await this.get(site, id);
    await this.events.transaction(async (tx) => {
      if ((await this.courts.lock(tx, id))?.siteId !== site.id) throw new KortError(AdminError.CourtNotFound);
      if (!(await this.courts.deleteUnused(tx, id))) throw new KortError(AdminError.CourtHasHistory);
      await this.actions.record(site, tx, admin.id, 'court.delete', 'court', id, court.name);
      await this.events.record(tx, { type: 'club.changed', siteId: site.id, part: 'courts' });
    });
    this.logger.log({ court: id, admin: admin.id }, 'court deleted');
    return court;
  }

  /** A name another court of the site has is a 409, not a 500. */
  private async named<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      const failure = postgresError(error);
      if (failure.code === UNIQUE_VIOLATION && failure.constraint === 'courts_site_name_key') {
        throw new KortError(AdminError.CourtNameTaken);
      }
      throw error;
    }
  }
}

/**
 * A court taken out of booking at `now`: its games not begun are cancelled (one under way plays
 * on), told by the court's name (its new one, when renamed in the same change).
 */
function takenOut(court: { id: number; name: string }, now: Date): ClosedHours {
  return { courts: [court.id], from: now, to: null, begun: false, reason: `${court.name} ${messages.courtTakenOut}` };
}
