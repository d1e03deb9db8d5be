import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { lazy } from 'react';

/** Shelves 1–9 and the equipment compartments 10 and 11: state, renter, open, close, block. */
export const shelves = {
  list: lazy(() => import('./shelf-board').then((module) => ({ default: module.ShelfBoard }))),
  icon: ViewModuleIcon,
};

/** The spec's /admin_boxes and /admin_equipment pages (custom routes in app.tsx). */
export const ShelfBoardPage = lazy(() => import('./shelf-board').then((module) => ({ default: module.ShelfBoard })));
