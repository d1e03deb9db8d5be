import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import { lazy } from 'react';

/** What admins did that moves no device (blocks, restores, cancellations, settings), newest first. */
export const actions = {
  list: lazy(() => import('./action-list').then((module) => ({ default: module.ActionList }))),
  icon: ManageHistoryIcon,
};
