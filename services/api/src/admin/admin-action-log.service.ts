import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  ADMIN_ACTION_TARGETS,
  ADMIN_ACTIONS,
  type AdminAction,
  type AdminActionName,
  type AdminActionTarget,
  AdminError,
  weekdaysShortIso,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { DEFAULT_EQUIPMENT_NAMES } from '../rules/court-rules';
import type { SiteRef } from '../common/site-ref';
import { SiteTime } from '../time/site-time';
import { intIds, intValue, listQuery, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRows, type Page, type SqlParams, type SqlResource } from '../resources/sql-list';

const SORTABLE = ['id', 'at', 'action', 'admin_id'] as const;
type ActionField = (typeof SORTABLE)[number];

const actionsFilter = z.strictObject({
  id: intIds.optional(),
  action: z.enum(ADMIN_ACTIONS).optional(),
  admin_id: intValue.optional(),
  target_type: z.enum(ADMIN_ACTION_TARGETS).optional(),
  /** A user's or booking's id, a shelf number or a setting key (numbers are taken as their text). */
  target_id: z.union([z.string().max(40), intValue.transform(String)]).optional(),
  /** Instants (ISO with an offset) bounding `at`: from inclusive, to exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
type ActionsFilter = z.output<typeof actionsFilter>;

export const actionsListQuery = listQuery({
  sortable: SORTABLE,
  defaultSort: { field: 'at', order: 'DESC' },
  filter: actionsFilter,
});

/** Each row of the site with what its label is made of (removed by toRecord). */
const actionsSource = (params: SqlParams, site: SiteRef) => `
  SELECT a.id, a.at, a.admin_id, coalesce(admin.name, 'Система') AS admin_name, a.action, a.target_type, a.target_id, a.detail,
         tu.name AS label_user_name, tu.email AS label_user_email, ts.kind AS label_shelf_kind,
         tb.court_id AS label_court_id, tb.starts_at AS label_starts_at,
         coalesce(tc.name, tk_court.name) AS label_court_name, tk.court_id IS NULL AND tk.id IS NOT NULL AS label_whole_club,
         tk.starts_at AS label_closure_from, tk.ends_at AS label_closure_to, tk.reason AS label_closure_reason,
         ts_user.name AS label_school_name, tsr.weekdays AS label_series_weekdays, tsr.hour AS label_series_hour,
         tp.name AS label_price_name, tset.value AS label_equipment_name
    FROM admin_actions a
    LEFT JOIN users admin ON admin.id = a.admin_id
    LEFT JOIN users tu ON a.target_type = 'user' AND tu.id::text = a.target_id
    LEFT JOIN shelves ts ON a.target_type = 'shelf' AND ts.site_id = a.site_id AND ts.id::text = a.target_id
    LEFT JOIN bookings tb ON a.target_type = 'booking' AND tb.id::text = a.target_id
    LEFT JOIN courts tc ON a.target_type = 'court' AND tc.id::text = a.target_id
    LEFT JOIN closures tk ON a.target_type = 'closure' AND tk.id::text = a.target_id
    LEFT JOIN courts tk_court ON tk_court.id = tk.court_id
    LEFT JOIN series tsr ON a.target_type = 'series' AND tsr.id::text = a.target_id
    LEFT JOIN users ts_user ON ts_user.id = tsr.user_id
    LEFT JOIN prices tp ON a.target_type = 'price' AND tp.id::text = a.target_id
    LEFT JOIN settings tset ON ts.kind = 'equipment' AND tset.site_id = a.site_id AND tset.key = 'equipment_' || a.target_id || '_name'
   WHERE a.site_id = ${params.add(site.id)}`;

const actionsResource: SqlResource<ActionField, ActionsFilter> = {
  source: actionsSource,
  columns: Object.fromEntries(SORTABLE.map((field) => [field, `r.${field}`])) as Record<ActionField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    const where: string[] = [];
    if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::int[])`);
    if (filter.action) where.push(`r.action = ${params.add(filter.action)}`);
    if (filter.admin_id !== undefined) where.push(`r.admin_id = ${params.add(filter.admin_id)}`);
    if (filter.target_type) where.push(`r.target_type = ${params.add(filter.target_type)}`);
    if (filter.target_id !== undefined) where.push(`r.target_id = ${params.add(filter.target_id)}`);
    if (filter.from) where.push(`r.at >= ${params.add(new Date(filter.from))}`);
    if (filter.to) where.push(`r.at < ${params.add(new Date(filter.to))}`);
    return where;
  },
};

interface ActionRow {
  id: number;
  at: Date;
  admin_id: number | null;
  admin_name: string;
  action: AdminActionName;
  target_type: AdminActionTarget;
  target_id: string;
  detail: string | null;
  label_user_name: string | null;
  label_user_email: string | null;
  label_shelf_kind: 'shelf' | 'equipment' | null;
  /** An equipment compartment's name as the club set it (null: the default name). */
  label_equipment_name: string | null;
  label_court_id: number | null;
  label_starts_at: Date | null;
  label_court_name: string | null;
  label_whole_club: boolean | null;
  label_closure_from: Date | null;
  label_closure_to: Date | null;
  label_closure_reason: string | null;
  label_school_name: string | null;
  label_price_name: string | null;
  label_series_weekdays: number[] | null;
  label_series_hour: number | null;
}

/** The admin-actions log as the dashboard reads it, each row with its admin's name and its target's label. */
@Injectable()
export class AdminActionLog {
  constructor(
    private readonly db: DataSource,
    private readonly time: SiteTime,
  ) {}

  list(site: SiteRef, query: ListQuery<ActionField, ActionsFilter>): Promise<Page<AdminAction>> {
    return sqlPage(this.db, site, actionsResource, query, (row) => this.toRecord(site, row as unknown as ActionRow));
  }

  /** The site's row; another site's is not found. */
  async get(site: SiteRef, id: number): Promise<AdminAction> {
    const [action] = await sqlRows(
      this.db,
      site,
      actionsResource,
      (params) => `r.id = ${params.add(id)}`,
      (row) => this.toRecord(site, row as unknown as ActionRow),
    );
    if (!action) throw new KortError(AdminError.ActionNotFound);
    return action;
  }

  /** The label's local times are the site's. */
  private toRecord(site: SiteRef, row: ActionRow): AdminAction {
    const clock = this.time.of(site);
    const fields = Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('label_')));
    const {
      label_user_name,
      label_user_email,
      label_shelf_kind,
      label_court_id,
      label_starts_at,
      label_court_name,
      label_whole_club,
      label_closure_from,
      label_closure_to,
      label_closure_reason,
      label_school_name,
      label_series_weekdays,
      label_series_hour,
      label_price_name,
      label_equipment_name,
    } = row;
    const at = (instant: Date) => clock.local(instant).toFormat('dd.MM.yyyy HH:mm');
    const label = (): string => {
      switch (row.target_type) {
        case 'user':
          return label_user_name === null ? `#${row.target_id}` : `${label_user_name} (${label_user_email ?? ''})`;
        case 'shelf':
          return shelfLabel(Number(row.target_id), label_shelf_kind, label_equipment_name);
        case 'booking':
          return label_starts_at === null ? `#${row.target_id}` : `Корт ${label_court_id}, ${at(label_starts_at)}`;
        case 'setting':
          return row.target_id;
        // A deleted court, closure or term is named by its id.
        case 'court':
          return label_court_name ?? `#${row.target_id}`;
        case 'closure':
          return label_closure_from === null || label_closure_to === null
            ? `#${row.target_id}`
            : `${label_whole_club ? 'Весь клуб' : (label_court_name ?? '')}, ${at(label_closure_from)}–${at(label_closure_to)}: ${label_closure_reason ?? ''}`;
        case 'series':
          return label_series_weekdays === null
            ? `#${row.target_id}`
            : `${label_school_name ?? ''}: ${label_series_weekdays.map((day) => weekdaysShortIso[day - 1]).join(', ')} в ${String(label_series_hour ?? 0).padStart(2, '0')}:00`;
        // A deleted price is named by its id (its detail says what it was).
        case 'price':
          return label_price_name ?? `#${row.target_id}`;
        // A payment by its number (the action's detail says the amount and the reason).
        case 'payment':
          return `Платёж №${row.target_id}`;
        // An alert by its number (the action's detail says what it was).
        case 'alert':
          return `Тревога №${row.target_id}`;
      }
    };
    return isoDates<AdminAction>({ ...fields, target_label: label() });
  }
}

/** «Ящик 3»; an equipment compartment by what it holds, as players see it: «Ракетки (отсек 10)». */
function shelfLabel(id: number, kind: 'shelf' | 'equipment' | null, named: string | null): string {
  if (kind !== 'equipment') return `Ящик ${id}`;
  return `${named ?? DEFAULT_EQUIPMENT_NAMES[id] ?? 'Инвентарь'} (отсек ${id})`;
}
