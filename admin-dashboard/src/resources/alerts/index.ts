import NotificationImportantIcon from '@mui/icons-material/NotificationImportant';
import { lazy } from 'react';

/** The site's door and Pi alerts: open, acknowledged (who and when), resolved by themselves. */
export const alerts = {
  list: lazy(() => import('./alert-list').then((module) => ({ default: module.AlertList }))),
  icon: NotificationImportantIcon,
};
