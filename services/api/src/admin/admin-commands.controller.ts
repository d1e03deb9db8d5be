import { AdminError, adminCommandSchema } from '@kort/contracts';
import { AdminDevicesService, commandsListQuery, type CommandLogRow } from './admin-devices.service';
import { uuidId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/**
 * The dashboard's `commands` resource (docs/admin-api.md). The audit log, newest first by default,
 * one row per door opening (its sensor verdict folded in, unless the agent's rows are asked for).
 * Filters: id, action, device, status, requested_by, origin, offline, booking_id, from, to.
 */
@AdminResourceController('commands')
export class AdminCommandsController extends ResourceReads<CommandLogRow, typeof commandsListQuery>(
  'commands',
  commandsListQuery,
  adminCommandSchema,
) {
  constructor(private readonly devices: AdminDevicesService) {
    super({
      list: (query, site) => devices.commandsList(site, query),
      get: (id, site) => devices.command(site, uuidId(id, AdminError.CommandNotFound)),
    });
  }
}
