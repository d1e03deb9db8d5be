import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { lazy } from 'react';

/**
 * The agents' updates (owners): a signed bundle uploaded, rolled out to the sites in stages, halted,
 * resumed or rolled back, with every site's agent version and every refusal and rollback's reason.
 */
export const agentReleases = {
  list: lazy(() => import('./release-list').then((module) => ({ default: module.ReleaseList }))),
  show: lazy(() => import('./release-show').then((module) => ({ default: module.ReleaseShow }))),
  create: lazy(() => import('./release-create').then((module) => ({ default: module.ReleaseCreate }))),
  icon: SystemUpdateAltIcon,
  recordRepresentation: 'version',
};
