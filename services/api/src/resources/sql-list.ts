import type { DataSource } from 'typeorm';
import { ADMIN_MAX_RANGE, type ErrorCode } from '@kort/contracts';
import { KortError } from '../common/kort-error';
import type { SiteRef } from '../common/site-ref';
import type { ListQuery } from './list-query';

/** Collects query parameters: every value from a request goes through here, never into the SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A resource read with SQL. `source` selects the API's fields (snake_case, as the records are) of
 * the site the dashboard chose (its rows only: a record of another site is never there) and is
 * wrapped as `r`; `columns` maps each sortable API field to its SQL expression over `r` (the
 * whitelist: only these names reach ORDER BY); `conditions` turns a parsed filter into WHERE terms
 * whose values are parameters (local days and weeks in the site's zone).
 */
export interface SqlResource<Field extends string, Filter> {
  source(params: SqlParams, site: SiteRef): string;
  columns: Record<Field, string>;
  conditions(filter: Filter, params: SqlParams, site: SiteRef): string[];
  /** The unique column that makes the order total (stable pages). */
  tiebreak: string;
}

export interface Page<Row> {
  rows: Row[];
  start: number;
  total: number;
}

export async function sqlPage<Row, Field extends string, Filter>(
  db: DataSource,
  site: SiteRef,
  resource: SqlResource<Field, Filter>,
  query: ListQuery<Field, Filter>,
  toRecord: (row: Record<string, unknown>) => Row,
): Promise<Page<Row>> {
  const params = new SqlParams();
  const from = `(${resource.source(params, site)}) AS r`;
  const conditions = resource.conditions(query.filter, params, site);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const countValues = [...params.values];

  const start = query.range?.start ?? 0;
  const limit = query.range ? query.range.end - query.range.start + 1 : ADMIN_MAX_RANGE;
  const order = query.sort.order === 'DESC' ? 'DESC' : 'ASC';
  const column = resource.columns[query.sort.field];
  const [rows, [count]] = await Promise.all([
    db.query<Record<string, unknown>[]>(
      `SELECT r.* FROM ${from} ${where}
        ORDER BY ${column} ${order} NULLS LAST, ${resource.tiebreak} ${order}
        LIMIT ${params.add(limit)} OFFSET ${params.add(start)}`,
      params.values,
    ),
    db.query<[{ total: number }]>(`SELECT count(*)::int AS total FROM ${from} ${where}`, countValues),
  ]);
  return { rows: rows.map(toRecord), start, total: count.total };
}

/** The site's rows of `resource` matching `where` (a condition over `r` built with the same params). */
export async function sqlRows<Row>(
  db: DataSource,
  site: SiteRef,
  resource: { source(params: SqlParams, site: SiteRef): string },
  where: (params: SqlParams) => string,
  toRecord: (row: Record<string, unknown>) => Row,
  orderBy = 'r.id',
): Promise<Row[]> {
  const params = new SqlParams();
  const from = `(${resource.source(params, site)}) AS r`;
  const condition = where(params);
  const rows = await db.query<Record<string, unknown>[]>(
    `SELECT r.* FROM ${from} WHERE ${condition} ORDER BY ${orderBy}`,
    params.values,
  );
  return rows.map(toRecord);
}

/**
 * One record of the site's `resource` by its id (a resource's getOne): another site's, or none, is
 * `notFound`, the resource's 404, so another site's ids are never confirmed.
 */
export async function sqlRecord<Row>(
  db: DataSource,
  site: SiteRef,
  resource: { source(params: SqlParams, site: SiteRef): string },
  id: number | string,
  toRecord: (row: Record<string, unknown>) => Row,
  notFound: ErrorCode,
): Promise<Row> {
  const [one] = await sqlRows(db, site, resource, (params) => `r.id = ${params.add(id)}`, toRecord);
  if (one === undefined) throw new KortError(notFound);
  return one;
}

/** Timestamps as ISO strings (pg gives Date objects), everything else as is. */
export function isoDates<Row>(row: Record<string, unknown>): Row {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Row;
}

/** `%text%` for ILIKE, with the pattern's own characters escaped (a '%' typed is a '%' searched). */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
