import { AdminError, type AdminAction, adminActionSchema } from '@kort/contracts';
import { actionsListQuery, AdminActionLog } from './admin-action-log.service';
import { intId } from '../common/record-id';
import { AdminResourceController, ResourceReads } from '../resources/resource-reads';

/** The dashboard's `actions` resource (docs/admin-api.md). Admin actions that move no device (blocks, restores, shelf marks, cancellations, settings), newest first by default. Filters: id, action, admin_id, target_type, target_id, from, to. */
@AdminResourceController('actions')
export class AdminActionsController extends ResourceReads<AdminAction, typeof actionsListQuery>(
  'actions',
  actionsListQuery,
  adminActionSchema,
) {
  constructor(private readonly actions: AdminActionLog) {
    super({
      list: (query, site) => actions.list(site, query),
      get: (id, site) => actions.get(site, intId(id, AdminError.ActionNotFound)),
    });
  }
}
