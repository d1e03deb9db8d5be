import SellIcon from '@mui/icons-material/Sell';
import { lazy } from 'react';

/** What the club charges: ordered price rules, the week's grid of each hour's price shown before saving. */
export const prices = {
  list: lazy(() => import('./price-list').then((module) => ({ default: module.PriceList }))),
  create: lazy(() => import('./price-create').then((module) => ({ default: module.PriceCreate }))),
  edit: lazy(() => import('./price-edit').then((module) => ({ default: module.PriceEdit }))),
  icon: SellIcon,
  recordRepresentation: 'name',
};
