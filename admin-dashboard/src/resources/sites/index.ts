import PlaceIcon from '@mui/icons-material/Place';
import { lazy } from 'react';

/** The install's sites (owners): created, renamed, moved to another zone, their agent's token issued. */
export const sites = {
  list: lazy(() => import('./site-list').then((module) => ({ default: module.SiteList }))),
  create: lazy(() => import('./site-create').then((module) => ({ default: module.SiteCreate }))),
  edit: lazy(() => import('./site-edit').then((module) => ({ default: module.SiteEdit }))),
  icon: PlaceIcon,
  recordRepresentation: 'name',
};
