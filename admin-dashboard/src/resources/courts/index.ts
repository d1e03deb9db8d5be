import StadiumIcon from '@mui/icons-material/Stadium';
import { lazy } from 'react';

/** The club's courts: made, renamed, ordered, taken out of booking (its games cancelled after a confirmation). */
export const courts = {
  list: lazy(() => import('./court-list').then((module) => ({ default: module.CourtList }))),
  create: lazy(() => import('./court-create').then((module) => ({ default: module.CourtCreate }))),
  edit: lazy(() => import('./court-edit').then((module) => ({ default: module.CourtEdit }))),
  icon: StadiumIcon,
  recordRepresentation: 'name',
};
