import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';

/** Players (and admins): search, profile with games, rental and door openings, block and restore. */
export const users = {
  list: lazy(() => import('./user-list').then((module) => ({ default: module.UserList }))),
  show: lazy(() => import('./user-show').then((module) => ({ default: module.UserShow }))),
  icon: PeopleIcon,
  recordRepresentation: 'name',
};
