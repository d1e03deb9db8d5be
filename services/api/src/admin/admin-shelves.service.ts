import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type AdminShelf, type AdminShelfUpdate, ShelfError } from '@kort/contracts';
import { Clock } from '../common/clock';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';
import { ShelfStateService } from '../shelves/shelf-state.service';
import { boolValue, idsOf, intValue, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';
import { gamesSql } from '../bookings/games-sql';

const SORTABLE = [
  'id',
  'kind',
  'status',
  'is_blocked',
  'renter_id',
  'renter_name',
  'rented_since',
  'needs_clearing',
  'relay_on',
] as const;
type ShelfField = (typeof SORTABLE)[number];

const shelfId = intValue.pipe(z.number().min(1).max(11));
const shelvesFilter = z.strictObject({
  id: idsOf(shelfId).optional(),
  kind: z.enum(['shelf', 'equipment']).optional(),
  status: z.enum(['free', 'occupied', 'blocked', 'on_loan']).optional(),
  is_blocked: boolValue.optional(),
  needs_clearing: boolValue.optional(),
  renter_id: intValue.optional(),
});
type ShelvesFilter = z.output<typeof shelvesFilter>;

export const shelvesListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filter: shelvesFilter,
});

/**
 * The site's shelves 1-11 with their renter (shelves 1-9) or the player holding the equipment (10-11: a loan
 * counts while its game is not over, as the player's inventory shows it) and the lock relay.
 */
const shelvesSource =
  (clock: Clock) =>
  (params: SqlParams, { id }: SiteRef) => {
    const now = params.add(clock.now());
    const site = params.add(id);
    return `
    SELECT s.id, s.kind,
           CASE WHEN s.is_blocked THEN 'blocked'
                WHEN r.user_id IS NOT NULL THEN 'occupied'
                WHEN l.user_id IS NOT NULL THEN 'on_loan'
                ELSE 'free' END AS status,
           s.is_blocked, coalesce(r.user_id, l.user_id) AS renter_id, holder.name AS renter_name,
           coalesce(r.started_at, l.started_at) AS rented_since, s.needs_clearing,
           coalesce(d.is_on, false) AS relay_on
      FROM shelves s
      LEFT JOIN shelf_rentals r ON r.site_id = s.site_id AND r.shelf_id = s.id AND r.ended_at IS NULL
      LEFT JOIN (SELECT loan.shelf_id, loan.user_id, loan.started_at
                   FROM equipment_loans loan
                  WHERE loan.site_id = ${site} AND loan.ended_at IS NULL
                    AND loan.booking_id IN (${gamesSql.onAt(site, `${now}::timestamptz`)})) l ON l.shelf_id = s.id
      LEFT JOIN users holder ON holder.id = coalesce(r.user_id, l.user_id)
      LEFT JOIN device_states d ON d.site_id = s.site_id AND d.device = 'shelf-' || s.id
     WHERE s.site_id = ${site}`;
  };

const toShelf = (row: Record<string, unknown>): AdminShelf => isoDates<AdminShelf>(row);

@Injectable()
export class AdminShelvesService {
  private readonly logger = new Logger('AdminShelves');
  private readonly resource: SqlResource<ShelfField, ShelvesFilter>;

  constructor(
    private readonly db: DataSource,
    private readonly state: ShelfStateService,
    clock: Clock,
  ) {
    this.resource = {
      source: shelvesSource(clock),
      columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<ShelfField, string>,
      tiebreak: 'r.id',
      conditions: (filter, params) => {
        const where: string[] = [];
        if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
        if (filter.kind) where.push(`r.kind = ${params.add(filter.kind)}`);
        if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
        if (filter.is_blocked !== undefined) where.push(`r.is_blocked = ${params.add(filter.is_blocked)}`);
        if (filter.needs_clearing !== undefined) where.push(`r.needs_clearing = ${params.add(filter.needs_clearing)}`);
        if (filter.renter_id !== undefined) where.push(`r.renter_id = ${params.add(filter.renter_id)}`);
        return where;
      },
    };
  }

  list(site: SiteRef, query: ListQuery<ShelfField, ShelvesFilter>): Promise<Page<AdminShelf>> {
    return sqlPage(this.db, site, this.resource, query, toShelf);
  }

  /** The site's shelf; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminShelf> {
    return sqlRecord(this.db, site, this.resource, id, toShelf, ShelfError.NotFound);
  }

  /** Sets (not toggles, unlike admin_block) the block and the "needs clearing" mark. */
  async update(site: SiteRef, admin: User, id: number, changes: AdminShelfUpdate): Promise<AdminShelf> {
    await this.get(site, id);
    await this.state.setMarks(site, admin, id, changes);
    return this.get(site, id);
  }
}
