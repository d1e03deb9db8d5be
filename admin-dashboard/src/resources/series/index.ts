import SchoolIcon from '@mui/icons-material/School';
import { lazy } from 'react';

/** Sport schools' terms: a court at an hour on chosen weekdays, booked occurrence by occurrence. */
export const series = {
  list: lazy(() => import('./series-list').then((module) => ({ default: module.SeriesList }))),
  show: lazy(() => import('./series-show').then((module) => ({ default: module.SeriesShow }))),
  create: lazy(() => import('./series-create').then((module) => ({ default: module.SeriesCreate }))),
  icon: SchoolIcon,
  recordRepresentation: 'user_name',
};
