import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

/** The audit log of every command sent to the court's equipment, newest first. */
export const commands = {
  list: lazy(() => import('./command-list').then((module) => ({ default: module.CommandList }))),
  icon: HistoryIcon,
};
