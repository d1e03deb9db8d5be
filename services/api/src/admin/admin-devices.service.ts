import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  type AdminCommand,
  type AdminDevice,
  AdminError,
  AGENT_EVENT_KINDS,
  COMMAND_ACTIONS,
  COMMAND_STATUSES,
  type RelayId,
  RELAYS,
} from '@kort/contracts';
import { KortError } from '../common/kort-error';
import { DevicesService } from '../devices/devices.service';
import type { SiteRef } from '../common/site-ref';
import { boolValue, idsOf, intValue, listQuery, pageInMemory, type ListQuery } from '../resources/list-query';
import { isoDates, sqlPage, sqlRecord, type Page, type SqlResource } from '../resources/sql-list';

// Devices: the relays and the door sensor of the chosen site, from the state its agent last reported.

const DOOR_SENSOR = 'door-sensor';
const DEVICE_IDS = [...RELAYS, DOOR_SENSOR] as const;
const DEVICE_SORTABLE = ['id', 'kind', 'name', 'on', 'online', 'last_seen'] as const;
type DeviceField = (typeof DEVICE_SORTABLE)[number];

const devicesFilter = z.strictObject({
  id: idsOf(z.enum(DEVICE_IDS)).optional(),
  kind: z.enum(['relay', 'sensor']).optional(),
  on: boolValue.optional(),
});
type DevicesFilter = z.output<typeof devicesFilter>;

export const devicesListQuery = listQuery({
  sortable: DEVICE_SORTABLE,
  defaultSort: { field: 'id', order: 'ASC' },
  filter: devicesFilter,
});

function deviceName(id: RelayId): string {
  if (id === 'door') return 'Замок двери';
  if (id === 'light') return 'Свет';
  const shelf = Number(id.slice('shelf-'.length));
  return shelf >= 10 ? `Отсек инвентаря ${shelf}` : `Ящик ${shelf}`;
}

// Commands: the audit log of every door, light, shelf and display command, and of what the agent
// decided or saw on its own (origin 'agent', uploaded from its outbox: offline entries, the light…).

const COMMAND_SORTABLE = [
  'id',
  'action',
  'device',
  'requested_by',
  'requested_by_name',
  'requested_at',
  'deadline',
  'status',
  'finished_at',
  'origin',
  'offline',
  'booking_id',
  'deliveries',
] as const;
type CommandField = (typeof COMMAND_SORTABLE)[number];

const commandsFilter = z.strictObject({
  id: idsOf(z.uuid()).optional(),
  /** One action, or several (a player's door openings: `door.open` and `door.entry`, one row each). */
  action: idsOf(z.union([z.enum(COMMAND_ACTIONS), z.enum(AGENT_EVENT_KINDS)])).optional(),
  device: z.string().max(40).optional(),
  status: z.enum(COMMAND_STATUSES).optional(),
  requested_by: intValue.optional(),
  origin: z.enum(['api', 'agent']).optional(),
  offline: boolValue.optional(),
  booking_id: intValue.optional(),
  /** Instants (ISO with an offset) bounding requested_at: from inclusive, to exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
type CommandsFilter = z.output<typeof commandsFilter>;

export const commandsListQuery = listQuery({
  sortable: COMMAND_SORTABLE,
  defaultSort: { field: 'requested_at', order: 'DESC' },
  filter: commandsFilter,
});

/**
 * A door opening for a game is one row of the log: the API's `door.open` (a code at the door) or the
 * agent's `door.entry` (an offline PIN). The door sensor's verdict on it (`door.opened`, or
 * `door.not-opened` when the strike was released and nobody came in) is that row's `door_outcome`,
 * not a row of its own. A verdict belongs to the game's latest opening at or before it, give or take
 * OUTCOME_SKEW (the agent's clock, corrected, against the API's); one with no such opening stays a row.
 */
const OUTCOMES = `('door.opened', 'door.not-opened')`;
const OUTCOME_SKEW = `interval '1 second'`;
const isOpening = (row: string) =>
  `((${row}.action = 'door.open' AND ${row}.origin = 'api') OR ${row}.action = 'door.entry')`;

const commandsResource: SqlResource<CommandField, CommandsFilter> = {
  source: (params, site) => `
    SELECT c.id, c.action, c.device, c.requested_by, u.name AS requested_by_name, c.requested_at, c.deadline,
           c.status, c.error, c.finished_at, c.origin, c.offline, c.booking_id, c.deliveries,
           CASE WHEN c.booking_id IS NOT NULL AND ${isOpening('c')} THEN (
             SELECT v.action FROM commands v
              WHERE v.site_id = c.site_id AND v.booking_id = c.booking_id AND v.origin = 'agent'
                AND v.action IN ${OUTCOMES} AND v.requested_at + ${OUTCOME_SKEW} >= c.requested_at
                AND NOT EXISTS (
                  SELECT 1 FROM commands n
                   WHERE n.site_id = c.site_id AND n.booking_id = c.booking_id AND ${isOpening('n')}
                     AND (n.requested_at, n.id) > (c.requested_at, c.id)
                     AND n.requested_at <= v.requested_at + ${OUTCOME_SKEW})
              ORDER BY v.requested_at, v.id LIMIT 1)
           END AS door_outcome,
           (c.origin = 'agent' AND c.action IN ${OUTCOMES} AND c.booking_id IS NOT NULL AND EXISTS (
             SELECT 1 FROM commands o
              WHERE o.site_id = c.site_id AND o.booking_id = c.booking_id AND ${isOpening('o')}
                AND o.requested_at <= c.requested_at + ${OUTCOME_SKEW})) AS folded
      FROM commands c LEFT JOIN users u ON u.id = c.requested_by
     WHERE c.site_id = ${params.add(site.id)}`,
  columns: Object.fromEntries(COMMAND_SORTABLE.map((field) => [field, `r.${field}`])) as Record<CommandField, string>,
  tiebreak: 'r.id',
  conditions(filter, params) {
    const where: string[] = [];
    // The sensor's verdicts stay rows of their own where they are asked for: the agent's rows, or by their action.
    const verdicts =
      filter.origin === 'agent' || filter.action?.some((a) => a === 'door.opened' || a === 'door.not-opened');
    if (!verdicts && !filter.id) where.push('NOT r.folded');
    if (filter.id) where.push(`r.id = ANY(${params.add(filter.id)}::uuid[])`);
    if (filter.action) where.push(`r.action = ANY(${params.add(filter.action)}::text[])`);
    if (filter.device) where.push(`r.device = ${params.add(filter.device)}`);
    if (filter.status) where.push(`r.status = ${params.add(filter.status)}`);
    if (filter.requested_by !== undefined) where.push(`r.requested_by = ${params.add(filter.requested_by)}`);
    if (filter.origin) where.push(`r.origin = ${params.add(filter.origin)}`);
    if (filter.offline !== undefined) where.push(`r.offline = ${params.add(filter.offline)}`);
    if (filter.booking_id !== undefined) where.push(`r.booking_id = ${params.add(filter.booking_id)}`);
    if (filter.from) where.push(`r.requested_at >= ${params.add(new Date(filter.from))}`);
    if (filter.to) where.push(`r.requested_at < ${params.add(new Date(filter.to))}`);
    return where;
  },
};

/** A row of the log (AdminCommand: a door opening carries its sensor's verdict, `door_outcome`). */
export type CommandLogRow = AdminCommand;

const toCommand = ({ folded: _folded, ...row }: Record<string, unknown>): CommandLogRow => isoDates<CommandLogRow>(row);

@Injectable()
export class AdminDevicesService {
  constructor(
    private readonly db: DataSource,
    private readonly devices: DevicesService,
  ) {}

  /** Read only: switching goes through the spec's calls (turn_on_light, open_door, admin_open …). */
  async devicesList(site: SiteRef, query: ListQuery<DeviceField, DevicesFilter>): Promise<Page<AdminDevice>> {
    const { filter } = query;
    const rows = (await this.allDevices(site)).filter(
      (device) =>
        (!filter.id || (filter.id as string[]).includes(device.id)) &&
        (!filter.kind || device.kind === filter.kind) &&
        (filter.on === undefined || device.on === filter.on),
    );
    return pageInMemory(rows, query);
  }

  async device(site: SiteRef, id: string): Promise<AdminDevice> {
    const device = (await this.allDevices(site)).find((candidate) => candidate.id === id);
    if (!device) throw new KortError(AdminError.DeviceNotFound);
    return device;
  }

  commandsList(site: SiteRef, query: ListQuery<CommandField, CommandsFilter>): Promise<Page<CommandLogRow>> {
    return sqlPage(this.db, site, commandsResource, query, toCommand);
  }

  /** The site's command; another site's is not found. */
  async command(site: SiteRef, id: string): Promise<CommandLogRow> {
    return sqlRecord(this.db, site, commandsResource, id, toCommand, AdminError.CommandNotFound);
  }

  private async allDevices(site: SiteRef): Promise<AdminDevice[]> {
    const state = await this.devices.state(site);
    const common = { online: state.online, last_seen: state.lastSeenAt };
    const relays: AdminDevice[] = RELAYS.map((id) => ({
      id,
      kind: 'relay',
      name: deviceName(id),
      on: state.relays[id] ?? false,
      ...common,
    }));
    const sensor: AdminDevice = {
      id: DOOR_SENSOR,
      kind: 'sensor',
      name: 'Датчик двери',
      on: state.doorClosed === null ? null : !state.doorClosed,
      ...common,
    };
    return [...relays, sensor];
  }
}
