import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  AdminError,
  type AdminPrice,
  type AdminPriceCreate,
  type AdminPriceUpdate,
  kopecksOf,
  messages,
  type PriceRule,
  RequestError,
  roublesOf,
} from '@kort/contracts';
import { intIds, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';
import { AdminActions } from '../audit/admin-actions.service';
import { KortError } from '../common/kort-error';
import type { Writer } from '../common/writer';
import type { SiteRef } from '../common/site-ref';
import type { User } from '../users/user.entity';

const SORTABLE = [
  'id',
  'name',
  'court_id',
  'from_hour',
  'to_hour',
  'audience',
  'amount',
  'sort_order',
  'created_at',
] as const;
type PriceField = (typeof SORTABLE)[number];

const pricesFilter = z.strictObject({ id: intIds.optional() });
type PricesFilter = z.output<typeof pricesFilter>;

/** The dashboard's list: in the order the rules are tried by default. */
export const pricesListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'sort_order', order: 'ASC' },
  filter: pricesFilter,
});

const COLUMNS = `id, name, court_id, weekdays::int[] AS weekdays, from_hour::int AS from_hour, to_hour::int AS to_hour,
                 audience, amount_kopecks, sort_order, created_at`;

const pricesResource: SqlResource<PriceField, PricesFilter> = {
  source: (params: SqlParams, site: SiteRef) =>
    `SELECT ${COLUMNS}, amount_kopecks AS amount FROM prices WHERE site_id = ${params.add(site.id)}`,
  columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<PriceField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    return filter.id ? [`r.id = ANY(${params.add(filter.id)}::int[])`] : [];
  },
};

interface PriceRow {
  id: number;
  name: string;
  court_id: number | null;
  weekdays: number[];
  from_hour: number;
  to_hour: number;
  audience: AdminPrice['audience'];
  amount_kopecks: number;
  sort_order: number;
  created_at: Date;
}

const toPrice = (row: Record<string, unknown>): AdminPrice => {
  const { amount_kopecks: kopecks, ...rest } = isoDates<Omit<AdminPrice, 'amount'> & { amount_kopecks: number }>(row);
  return { ...rest, amount: roublesOf(kopecks) };
};

const toRule = (row: PriceRow): PriceRule => ({
  id: row.id,
  courtId: row.court_id,
  weekdays: row.weekdays,
  fromHour: row.from_hour,
  toHour: row.to_hour,
  audience: row.audience,
  kopecks: row.amount_kopecks,
  sortOrder: row.sort_order,
});

/**
 * A club's prices (table `prices`, this file its only SQL): the rules the dashboard edits, each
 * change in the site's action log, and the rules of a site as the price of an hour is worked out
 * (`priceRuleFor` in @kort/contracts). A site without rules charges nothing.
 */
@Injectable()
export class PricesService {
  private readonly logger = new Logger('Prices');

  constructor(
    private readonly db: DataSource,
    private readonly actions: AdminActions,
  ) {}

  /** The site's rules, in any order (priceRuleFor tries them in price order). */
  async rulesOf(site: SiteRef, tx: Writer = this.db): Promise<PriceRule[]> {
    const rows = await tx.query<PriceRow[]>(`SELECT ${COLUMNS} FROM prices WHERE site_id = $1`, [site.id]);
    return rows.map(toRule);
  }

  list(site: SiteRef, query: ListQuery<PriceField, PricesFilter>): Promise<Page<AdminPrice>> {
    return sqlPage(this.db, site, pricesResource, query, toPrice);
  }

  /** The site's rule; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminPrice> {
    return sqlRecord(this.db, site, pricesResource, id, toPrice, AdminError.PriceNotFound);
  }

  async create(site: SiteRef, admin: User, body: AdminPriceCreate): Promise<AdminPrice> {
    const id = await this.db.transaction(async (tx) => {
      await this.assertCourtOf(site, body.court_id, tx);
      const [made] = await tx.query<{ id: number }[]>(
        `INSERT INTO prices (site_id, name, court_id, weekdays, from_hour, to_hour, audience, amount_kopecks, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [site.id, ...columnsOf(body)],
      );
      await this.actions.record(site, tx, admin.id, 'price.create', 'price', made!.id, describe(body));
      return made!.id;
    });
    this.logger.log({ price: id, site: site.id, admin: admin.id }, 'price added');
    return this.get(site, id);
  }

  /** Fields left out stay; the hours are checked against the stored ones. A change to nothing is not logged. */
  async update(site: SiteRef, admin: User, id: number, body: AdminPriceUpdate): Promise<AdminPrice> {
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<PriceRow[]>(
        `SELECT ${COLUMNS} FROM prices WHERE id = $1 AND site_id = $2 FOR UPDATE`,
        [id, site.id],
      );
      if (!row) throw new KortError(AdminError.PriceNotFound);
      const current = toPrice({ ...row });
      const next = { ...current, ...body };
      if (next.from_hour >= next.to_hour) {
        throw new KortError(RequestError.Invalid, { detail: messages.priceHoursOrder });
      }
      if (body.court_id !== undefined) await this.assertCourtOf(site, body.court_id, tx);
      // The rule in words names every field but the order.
      if (describe(next) === describe(current) && next.sort_order === current.sort_order) return false;
      await tx.query(
        `UPDATE prices SET name = $3, court_id = $4, weekdays = $5, from_hour = $6, to_hour = $7, audience = $8,
                amount_kopecks = $9, sort_order = $10, updated_at = now()
          WHERE id = $1 AND site_id = $2`,
        [id, site.id, ...columnsOf(next)],
      );
      await this.actions.record(site, tx, admin.id, 'price.update', 'price', id, describe(next));
      return true;
    });
    if (changed) this.logger.log({ price: id, site: site.id, admin: admin.id }, 'price changed');
    return this.get(site, id);
  }

  async delete(site: SiteRef, admin: User, id: number): Promise<AdminPrice> {
    const price = await this.get(site, id);
    await this.db.transaction(async (tx) => {
      const [, count] = await tx.query<[unknown[], number]>(`DELETE FROM prices WHERE id = $1 AND site_id = $2`, [
        id,
        site.id,
      ]);
      if (count === 0) throw new KortError(AdminError.PriceNotFound);
      await this.actions.record(site, tx, admin.id, 'price.delete', 'price', id, describe(price));
    });
    this.logger.log({ price: id, site: site.id, admin: admin.id }, 'price removed');
    return price;
  }

  /** A rule names a court of its own site, or every court (null). */
  private async assertCourtOf(site: SiteRef, courtId: number | null, tx: Writer): Promise<void> {
    if (courtId === null) return;
    const [court] = await tx.query<{ id: number }[]>(`SELECT id FROM courts WHERE id = $1 AND site_id = $2`, [
      courtId,
      site.id,
    ]);
    if (!court) throw new KortError(AdminError.CourtNotFound);
  }
}

/** A rule's columns after its site, in the order the INSERT and the UPDATE name them. */
const columnsOf = (price: Omit<AdminPrice, 'id' | 'created_at'>) => [
  price.name,
  price.court_id,
  price.weekdays,
  price.from_hour,
  price.to_hour,
  price.audience,
  kopecksOf(price.amount),
  price.sort_order,
];

const WEEKDAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/** «Вечер будней: 1500.00 ₽, пн, вт, ср, чт, пт, 18:00–23:00, все корты» for the action log. */
function describe(
  price: Pick<AdminPrice, 'name' | 'amount' | 'weekdays' | 'from_hour' | 'to_hour' | 'court_id' | 'audience'>,
) {
  const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return [
    `${price.name}: ${price.amount} ₽`,
    price.weekdays.map((day) => WEEKDAYS[day - 1]).join(', '),
    `${hour(price.from_hour)}–${hour(price.to_hour)}`,
    price.court_id === null ? 'все корты' : `корт №${price.court_id}`,
    ...(price.audience === 'sport_school' ? ['спортивная школа'] : []),
  ].join(', ');
}
