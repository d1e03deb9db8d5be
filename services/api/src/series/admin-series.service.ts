import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { AdminError, type AdminSeries, type SeriesOccurrence } from '@kort/contracts';
import { AdminActions } from '../audit/admin-actions.service';
import { gamesSql } from '../bookings/games-sql';
import { KortError } from '../common/kort-error';
import { DomainEvents } from '../events/domain-events';
import { SeriesService, type Term } from './series.service';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';
import { intIds, intValue, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';

const SORTABLE = ['id', 'user_id', 'user_name', 'court_id', 'hour', 'starts_on', 'ends_on', 'created_at'] as const;
type SeriesField = (typeof SORTABLE)[number];

const seriesFilter = z.strictObject({
  id: intIds.optional(),
  user_id: intValue.optional(),
  court_id: intValue.optional(),
});
type SeriesFilter = z.output<typeof seriesFilter>;

export const seriesListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'starts_on', order: 'DESC' },
  filter: seriesFilter,
});

/** Terms not deleted, with their school's name, their live games and what they skipped. */
const seriesResource: SqlResource<SeriesField, SeriesFilter> = {
  source: (params: SqlParams, site: SiteRef) => `
    SELECT s.id, s.user_id, u.name AS user_name, s.court_id, s.weekdays::int[] AS weekdays, s.hour::int AS hour,
           to_char(s.starts_on, 'YYYY-MM-DD') AS starts_on, to_char(s.ends_on, 'YYYY-MM-DD') AS ends_on, s.created_at,
           ${gamesSql.liveOfSeries('s.id')} AS booked,
           jsonb_array_length(s.skips) AS skipped, s.skips
      FROM series s JOIN users u ON u.id = s.user_id
     WHERE s.site_id = ${params.add(site.id)} AND s.deleted_at IS NULL`,
  columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<SeriesField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    const where: string[] = [];
    if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
    if (filter.user_id !== undefined) where.push(`r.user_id = ${params.add(filter.user_id)}`);
    if (filter.court_id !== undefined) where.push(`r.court_id = ${params.add(filter.court_id)}`);
    return where;
  },
};

const toSeries = (row: Record<string, unknown>): AdminSeries => isoDates<AdminSeries>(row);

/** The dashboard's `series`: a sport school's term, previewed, booked in one transaction, ended. */
@Injectable()
export class AdminSeriesService {
  private readonly logger = new Logger('AdminSeries');

  constructor(
    private readonly db: DataSource,
    private readonly series: SeriesService,
    private readonly events: DomainEvents,
    private readonly actions: AdminActions,
  ) {}

  list(site: SiteRef, query: ListQuery<SeriesField, SeriesFilter>): Promise<Page<AdminSeries>> {
    return sqlPage(this.db, site, seriesResource, query, toSeries);
  }

  /** The site's term; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminSeries> {
    return sqlRecord(this.db, site, seriesResource, id, toSeries, AdminError.SeriesNotFound);
  }

  preview(site: SiteRef, term: Term): Promise<SeriesOccurrence[]> {
    return this.series.preview(site, term);
  }

  async create(site: SiteRef, admin: User, term: Term): Promise<AdminSeries> {
    const made = await this.events.transaction(async (tx) => {
      const done = await this.series.create(site, tx, term, admin.id);
      await this.actions.record(
        site,
        tx,
        admin.id,
        'series.create',
        'series',
        done.id,
        `Забронировано: ${done.games.length}, пропущено: ${done.skips.length}`,
      );
      return done;
    });
    this.logger.log({ series: made.id, booked: made.games.length, skipped: made.skips.length }, 'school term booked');
    return this.get(site, made.id);
  }

  /** Ends the term: its games not begun are cancelled (the past ones stay); it leaves the list. */
  async delete(site: SiteRef, admin: User, id: number): Promise<AdminSeries> {
    const term = await this.get(site, id);
    const cancelled = await this.events.transaction(async (tx) => {
      const games = await this.series.remove(site, tx, id);
      if (games === null) throw new KortError(AdminError.SeriesNotFound);
      await this.actions.record(site, tx, admin.id, 'series.delete', 'series', id, `Отменено игр: ${games.length}`);
      return games;
    });
    this.logger.log({ series: id, site: site.id, cancelled: cancelled.length, admin: admin.id }, 'school term ended');
    return term;
  }
}
