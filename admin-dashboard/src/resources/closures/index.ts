import EventBusyIcon from '@mui/icons-material/EventBusy';
import { lazy } from 'react';

/** Closures of a court or the whole club: a calendar of the weeks ahead, the list, a new one (its games shown first). */
export const closures = {
  list: lazy(() => import('./closure-list').then((module) => ({ default: module.ClosureList }))),
  create: lazy(() => import('./closure-create').then((module) => ({ default: module.ClosureCreate }))),
  icon: EventBusyIcon,
};
