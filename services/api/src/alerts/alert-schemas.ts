import { z } from 'zod';
import { ALERT_KINDS, ALERT_STATES, fleetMessages, type AdminAlert } from '@kort/contracts';
import { idsOf, intIds, listQuery } from '../resources/list-query';

// The `alerts` resource's wire shapes (fleet.ts AdminAlert), as the request gate and the OpenAPI
// document read them.

const instant = z.string();

export const adminAlertSchema = z.object({
  id: z.number().int(),
  site_id: z.string(),
  kind: z.enum(ALERT_KINDS),
  /** ALERT_TITLES[kind]: «Дверь открыта без команды». */
  title: z.string(),
  /** One sentence with the figure when there is one («Температура процессора 82 °C»). */
  detail: z.string(),
  /** open, acknowledged (an admin took it on), resolved (its condition cleared by itself). */
  state: z.enum(ALERT_STATES),
  raised_at: instant,
  acknowledged_at: instant.nullable(),
  /** The name of the admin who acknowledged it. */
  acknowledged_by: z.string().nullable(),
  resolved_at: instant.nullable(),
  /** Raised while the agent had no link to the API (it arrived after the reconnect). */
  offline: z.boolean(),
}) satisfies z.ZodType<AdminAlert>;

/** PUT /api/admin/alerts/{id}: `{acknowledged: true}` (react-admin may send the whole record: the rest is ignored). */
export const alertUpdate = z.object({
  acknowledged: z.literal(true, { error: fleetMessages.alertAcknowledgeOnly }),
});

export const ALERT_SORTABLE = ['id', 'raised_at', 'kind', 'state', 'acknowledged_at', 'resolved_at'] as const;
export type AlertField = (typeof ALERT_SORTABLE)[number];

const alertsFilter = z.strictObject({
  id: intIds.optional(),
  /** One state or several: `["open","acknowledged"]` is every alert not resolved (the home page's banner). */
  state: idsOf(z.enum(ALERT_STATES)).optional(),
  kind: idsOf(z.enum(ALERT_KINDS)).optional(),
});
export type AlertsFilter = z.output<typeof alertsFilter>;

export const alertsListQuery = listQuery({
  sortable: ALERT_SORTABLE,
  defaultSort: { field: 'raised_at', order: 'DESC' },
  filter: alertsFilter,
});
